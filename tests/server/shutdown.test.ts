/**
 * Graceful shutdown: on SIGTERM (or SIGINT) the server stops taking connections, answers every
 * request already under way in full (and stores the quote requests among them), closes idle
 * keep-alive connections at once, and exits 0 with every acknowledged request in the database
 * file itself (no -wal needed); a client that never finishes its request cannot hold it beyond
 * the grace period.
 */
import { copyFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import {
  makeTempDir,
  rawExchange,
  requireBuild,
  send,
  sleep,
  startServer,
  type RawExchange,
} from '../support/server.ts';

requireBuild();

/** main.ts gives requests in flight this long before it closes what is left */
const GRACE_MS = 10_000;

function leadBody(token: string): string {
  return new URLSearchParams({
    form_source: 'Quote Form',
    name: `Shutdown ${token}`,
    email: `${token.toLowerCase()}@example.co.nz`,
    phone: '09 555 0100',
    address: '5 Ridge Road, Howick',
    service: 'Emergency Services',
    message: `${token}: the lights went out during a shutdown test.`,
  }).toString();
}

function leadHead(port: number, body: string): string {
  return `POST /api/leads HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nAccept: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
}

const headOf = (exchange: RawExchange) =>
  exchange.received.slice(0, exchange.received.indexOf('\r\n\r\n') + 2);
const bodyOf = (exchange: RawExchange) =>
  exchange.received.slice(exchange.received.indexOf('\r\n\r\n') + 4);
/** The id a stored quote request was acknowledged with (the JSON answer may come chunked) */
const leadIdOf = (exchange: RawExchange) =>
  (JSON.parse(/\{[^{}]*\}/.exec(bodyOf(exchange))![0]) as { ok: boolean; id: number }).id;

describe('graceful shutdown', () => {
  it('answers the requests in flight at SIGTERM in full, refuses new connections, closes idle ones, and exits 0', async () => {
    const server = await startServer();
    const { port } = server;
    const gapMs = 600;
    const exchange = (chunks: string[]) =>
      rawExchange(port, chunks, { gapMs, idleMs: 5000, timeoutMs: 8000 });

    // An idle keep-alive connection: one request answered before the signal
    const idle = rawExchange(port, [`GET /quote HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`], {
      idleMs: 8000,
      timeoutMs: 8000,
    });
    // Requests at three stages when the signal comes: only the request line, the headers, half the body
    const page = exchange(['GET /services HTTP/1.1\r\n', `Host: 127.0.0.1:${port}\r\n\r\n`]);
    const bodies = ['S1', 'S2'].map(leadBody);
    const headersOnly = exchange([leadHead(port, bodies[0]!), bodies[0]!]);
    const halfBody = exchange([
      leadHead(port, bodies[1]!) + bodies[1]!.slice(0, 40),
      bodies[1]!.slice(40),
    ]);

    await sleep(250);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await sleep(100);
    await expect(send(server, { path: '/' }), 'a new connection after SIGTERM').rejects.toThrow(
      /ECONNREFUSED/,
    );

    const idleResult = await idle;
    expect(idleResult.statuses).toEqual([200]);
    expect(
      idleResult.closedByServer,
      'the idle keep-alive connection is closed by the server',
    ).toBe(true);

    const [pageResult, headersOnlyResult, halfBodyResult] = await Promise.all([
      page,
      headersOnly,
      halfBody,
    ]);
    expect(pageResult.statuses, 'the page whose headers were still arriving').toEqual([200]);
    expect(headOf(pageResult)).toMatch(/\r\nConnection: close\r\n/i);
    expect(bodyOf(pageResult)).toContain('</html>');
    for (const [label, result] of [
      ['the quote request whose body had not started', headersOnlyResult],
      ['the quote request with half its body sent', halfBodyResult],
    ] as const) {
      expect(result.statuses, label).toEqual([200]);
      expect(headOf(result), label).toMatch(/\r\nConnection: close\r\n/i);
      expect(result.closedByServer, `${label}: the connection is closed after the answer`).toBe(
        true,
      );
    }
    const ids = [headersOnlyResult, halfBodyResult].map(leadIdOf);

    const exit = await server.exited;
    const exitedAfter = Date.now() - signalled;
    expect(exit).toEqual({ code: 0, signal: null });
    // The last answer went out about one gap after the signal; nothing else should hold the process
    expect(exitedAfter, 'milliseconds from SIGTERM to exit').toBeLessThan(gapMs + 3000);
    expect(server.output()).toMatch(/SIGTERM: finishing requests in flight/);

    const db = new DatabaseSync(server.leadsDb, { readOnly: true });
    const stored = db.prepare('SELECT id, message FROM leads ORDER BY id').all() as Array<{
      id: number;
      message: string;
    }>;
    db.close();
    expect(stored.map((row) => row.id)).toEqual(ids.sort((a, b) => a - b));
    expect(stored.map((row) => row.message.slice(0, 3)).sort()).toEqual(['S1:', 'S2:']);
  });

  it('SIGINT shuts down the same way, leaving every acknowledged request in the database file itself', async () => {
    const server = await startServer();
    const acknowledged: number[] = [];
    for (const token of ['I1', 'I2', 'I3']) {
      const answer = await send(server, {
        method: 'POST',
        path: '/api/leads',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: leadBody(token),
      });
      expect(answer.status).toBe(200);
      acknowledged.push((JSON.parse(answer.text()) as { id: number }).id);
    }
    const timing = { gapMs: 400, idleMs: 5000, timeoutMs: 8000 };
    const page = rawExchange(
      server.port,
      ['GET / HTTP/1.1\r\n', `Host: 127.0.0.1:${server.port}\r\n\r\n`],
      timing,
    );
    const body = leadBody('I4');
    const inFlight = rawExchange(
      server.port,
      [leadHead(server.port, body) + body.slice(0, 40), body.slice(40)],
      timing,
    );
    await sleep(150);
    server.child.kill('SIGINT');
    expect((await page).statuses).toEqual([200]);
    const inFlightResult = await inFlight;
    expect(inFlightResult.statuses, 'the quote request with half its body sent').toEqual([200]);
    acknowledged.push(leadIdOf(inFlightResult));
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toMatch(/SIGINT: finishing requests in flight/);

    // The database file alone, copied as a plain file backup of the stopped server would be
    const copy = join(makeTempDir('sigint-copy'), 'copy.sqlite');
    copyFileSync(server.leadsDb, copy);
    const db = new DatabaseSync(copy, { readOnly: true });
    const stored = (
      db.prepare('SELECT id FROM leads ORDER BY id').all() as Array<{ id: number }>
    ).map((row) => row.id);
    db.close();
    expect(stored).toEqual(acknowledged.sort((a, b) => a - b));
  });

  it('a client that never finishes its request cannot hold the server beyond the grace period', async () => {
    const server = await startServer();
    // Headers and half a body, then silence
    const body = leadBody('S3');
    const stalled = rawExchange(server.port, [leadHead(server.port, body) + body.slice(0, 20)], {
      idleMs: GRACE_MS + 5000,
      timeoutMs: GRACE_MS + 5000,
    });
    await sleep(200);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    const exitedAfter = Date.now() - signalled;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(exitedAfter).toBeGreaterThanOrEqual(GRACE_MS - 500);
    expect(exitedAfter).toBeLessThan(GRACE_MS + 3000);
    const result = await stalled;
    expect(result.closedByServer).toBe(true);
    expect(result.statuses.every((status) => status < 500)).toBe(true);
  }, 30_000);
});

describe('other signals', () => {
  for (const signal of ['SIGHUP', 'SIGUSR2'] as const) {
    it(`${signal} stops the server as gracefully as SIGTERM, with every acknowledged request in the database file`, async () => {
      const server = await startServer();
      const answer = await send(server, {
        method: 'POST',
        path: '/api/leads',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: leadBody(signal),
      });
      expect(answer.status).toBe(200);
      server.child.kill(signal);
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(server.output()).toContain(`${signal}: finishing requests in flight`);
      const copy = join(makeTempDir(`${signal}-copy`), 'copy.sqlite');
      copyFileSync(server.leadsDb, copy);
      const db = new DatabaseSync(copy, { readOnly: true });
      expect(db.prepare('SELECT COUNT(*) AS count FROM leads').get()).toEqual({ count: 1 });
      db.close();
    });
  }

  it('SIGUSR1 neither stops the server nor opens the inspector', async () => {
    const server = await startServer();
    try {
      server.child.kill('SIGUSR1');
      await sleep(500);
      expect((await send(server, { path: '/' })).status).toBe(200);
      const inspector = await new Promise<string>((resolveProbe) => {
        const socket = connect(9229, '127.0.0.1');
        socket.once('connect', () => (socket.destroy(), resolveProbe('listening')));
        socket.once('error', (error: NodeJS.ErrnoException) => resolveProbe(error.code ?? 'error'));
      });
      expect(inspector).toBe('ECONNREFUSED');
      expect(server.output()).toContain('SIGUSR1 ignored');
    } finally {
      await server.stop();
    }
  });
});
