/**
 * A quote request over the size limit, sent as browsers and Node's fetch send it: the server
 * reads and drops the rest of the body before it answers, so the client reads the 413 and its
 * message instead of a connection reset.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_SOURCES } from '../../src/lib/validation.ts';
import { MAX_BODY_BYTES } from '../../src/server/leads/form-body.ts';
import { FORM } from '../support/form-bodies.ts';
import { requireBuild, send, sleep, startServer, type RunningServer } from '../support/server.ts';

requireBuild();

const TOO_LARGE = `${MAX_BODY_BYTES / 1024} KB`;

/** A hero-form post whose message makes it `bytes` long */
function postOf(bytes: number): string {
  const start = `${new URLSearchParams({ form_source: FORM_SOURCES.hero, name: 'Aroha Smith', email: 'aroha@example.co.nz' })}&message=`;
  return start + 'a'.repeat(bytes - start.length);
}

/** The same text as a stream of 16 KB chunks, sent chunked: no Content-Length tells the size up front */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + 16 * 1024));
      offset += 16 * 1024;
    },
  });
}

/**
 * A post as a client on a slow link makes it: the body in 16 KB pieces 5 ms apart, and the answer
 * read only once all of it is sent (over the internet the answer is still on its way by then).
 * What was received, and the error that ended the connection, if any.
 */
function postOverSlowLink(
  port: number,
  head: string,
  body: Buffer,
): Promise<{ received: string; error: string | null }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let error: string | null = null;
    socket.pause();
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on(
      'error',
      (failure: NodeJS.ErrnoException) => (error = failure.code ?? failure.message),
    );
    socket.on('close', () =>
      resolve({ received: Buffer.concat(received).toString('utf8'), error }),
    );
    const send = async () => {
      socket.write(head);
      for (let offset = 0; offset < body.length && !socket.destroyed; offset += 16 * 1024) {
        socket.write(body.subarray(offset, offset + 16 * 1024));
        await sleep(5);
      }
      socket.resume();
      // The server keeps a connection whose request it read in full; the answer is in by now
      await sleep(500);
      socket.destroy();
    };
    socket.once('connect', () => void send());
  });
}

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('a 200 KB quote request', () => {
  it.each([
    ['with its Content-Length', () => postOf(200 * 1024)],
    ['chunked', () => chunked(postOf(200 * 1024))],
  ])("is answered 413, and Node's fetch reads the status and the message (%s)", async (_, body) => {
    const response = await fetch(`${server.origin}/api/leads`, {
      method: 'POST',
      headers: { 'Content-Type': FORM, Accept: 'application/json' },
      body: body(),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      errors: [{ message: expect.stringContaining(TOO_LARGE) }],
    });
  });

  it('gets the 413 page a browser shows when it posts the form without JavaScript', async () => {
    const response = await fetch(`${server.origin}/api/leads`, {
      method: 'POST',
      headers: { 'Content-Type': FORM, Accept: 'text/html' },
      body: postOf(200 * 1024),
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain(TOO_LARGE);
  });

  it.each([
    [
      'with its Content-Length',
      (body: Buffer) => [`Content-Length: ${body.length}`, body] as const,
    ],
    [
      'chunked',
      (body: Buffer) => {
        const pieces = Array.from({ length: Math.ceil(body.length / 8192) }, (_, index) =>
          body.subarray(index * 8192, (index + 1) * 8192),
        );
        const chunks = pieces.flatMap((piece) => [
          Buffer.from(`${piece.length.toString(16)}\r\n`),
          piece,
          Buffer.from('\r\n'),
        ]);
        return [
          'Transfer-Encoding: chunked',
          Buffer.concat([...chunks, Buffer.from('0\r\n\r\n')]),
        ] as const;
      },
    ],
  ])(
    'reaches a client on a slow link that reads the answer once it has sent the body (%s)',
    async (_, framed) => {
      const [framing, body] = framed(Buffer.from(postOf(200 * 1024)));
      const head = `POST /api/leads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${FORM}\r\nAccept: application/json\r\n${framing}\r\n\r\n`;
      const { received, error } = await postOverSlowLink(server.port, head, body);
      expect(error).toBeNull();
      expect(received).toMatch(/^HTTP\/1\.1 413 /);
      expect(received).toContain(TOO_LARGE);
    },
  );

  it('leaves the server answering the next request', async () => {
    expect((await send(server, { path: '/' })).status).toBe(200);
  });
});
