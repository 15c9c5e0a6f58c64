/**
 * The site server in-process with short body deadlines, for the tests of slow and large bodies:
 * the real editor API (the owner taken as signed in) on a copy of the projects, and a stand-in
 * for the quote form's handler that records what it made of each body. Also a client on a slow
 * link, which sends a body in pieces.
 */
import { cpSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { apiPaths } from '../../src/config/routes.ts';
import { createEditorApi } from '../../src/server/editor/api.ts';
import { apiRouter } from '../../src/server/http/api.ts';
import { openSite } from '../../src/server/http/site-files.ts';
import { createSiteServer } from '../../src/server/http/site-server.ts';
import { readLimitedBody } from '../../src/server/http/request-body.ts';
import { MAX_BODY_BYTES } from '../../src/server/leads/form-body.ts';
import { clientDir } from './build.ts';
import { makeTempDir, repoRoot, sleep } from './server.ts';

export const EDITOR_SITE_URL = 'https://www.example.com';

export interface EditorSite {
  port: number;
  /** The site's source the editor writes: a copy of src/content/projects */
  siteDir: string;
  /** What the quote form's stand-in made of each body: `read N bytes`, or why not */
  quoteReads: string[];
  close(): Promise<void>;
}

/** Starts the server; a visitor's body must arrive within `deadlineMs`, the owner's save within 20 s */
export async function startEditorSite(deadlineMs: number): Promise<EditorSite> {
  const siteDir = makeTempDir('editor-site');
  cpSync(join(repoRoot, 'src/content/projects'), join(siteDir, 'src/content/projects'), {
    recursive: true,
  });
  const quoteReads: string[] = [];
  const editor = createEditorApi({
    siteUrl: EDITOR_SITE_URL,
    siteDir,
    isSignedIn: () => Promise.resolve(true),
    isPublishing: () => false,
  });
  const quoteForm = {
    method: 'ALL',
    path: apiPaths.leads,
    handler: async (request: Request) => {
      const body = await readLimitedBody(request, MAX_BODY_BYTES);
      quoteReads.push(body.ok ? `read ${body.bytes.byteLength} bytes` : body.reason);
      return new Response(body.ok ? 'read' : 'not read', {
        status: body.ok ? 200 : 400,
        headers: { 'Content-Type': 'text/plain' },
      });
    },
  } as const;
  const api = apiRouter([quoteForm, ...editor.routes], {
    clientKey: (_request, socketAddress) => socketAddress,
  });
  const server = createSiteServer({
    site: await openSite(clientDir),
    siteUrl: EDITOR_SITE_URL,
    api,
    bodyDeadlines: { ms: deadlineMs, uploadMs: 20_000 },
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    port: (server.address() as AddressInfo).port,
    siteDir,
    quoteReads,
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await editor.close();
    },
  };
}

/** A save as Keystatic's page sends it */
export function ownersSave(additions: Array<{ path: string; contents: Buffer | string }>): Buffer {
  return Buffer.from(
    JSON.stringify({
      additions: additions.map(({ path, contents }) => ({
        path,
        contents: Buffer.from(contents).toString('base64'),
      })),
      deletions: [],
    }),
  );
}

/** A POST's head, with the owner's Origin when `fromEditor` */
export const postHead = (path: string, type: string, length: number, fromEditor = false) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n` +
  `${fromEditor ? `Origin: ${EDITOR_SITE_URL}\r\nno-cors: 1\r\n` : ''}\r\n`;

/**
 * Sends the head, then the body in `pieces` spread over `overMs`, as a client on a slow link;
 * what came back, and whether the connection was closed before the whole body was sent
 */
export function trickle(
  port: number,
  head: string,
  body: Buffer,
  pieces: number,
  overMs: number,
): Promise<{ received: string; cutOff: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let sentAll = false;
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () =>
      resolve({ received: Buffer.concat(received).toString('utf8'), cutOff: !sentAll }),
    );
    const send = async () => {
      socket.write(head);
      const size = Math.ceil(body.length / pieces);
      for (let offset = 0; offset < body.length && !socket.destroyed; offset += size) {
        await sleep(overMs / pieces);
        socket.write(body.subarray(offset, offset + size));
      }
      sentAll = !socket.destroyed;
      // The answer to a complete body, however long a busy machine takes to make it (20 s at most)
      await new Promise<void>((answered) => {
        const giveUp = setTimeout(answered, 20_000);
        const done = () => {
          clearTimeout(giveUp);
          // The rest of a short answer follows its first bytes at once
          setTimeout(answered, 200);
        };
        socket.once('data', done);
        socket.once('close', done);
        if (socket.destroyed || received.length > 0) done();
      });
      socket.destroy();
    };
    socket.once('connect', () => void send());
  });
}
