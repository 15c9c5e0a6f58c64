/** GET /api/health as an uptime monitor sees it */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openLeadStore } from '../../src/server/db/store.ts';
import { sampleLead } from '../support/leads.ts';
import { makeTempDir, requireBuild, send, startServer } from '../support/server.ts';

requireBuild();

describe('the health check', () => {
  it('answers 200 with the build time and the store writable, never cached; GET and HEAD only', async () => {
    const server = await startServer();
    try {
      const answer = await send(server, { path: '/api/health' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('application/json');
      expect(answer.headers['cache-control']).toBe('no-store');
      const report = JSON.parse(answer.text()) as { built: string };
      expect(report).toEqual({
        ok: true,
        built: expect.any(String),
        store: { writable: true },
        unreachedLeads: 0,
        deliveries: {},
      });
      expect(Date.now() - Date.parse(report.built)).toBeGreaterThan(0);

      const head = await send(server, { path: '/api/health', method: 'HEAD' });
      expect([head.status, head.body.length]).toEqual([200, 0]);
      const post = await send(server, { path: '/api/health', method: 'POST', body: '' });
      expect([post.status, post.headers['allow']]).toEqual([405, 'GET, HEAD']);

      const robots = await send(server, { path: '/robots.txt' });
      expect(robots.text()).toMatch(/^Disallow: \/api\/$/m);
      expect((await send(server, { path: '/sitemap.xml' })).text()).not.toContain('/api/');
    } finally {
      await server.stop();
    }
  });

  it('answers 503 while a delivery to the owner is more than an hour overdue', async () => {
    const leadsDb = join(makeTempDir('health'), 'leads.sqlite');
    const store = openLeadStore(leadsDb);
    store.insertLead(sampleLead(), {
      channels: ['ntfy'],
      now: new Date(Date.now() - 2 * 3_600_000),
    });
    store.close();
    // A push service that is down: nothing listens on port 9 of loopback
    const server = await startServer({
      leadsDb,
      env: { LEADS_NTFY_URL: 'http://127.0.0.1:9/harbour-leads' },
    });
    try {
      const answer = await send(server, { path: '/api/health' });
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.text())).toMatchObject({
        ok: false,
        store: { writable: true },
        deliveries: { ntfy: { waiting: 1, oldestWaitingSeconds: expect.any(Number), failed: 0 } },
      });
    } finally {
      await server.stop();
    }
  });
});
