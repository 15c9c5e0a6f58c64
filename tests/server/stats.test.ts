/** The anonymous counts as the server keeps them: page views, and taps reported to /api/events */
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openSite } from '../../src/server/http/site-files.ts';
import { createSiteServer } from '../../src/server/http/site-server.ts';
import { createRepeatViewFilter, isCountedVisit } from '../../src/server/stats/visits.ts';
import { clientDir } from '../support/build.ts';
import {
  builtFiles,
  keepAliveAgent,
  requireBuild,
  send,
  startServer,
  type RunningServer,
} from '../support/server.ts';

requireBuild();

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

function storedCounts(path: string) {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return db.prepare('SELECT path, kind, count FROM daily_counts ORDER BY path, kind').all();
  } finally {
    db.close();
  }
}

function postEvent(
  server: RunningServer,
  body: string | Buffer,
  headers: Record<string, string> = {},
) {
  return send(server, {
    method: 'POST',
    path: '/api/events',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'User-Agent': BROWSER,
      ...headers,
    },
    body,
  });
}

describe('page views', () => {
  it('counts each page sent to a person, and not 304s, assets, bots, prefetches, HEAD, 404s or opted-out browsers', async () => {
    const server = await startServer();
    const asset = builtFiles().find((file) => file.urlPath.startsWith('/_astro/'))!.urlPath;
    try {
      const get = (path: string, headers: Record<string, string> = {}) =>
        send(server, { path, headers: { 'User-Agent': BROWSER, ...headers } });
      const home = await get('/');
      expect(home.status).toBe(200);
      // The browser checked the copy it holds: no page was sent
      expect((await get('/', { 'If-None-Match': String(home.headers['etag']) })).status).toBe(304);
      expect((await get('/about', { 'If-None-Match': '*' })).status).toBe(304);
      expect((await get('/about', { 'Sec-Purpose': 'prefetch' })).status).toBe(200);
      expect(
        (await get('/about', { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' })).status,
      ).toBe(200);
      expect((await get('/about', { DNT: '1' })).status).toBe(200);
      expect((await get('/about', { 'Sec-GPC': '1' })).status).toBe(200);
      expect(
        (await send(server, { path: '/about', method: 'HEAD', headers: { 'User-Agent': BROWSER } }))
          .status,
      ).toBe(200);
      expect((await get(asset)).status).toBe(200);
      expect((await get('/favicon.svg')).status).toBe(200);
      expect((await get('/no-such-page')).status).toBe(404);
    } finally {
      await server.stop();
    }
    expect(storedCounts(server.leadsDb)).toEqual([{ path: '/', kind: 'view', count: 1 }]);
  });

  it('counts a page read 500 times by one visitor within minutes as one view, and two visitors behind the proxy apart', async () => {
    const server = await startServer({ env: { TRUST_PROXY: '1' } });
    try {
      const get = (path: string, visitor: string) =>
        send(server, { path, headers: { 'User-Agent': BROWSER, 'X-Forwarded-For': visitor } });
      for (let index = 0; index < 500; index++)
        expect((await get('/about', '203.0.113.7')).status).toBe(200);
      expect((await get('/about', '198.51.100.20')).status).toBe(200);
    } finally {
      await server.stop();
    }
    expect(storedCounts(server.leadsDb)).toEqual([{ path: '/about', kind: 'view', count: 2 }]);
  });
});

describe('the site server and the repeat-view filter', () => {
  /** The site server on the build, in this process, with `onPageView`; requests go over one kept-alive connection */
  async function siteServer(onPageView: (path: string, req: IncomingMessage) => void) {
    const server = createSiteServer({
      site: await openSite(clientDir),
      siteUrl: 'https://www.example.co.nz',
      onPageView,
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const client = { port: (server.address() as AddressInfo).port, agent: keepAliveAgent(1) };
    const get = (path: string, headers: Record<string, string> = {}) =>
      send(client, { path, headers: { 'User-Agent': BROWSER, ...headers } });
    const close = () => {
      client.agent.destroy();
      return new Promise((closed) => server.close(closed));
    };
    return { get, close };
  }

  it('reports no view for a 304, however often one is asked for', async () => {
    const viewed: string[] = [];
    const { get, close } = await siteServer((path) => viewed.push(path));
    try {
      const statuses = new Set<number>();
      for (let index = 0; index < 500; index++)
        statuses.add((await get('/about', { 'If-None-Match': '*' })).status);
      expect([...statuses]).toEqual([304]);
      expect(viewed).toEqual([]);
      expect((await get('/about')).status).toBe(200);
      expect(viewed).toEqual(['/about']);
    } finally {
      await close();
    }
  });

  it('counts 500 GETs of a page by one visitor within the window as one view', async () => {
    const viewed: string[] = [];
    const views = createRepeatViewFilter();
    const { get, close } = await siteServer((path, req) => {
      if (isCountedVisit(req.headers) && views.isFirstView(req, path)) viewed.push(path);
    });
    try {
      for (let index = 0; index < 500; index++) expect((await get('/about')).status).toBe(200);
      expect((await get('/services')).status).toBe(200);
      expect(viewed).toEqual(['/about', '/services']);
    } finally {
      await close();
    }
  });
});

describe('POST /api/events', () => {
  it('counts taps on the phone and e-mail links of a page, answering 204', async () => {
    const server = await startServer();
    try {
      expect((await postEvent(server, 'kind=tel&path=%2Fabout')).status).toBe(204);
      expect((await postEvent(server, 'kind=tel&path=/about')).status).toBe(204);
      expect(
        (
          await postEvent(server, 'kind=mailto&path=/', {
            'Content-Type': 'text/plain;charset=UTF-8',
          })
        ).status,
      ).toBe(204);
      // Asked not to be tracked, or not a person: answered the same, not counted
      expect((await postEvent(server, 'kind=tel&path=/', { DNT: '1' })).status).toBe(204);
      expect(
        (
          await postEvent(server, 'kind=tel&path=/', {
            'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)',
          })
        ).status,
      ).toBe(204);
      expect(
        (await postEvent(server, 'kind=tel&path=/', { 'User-Agent': 'HeadlessChrome/131.0' }))
          .status,
      ).toBe(204);
      expect((await postEvent(server, 'kind=tel&path=/', { 'User-Agent': '' })).status).toBe(204);
    } finally {
      await server.stop();
    }
    expect(storedCounts(server.leadsDb)).toEqual([
      { path: '/', kind: 'mailto', count: 1 },
      { path: '/about', kind: 'tel', count: 2 },
    ]);
  });

  it('refuses what is not a tap on one of its pages with a 4xx, and nothing is a 5xx', async () => {
    const server = await startServer();
    try {
      const refusals: Array<[string | Buffer, Record<string, string>, number]> = [
        ['kind=sms&path=/', {}, 400],
        ['kind=view&path=/', {}, 400],
        ['kind=tel&path=/no-such-page', {}, 400],
        ['kind=tel&path=https://evil.example/', {}, 400],
        ['kind=tel', {}, 400],
        [Buffer.from([0x6b, 0x69, 0x6e, 0x64, 0x3d, 0xff]), {}, 400],
        ['{"kind":"tel","path":"/"}', { 'Content-Type': 'application/json' }, 415],
        [`kind=tel&path=/&pad=${'x'.repeat(2000)}`, {}, 413],
      ];
      for (const [body, headers, status] of refusals)
        expect([
          String(body).slice(0, 40),
          (await postEvent(server, body, headers)).status,
        ]).toEqual([String(body).slice(0, 40), status]);
      const get = await send(server, { path: '/api/events' });
      expect([get.status, get.headers['allow']]).toEqual([405, 'POST']);

      await fc.assert(
        fc.asyncProperty(fc.string({ maxLength: 300 }), async (body) => {
          const status = (await postEvent(server, body)).status;
          expect(status).toBeLessThan(500);
        }),
        { numRuns: 60 },
      );
    } finally {
      await server.stop();
    }
    expect(storedCounts(server.leadsDb)).toEqual([]);
  });

  it("refuses, with a 403 and without counting, an event sent from another website's page", async () => {
    const siteUrl = 'https://www.example.co.nz';
    const server = await startServer({ env: { SITE_URL: siteUrl } });
    try {
      const refusals: Array<Record<string, string>> = [
        { Origin: 'https://evil.example' },
        { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
        { Origin: 'https://www.example.co.nz.evil.example' },
        { Origin: 'http://127.0.0.1:1' },
        { Origin: 'null' },
        { 'Sec-Fetch-Site': 'cross-site' },
        { Origin: server.origin, 'Sec-Fetch-Site': 'cross-site' },
      ];
      for (const headers of refusals) {
        const answer = await postEvent(server, 'kind=tel&path=/', headers);
        expect([headers, answer.status, answer.headers['content-type']]).toEqual([
          headers,
          403,
          'application/json',
        ]);
      }
      // The tap script's beacon: from a page of the site, reached at its own address or at SITE_URL
      expect(
        (
          await postEvent(server, 'kind=tel&path=/about', {
            Origin: server.origin,
            'Sec-Fetch-Site': 'same-origin',
          })
        ).status,
      ).toBe(204);
      expect(
        (
          await postEvent(server, 'kind=mailto&path=/about', {
            Origin: siteUrl,
            'Sec-Fetch-Site': 'same-origin',
          })
        ).status,
      ).toBe(204);
    } finally {
      await server.stop();
    }
    expect(storedCounts(server.leadsDb)).toEqual([
      { path: '/about', kind: 'mailto', count: 1 },
      { path: '/about', kind: 'tel', count: 1 },
    ]);
  });

  it('stops counting a flood from one client', async () => {
    const server = await startServer();
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 40; index++)
        statuses.push((await postEvent(server, 'kind=tel&path=/')).status);
      expect(statuses.filter((status) => status === 204).length).toBeLessThan(40);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await server.stop();
    }
  });
});
