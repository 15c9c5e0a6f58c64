/**
 * The owner's numbers from real requests: page views with where they came from (the Referer's
 * host), real visitors' page speed posted to /api/vitals and kept as histograms, this month's
 * requests taken to Won with the owner API, and his own visits left out.
 */
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaPages, homePath, mainNav } from '../../src/config/routes.ts';
import { ownerPaths, withId, type InboxBody, type NumbersBody } from '../../src/lib/owner-api.ts';
import { PAGE_KIND_LABELS } from '../../src/lib/page-kind.ts';
import { SESSION_COOKIE } from '../../src/server/owner/session-token.ts';
import { contentEntries } from '../support/content.ts';
import { ownerClient } from '../support/owner.ts';
import { makeInvite } from '../support/owner-invite.ts';
import {
  makeTempDir,
  requireBuild,
  send,
  sleep,
  startServer,
  type RunningServer,
} from '../support/server.ts';

requireBuild();

const SITE_URL = 'https://www.example.com';
const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const servicePage = contentEntries('services').find(
  (entry) => entry.id === 'switchboard-upgrades',
)!;
const howick = areaPages.find((area) => area.href.endsWith('howick'))!;

let server: RunningServer;
let leadsDb: string;
let owner: ReturnType<typeof ownerClient>;
let visitor = 0;

/** A page view from a visitor of its own (an address of its own, as the proxy forwards it) */
function visit(path: string, headers: Record<string, string> = {}) {
  visitor++;
  return send(server, {
    path,
    headers: { 'User-Agent': BROWSER, 'X-Forwarded-For': `10.9.0.${visitor}`, ...headers },
  });
}

function postVitals(body: string, headers: Record<string, string> = {}) {
  visitor++;
  return send(server, {
    method: 'POST',
    path: '/api/vitals',
    headers: {
      'Content-Type': 'text/plain;charset=UTF-8',
      'User-Agent': BROWSER,
      'X-Forwarded-For': `10.9.1.${visitor}`,
      Origin: SITE_URL,
      ...headers,
    },
    body,
  });
}

function rows(sql: string) {
  const db = new DatabaseSync(leadsDb, { readOnly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}

async function numbers(): Promise<NumbersBody> {
  const answer = await owner.call('GET', `${ownerPaths.numbers}?days=7`);
  expect(answer.status).toBe(200);
  return JSON.parse(answer.text()) as NumbersBody;
}

/** The numbers once the counter has written what it holds (every 2 s) */
async function numbersWhen(ready: (report: NumbersBody) => boolean): Promise<NumbersBody> {
  for (let tries = 0; ; tries++) {
    const report = await numbers();
    if (ready(report) || tries >= 40) return report;
    await sleep(250);
  }
}

beforeAll(async () => {
  leadsDb = `${makeTempDir('numbers')}/leads.sqlite`;
  server = await startServer({ leadsDb, env: { SITE_URL, TRUST_PROXY: '1' } });
  owner = ownerClient(server, SITE_URL);
  const { token } = await makeInvite(leadsDb, SITE_URL);
  expect((await owner.enrol(token, 'Phone')).status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
});

describe("the owner's numbers", () => {
  it('count visits by where they came from, by the Referer host alone, and not his own', async () => {
    expect((await visit(homePath, { Referer: 'https://www.google.com/' })).status).toBe(200);
    expect(
      (await visit(howick.href, { Referer: 'https://www.google.co.nz/search?q=electrician' }))
        .status,
    ).toBe(200);
    expect((await visit('/about', { Referer: 'https://www.facebook.com/' })).status).toBe(200);
    expect((await visit('/services/switchboard-upgrades')).status).toBe(200);
    expect(
      (
        await visit('/projects', {
          Referer: 'https://www.nocowboys.co.nz/listing/42?utm=x',
          'Sec-Fetch-Site': 'cross-site',
        })
      ).status,
    ).toBe(200);
    // Referrer spam: a Referer no browser vouched for is another site, but not named
    expect((await visit('/about', { Referer: 'https://cheap-seo-offer.example/' })).status).toBe(
      200,
    );
    // A step inside the site is a view, not a source
    expect((await visit('/quote', { Referer: `${SITE_URL}/` })).status).toBe(200);
    // The owner, signed in, looking at his own site from search
    const ownerVisit = await visit('/testimonials', {
      Referer: 'https://www.google.com/',
      Cookie: `${SESSION_COOKIE}=${owner.session}`,
    });
    expect(ownerVisit.status).toBe(200);
    // and tapping his own phone number
    const ownerTap = await send(server, {
      method: 'POST',
      path: '/api/events',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'User-Agent': BROWSER,
        Cookie: `${SESSION_COOKIE}=${owner.session}`,
      },
      body: 'kind=tel&path=/testimonials',
    });
    expect(ownerTap.status).toBe(204);

    const report = await numbersWhen((figures) => figures.sources.total >= 6);
    const visits = Object.fromEntries(
      report.sources.kinds.map((kind) => [kind.source, kind.visits]),
    );
    expect(visits).toEqual({ search: 2, social: 1, direct: 1, other: 2, maps: 0 });
    expect(report.sources.sites).toEqual([{ site: 'nocowboys.co.nz', visits: 1 }]);
    expect(report.totals.views).toBe(7);
    expect(report.pages.map((page) => page.path)).not.toContain('/testimonials');
    // Only host names are stored, never a path or a query
    expect(JSON.stringify(rows('SELECT * FROM daily_sources'))).not.toMatch(/listing|utm|search\?/);

    // Pages by the names the site gives them
    const titleOf = (path: string) => report.pages.find((page) => page.path === path)?.title;
    expect(titleOf(homePath)).toBe(mainNav.find((link) => link.href === homePath)!.label);
    expect(titleOf(howick.href)).toBe(howick.label);
    expect(titleOf('/services/switchboard-upgrades')).toBe(servicePage.field('title'));
  });

  it("keep real visitors' speed as histograms and give the 75th percentile per kind of page", async () => {
    for (const lcp of [850, 870, 880, 5200])
      expect(
        (await postVitals(JSON.stringify({ path: homePath, LCP: lcp, TTFB: 300 }))).status,
      ).toBe(204);
    expect((await postVitals(JSON.stringify({ path: '/quote', INP: 120, CLS: 0.02 }))).status).toBe(
      204,
    );
    // The owner's own readings are taken but not counted
    expect(
      (
        await postVitals(JSON.stringify({ path: homePath, LCP: 30_000 }), {
          Cookie: `${SESSION_COOKIE}=${owner.session}`,
        })
      ).status,
    ).toBe(204);
    const report = await numbersWhen((figures) => figures.speed.length >= 2);
    const home = report.speed.find((kind) => kind.pageKind === 'home')!;
    expect(home.label).toBe(PAGE_KIND_LABELS.home);
    expect(home.metrics.find((figure) => figure.metric === 'LCP')).toMatchObject({
      readings: 4,
      p75: 900,
      rating: 'good',
    });
    expect(home.metrics.find((figure) => figure.metric === 'TTFB')).toMatchObject({
      readings: 4,
      p75: 300,
    });
    const quote = report.speed.find((kind) => kind.pageKind === 'quote')!;
    expect(quote.metrics.map((figure) => figure.metric)).toEqual(['INP', 'CLS']);
    // Counts per bucket, no reading of its own
    expect(
      rows('SELECT * FROM daily_vitals').every(
        (row) => Object.keys(row).sort().join() === 'bucket,count,day,metric,page_kind',
      ),
    ).toBe(true);
    expect(rows("SELECT SUM(count) AS n FROM daily_vitals WHERE metric = 'LCP'")).toEqual([
      { n: 4 },
    ]);
  });

  it('refuse bad speed readings with a 4xx and store nothing of them', async () => {
    const before = rows('SELECT * FROM daily_vitals ORDER BY day, page_kind, metric, bucket');
    const bad: Array<[string, number, Record<string, string>?]> = [
      ['not json', 400],
      [JSON.stringify({ path: homePath }), 400],
      [JSON.stringify({ path: homePath, LCP: -1 }), 400],
      [JSON.stringify({ path: homePath, LCP: '900' }), 400],
      [JSON.stringify({ path: homePath, LCP: 1e9 }), 400],
      [JSON.stringify({ path: homePath, LCP: 900, visitor: 'abc' }), 400],
      [JSON.stringify({ path: '/no-such-page', LCP: 900 }), 400],
      [JSON.stringify({ path: 'https://elsewhere.example/', LCP: 900 }), 400],
      [JSON.stringify([900]), 400],
      [JSON.stringify({ path: homePath, LCP: 900, pad: 'x'.repeat(2000) }), 413],
      [
        JSON.stringify({ path: homePath, LCP: 900 }),
        415,
        { 'Content-Type': 'application/x-www-form-urlencoded' },
      ],
      [JSON.stringify({ path: homePath, LCP: 900 }), 403, { Origin: 'https://elsewhere.example' }],
    ];
    for (const [body, status, headers] of bad) {
      const answer = await postVitals(body, headers);
      expect(answer.status, body.slice(0, 60)).toBe(status);
    }
    expect((await send(server, { path: '/api/vitals' })).status).toBe(405);
    await sleep(2500);
    expect(rows('SELECT * FROM daily_vitals ORDER BY day, page_kind, metric, bucket')).toEqual(
      before,
    );
  });

  it("count this month's request taken through to Won in the funnel", async () => {
    const posted = await send(server, {
      method: 'POST',
      path: '/api/leads',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
        Origin: SITE_URL,
      },
      body: new URLSearchParams({
        form_source: 'Quote Form',
        name: 'Aroha Smith',
        email: 'aroha@example.co.nz',
        phone: '021 555 0199',
        address: '7 Selwyn Road, Howick',
        service: 'Electrical Repairs',
        message: 'The deck lights flicker.',
      }).toString(),
    });
    expect(posted.status).toBe(200);
    const before = (await numbers()).funnel;
    expect(before).toMatchObject({ requests: 1, contacted: 0, quoted: 0, won: 0, wonShare: 0 });
    const inbox = JSON.parse((await owner.call('GET', ownerPaths.leads)).text()) as InboxBody;
    const id = inbox.leads[0]!.id;
    for (const status of ['contacted', 'quoted', 'won'])
      expect(
        (await owner.call('PATCH', withId(ownerPaths.lead, id), { body: { status } })).status,
      ).toBe(200);
    expect((await numbers()).funnel).toMatchObject({
      requests: 1,
      contacted: 1,
      quoted: 1,
      won: 1,
      wonShare: 1,
    });
  });
});
