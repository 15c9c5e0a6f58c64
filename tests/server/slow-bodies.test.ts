/**
 * How long a body may take to arrive, tried over a raw socket against the site server with short
 * deadlines: a body that trickles in past the deadline has its connection closed and its handler
 * finds it broken off, while one that arrives in time is read; the owner's save, once his session
 * and Origin pass, may take longer than a visitor's form, so photos sent over a weak signal arrive.
 */
import { cpSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorConfig } from '../../src/editor/config.ts';
import { editorPaths } from '../../src/lib/editor-paths.ts';
import { apiRouter } from '../../src/server/http/api.ts';
import { openSite } from '../../src/server/http/site-files.ts';
import { createSiteServer } from '../../src/server/http/site-server.ts';
import { toWebRequest } from '../../src/server/http/web-exchange.ts';
import { createEditorApi } from '../../src/server/editor/api.ts';
import { readLimitedBody } from '../../src/server/leads/form-body.ts';
import { clientDir } from '../support/build.ts';
import { makeTempDir, repoRoot, requireBuild, sleep } from '../support/server.ts';

requireBuild();

const SITE_URL = 'https://www.example.com';
const DEADLINE_MS = 400;
const PROJECT = 'src/content/projects/switchboard-howick.yaml';
const READER_PATH = '/api/reader';

const siteDir = makeTempDir('slow-bodies');
/** What the reading handler made of each body */
const reads: string[] = [];
let server: ReturnType<typeof createSiteServer>;
let port: number;

beforeAll(async () => {
  cpSync(join(repoRoot, 'src/content/projects'), join(siteDir, 'src/content/projects'), { recursive: true });
  const editor = createEditorApi({
    config: editorConfig,
    siteUrl: SITE_URL,
    siteDir,
    isSignedIn: () => Promise.resolve(true),
    isPublishing: () => false,
  });
  const api = apiRouter({
    // Stands for every handler that reads a visitor's body (a quote request, the owner's JSON)
    [READER_PATH]: async (req, res) => {
      const body = await readLimitedBody(toWebRequest(req), 1024 * 1024);
      reads.push(body.ok ? `read ${body.bytes.byteLength} bytes` : body.reason);
      res.writeHead(body.ok ? 200 : 400, { 'Content-Type': 'text/plain' });
      res.end(body.ok ? 'read' : 'broken off');
    },
    [editorPaths.api]: editor.api,
  });
  server = createSiteServer({ site: openSite(clientDir), siteUrl: SITE_URL, api, bodyDeadlines: { ms: DEADLINE_MS, uploadMs: 20_000 } });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** Sends the head, then the body in `pieces` spread over `overMs`; what came back, and whether the server closed the connection first */
function trickle(head: string, body: Buffer, pieces: number, overMs: number): Promise<{ received: string; cutOff: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let sentAll = false;
    let closedAt: 'before' | 'after' | null = null;
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      closedAt ??= sentAll ? 'after' : 'before';
      resolve({ received: Buffer.concat(received).toString('utf8'), cutOff: closedAt === 'before' });
    });
    socket.once('connect', async () => {
      socket.write(head);
      const size = Math.ceil(body.length / pieces);
      for (let offset = 0; offset < body.length && !socket.destroyed; offset += size) {
        await sleep(overMs / pieces);
        socket.write(body.subarray(offset, offset + size));
      }
      sentAll = !socket.destroyed;
      // Long enough for the answer to a complete body
      await sleep(1500);
      socket.destroy();
    });
  });
}

const headOf = (path: string, length: number, extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n`;

describe('a body that takes too long', () => {
  it('has its connection closed at the deadline, and its handler finds it broken off', async () => {
    const body = Buffer.alloc(2000, 'x');
    const { received, cutOff } = await trickle(headOf(READER_PATH, body.length), body, 20, DEADLINE_MS * 4);
    expect(cutOff).toBe(true);
    expect(received).toBe('');
    await expect.poll(() => reads.at(-1)).toBe('unreadable');
  });

  it('while one that arrives in time is read in full', async () => {
    const body = Buffer.alloc(2000, 'x');
    const { received, cutOff } = await trickle(headOf(READER_PATH, body.length), body, 4, DEADLINE_MS / 2);
    expect(cutOff).toBe(false);
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(reads.at(-1)).toBe(`read ${body.length} bytes`);
  });
});

describe('the owner’s save', () => {
  it('may take longer than a visitor’s form, and is written', async () => {
    const title = 'Switchboard upgrade sent over a weak signal';
    const contents = readFileSync(join(siteDir, PROJECT), 'utf8').replace(/^title: .*$/m, `title: ${title}`);
    const body = Buffer.from(
      JSON.stringify({ additions: [{ path: PROJECT, contents: Buffer.from(contents).toString('base64') }], deletions: [] }),
    );
    const head = headOf(`${editorPaths.api}update`, body.length, `Origin: ${SITE_URL}\r\nno-cors: 1\r\n`);
    const { received, cutOff } = await trickle(head, body, 10, DEADLINE_MS * 4);
    expect(cutOff).toBe(false);
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(readFileSync(join(siteDir, PROJECT), 'utf8')).toContain(`title: ${title}`);
  });
});
