/**
 * Requests to /api/* whose Host header is missing or is not a host[:port] get a plain 400 before
 * the API handler sees them (Astro's handler built a URL with credentials from 'a@b', threw, and
 * the server answered 500 with a stack trace in the log, on every such request). Valid Host
 * headers, bracketed IPv6 and ports included, still reach the handler.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  rawExchange,
  requireBuild,
  send,
  startServer,
  type RunningServer,
} from '../support/server.ts';

requireBuild();

const OVERLONG_HOST = `${'a'.repeat(1000)}.example.com`;
const BAD_HOSTS = [
  'a@b',
  'user:pass@127.0.0.1',
  'exa mple',
  '[::1',
  '[::1]x',
  'example.com:port',
  'example.com:99999',
  'a/b',
  OVERLONG_HOST,
];
const body = new URLSearchParams({
  form_source: 'Quote Form',
  name: 'Host Check',
  email: 'host@example.co.nz',
  phone: '021 555 0100',
  address: '1 Test Street, Howick',
  service: 'Electrical Repairs',
  message: 'Checking the Host header check.',
}).toString();

/** One request over a raw socket, with the Host header (or none) exactly as given */
function rawRequest(
  port: number,
  method: 'GET' | 'POST',
  host: string | undefined,
  version = '1.1',
) {
  const head = [
    `${method} /api/leads HTTP/${version}`,
    ...(host === undefined ? [] : [`Host: ${host}`]),
    'Accept: application/json',
    'Connection: close',
    ...(method === 'POST'
      ? [
          'Content-Type: application/x-www-form-urlencoded',
          `Content-Length: ${Buffer.byteLength(body)}`,
        ]
      : []),
  ];
  return rawExchange(port, [`${head.join('\r\n')}\r\n\r\n${method === 'POST' ? body : ''}`]);
}

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('Host header of /api/* requests', () => {
  it.each(
    BAD_HOSTS.map((host) => [
      host === OVERLONG_HOST ? 'of 1,012 characters' : JSON.stringify(host),
      host,
    ]),
  )('answers Host %s with 400 to POST and GET /api/leads', async (_label, host) => {
    for (const method of ['POST', 'GET'] as const) {
      const exchange = await rawRequest(server.port, method, host);
      expect(exchange.statuses, `${method} with Host ${JSON.stringify(host)}`).toEqual([400]);
      expect(exchange.received.slice(exchange.received.indexOf('\r\n\r\n'))).toContain(
        'Bad Request',
      );
      expect(exchange.received).toMatch(/\r\nContent-Security-Policy: /i);
    }
  });

  it('answers an HTTP/1.0 request without Host with 400', async () => {
    const exchange = await rawRequest(server.port, 'POST', undefined, '1.0');
    expect(exchange.statuses).toEqual([400]);
  });

  it('writes no stack trace to the log for any of them', () => {
    expect(server.output()).not.toContain('    at ');
    expect(server.output()).not.toMatch(/Internal Server Error|Could not render/);
  });

  it('still hands requests with a valid Host to the API', async () => {
    for (const host of [
      `127.0.0.1:${server.port}`,
      'www.example.com',
      'localhost:4321',
      '[::1]:8080',
      'xn--tthuhu-hva.example',
    ]) {
      const exchange = await rawRequest(server.port, 'GET', host);
      expect(exchange.statuses, `GET with Host ${host}`).toEqual([405]);
      expect(exchange.received).toMatch(/\r\nAllow: POST\r\n/i);
    }
    const answer = await send(server, { method: 'GET', path: '/api/leads' });
    expect(answer.status).toBe(405);
  });

  it('still stores a valid quote request', async () => {
    const answer = await send(server, {
      method: 'POST',
      path: '/api/leads',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body,
    });
    expect(answer.status, answer.text()).toBe(200);
  });

  it('leaves pages alone: an odd Host on a page is not the API', async () => {
    const exchange = await rawExchange(server.port, [
      'GET / HTTP/1.1\r\nHost: a@b\r\nConnection: close\r\n\r\n',
    ]);
    expect(exchange.statuses).toEqual([200]);
  });
});
