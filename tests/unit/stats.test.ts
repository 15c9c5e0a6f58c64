import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inProcessStore } from '../../src/server/db/async-store.ts';
import type { Channel, OwnerReport } from '../../src/server/notify/channel.ts';
import { openLeadStore } from '../../src/server/db/store.ts';
import { type LeadSource, type LeadStore } from '../../src/server/db/records.ts';
import type { DailyCount } from '../../src/server/db/stats-records.ts';
import { createCounter } from '../../src/server/stats/counter.ts';
import { addDays } from '../../src/lib/availability.ts';
import { mondayOf, nzDay, nzDayStart } from '../../src/server/support/days.ts';
import { reportCsv, reportHtml, reportTable } from '../../src/server/stats/format.ts';
import { buildReport, collectReport } from '../../src/server/stats/report.ts';
import {
  createRepeatViewFilter,
  isCountedVisit,
  REPEAT_VIEW_WINDOW_MS,
} from '../../src/server/stats/visits.ts';
import { dueWeek, startWeeklySummaries, SUMMARY_HOUR } from '../../src/server/stats/weekly.ts';
import { sampleLead } from '../support/leads.ts';
import { homePath, mainNav } from '../../src/config/routes.ts';
import { SOURCE_LABELS } from '../../src/lib/numbers-words.ts';
import { PAGE_KIND_LABELS } from '../../src/lib/page-kind.ts';
import { bucketOf } from '../../src/server/stats/vitals.ts';

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

describe('New Zealand days', () => {
  it('dates an instant in New Zealand time, summer and winter', () => {
    expect(nzDay(new Date('2026-01-14T11:30:00Z'))).toBe('2026-01-15'); // NZDT, UTC+13
    expect(nzDay(new Date('2026-07-14T11:30:00Z'))).toBe('2026-07-14'); // NZST, UTC+12
    expect(nzDayStart('2026-01-15').toISOString()).toBe('2026-01-14T11:00:00.000Z');
    expect(nzDayStart('2026-07-15').toISOString()).toBe('2026-07-14T12:00:00.000Z');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it("makes last week's summary due from Monday's hour", () => {
    // Monday 23 November 2026, 07:59 and 08:00 in Auckland (UTC+13)
    expect(
      dueWeek(new Date(`2026-11-22T${String(SUMMARY_HOUR - 13 + 24 - 1).padStart(2, '0')}:59:00Z`)),
    ).toBeNull();
    expect(
      dueWeek(new Date(`2026-11-22T${String(SUMMARY_HOUR - 13 + 24).padStart(2, '0')}:00:00Z`)),
    ).toEqual({
      from: '2026-11-16',
      to: '2026-11-22',
    });
    expect(dueWeek(new Date('2026-11-25T00:00:00Z'))).toEqual({
      from: '2026-11-16',
      to: '2026-11-22',
    });
  });
});

describe('which requests are visits', () => {
  it('counts a browser, and not bots, monitors, prefetches, sub-resources or opted-out browsers', () => {
    expect(isCountedVisit({ 'user-agent': BROWSER })).toBe(true);
    expect(isCountedVisit({ 'user-agent': BROWSER, 'sec-fetch-dest': 'document' })).toBe(true);
    // A phone whose maker's name ends in "bot"
    const cubot =
      'Mozilla/5.0 (Linux; Android 11; CUBOT P50) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
    expect(isCountedVisit({ 'user-agent': cubot })).toBe(true);
    for (const agent of [
      'Googlebot/2.1',
      'Mozilla/5.0 (compatible; bingbot/2.0)',
      'Mozilla/5.0 (compatible; AhrefsBot/7.0)',
      'curl/8.5',
      'UptimeRobot/2.0',
      'HeadlessChrome/131',
      '',
    ]) {
      expect(isCountedVisit({ 'user-agent': agent }), agent).toBe(false);
    }
    expect(isCountedVisit({ 'user-agent': BROWSER, dnt: '1' })).toBe(false);
    expect(isCountedVisit({ 'user-agent': BROWSER, 'sec-gpc': '1' })).toBe(false);
    expect(isCountedVisit({ 'user-agent': BROWSER, 'sec-purpose': 'prefetch;prerender' })).toBe(
      false,
    );
    expect(isCountedVisit({ 'user-agent': BROWSER, purpose: 'prefetch' })).toBe(false);
    expect(isCountedVisit({ 'user-agent': BROWSER, 'sec-fetch-dest': 'iframe' })).toBe(false);
  });
});

describe('a page read again by the same visitor', () => {
  /** A request from `address`, as the server hands it on */
  const from = (address: string) =>
    ({ socket: { remoteAddress: address }, headers: {} }) as unknown as IncomingMessage;

  it('is one view for as long as the window lasts, then a view again', () => {
    let now = 1_000_000;
    const views = createRepeatViewFilter({ now: () => now });
    const counted = (address: string, path: string) => views.isFirstView(from(address), path);
    expect(counted('203.0.113.7', '/about')).toBe(true);
    expect(
      Array.from({ length: 500 }, () => counted('203.0.113.7', '/about')).filter(Boolean),
    ).toEqual([]);
    // Another page, or another visitor, is a view of its own
    expect(counted('203.0.113.7', '/services')).toBe(true);
    expect(counted('198.51.100.4', '/about')).toBe(true);
    now += REPEAT_VIEW_WINDOW_MS - 1;
    expect(counted('203.0.113.7', '/about')).toBe(false);
    now += 1;
    expect(counted('203.0.113.7', '/about')).toBe(true);
    expect(counted('203.0.113.7', '/about')).toBe(false);
    // The clock stepped back a day: a window that starts in the future is over
    now -= 24 * 3_600_000;
    expect(counted('203.0.113.7', '/about')).toBe(true);
  });

  it('forgets a visitor once the window, a few minutes long, has passed', () => {
    expect(REPEAT_VIEW_WINDOW_MS).toBeGreaterThanOrEqual(60_000);
    expect(REPEAT_VIEW_WINDOW_MS).toBeLessThanOrEqual(15 * 60_000);
    let now = 1_000_000;
    const views = createRepeatViewFilter({ now: () => now });
    for (let index = 0; index < 100; index++) views.isFirstView(from(`203.0.113.${index}`), '/');
    expect(views.size).toBe(100);
    now += REPEAT_VIEW_WINDOW_MS;
    views.isFirstView(from('198.51.100.4'), '/');
    expect(views.size).toBe(1);
  });

  it('keeps its memory bounded under a flood of distinct addresses and paths', () => {
    let now = 1_000_000;
    const maxEntries = 1000;
    const views = createRepeatViewFilter({ now: () => now, maxEntries });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.ipV4(), fc.webPath()), { minLength: 1, maxLength: 200 }),
        (requests) => {
          for (const [address, path] of requests) {
            views.isFirstView(from(address), path);
            now += 1;
            expect(views.size).toBeLessThanOrEqual(maxEntries);
          }
          // The latest visitor is still remembered
          const [address, path] = requests.at(-1)!;
          expect(views.isFirstView(from(address), path)).toBe(false);
        },
      ),
      { numRuns: 100 },
    );
    // A flood within one window fills the map to its limit and no further
    for (let index = 0; index < 50 * maxEntries; index++)
      views.isFirstView(from(`10.0.${index >> 8}.${index & 255}`), `/x${index}`);
    expect(views.size).toBe(maxEntries);
  });

  it('tells visitors apart by the address it is given, such as the one a proxy forwards', () => {
    const views = createRepeatViewFilter({
      clientAddress: (req) => String(req.headers['x-forwarded-for']),
    });
    const proxied = (address: string) =>
      ({
        socket: { remoteAddress: '127.0.0.1' },
        headers: { 'x-forwarded-for': address },
      }) as unknown as IncomingMessage;
    expect(views.isFirstView(proxied('203.0.113.7'), '/')).toBe(true);
    expect(views.isFirstView(proxied('198.51.100.4'), '/')).toBe(true);
    expect(views.isFirstView(proxied('203.0.113.7'), '/')).toBe(false);
  });
});

/** A fixture week: counts and quote requests with known totals */
const period = { from: '2026-11-16', to: '2026-11-22' };
const counts: DailyCount[] = [
  { day: '2026-11-16', path: '/', kind: 'view', count: 40 },
  { day: '2026-11-17', path: '/', kind: 'view', count: 60 },
  { day: '2026-11-17', path: '/', kind: 'tel', count: 3 },
  { day: '2026-11-18', path: '/areas/electrician-howick', kind: 'view', count: 20 },
  { day: '2026-11-18', path: '/areas/electrician-howick', kind: 'tel', count: 2 },
  { day: '2026-11-18', path: '/areas/electrician-howick', kind: 'mailto', count: 1 },
  { day: '2026-11-20', path: '/about', kind: 'view', count: 10 },
];
const leads: LeadSource[] = [
  { createdAt: '2026-11-17T01:00:00.000Z', formSource: 'Hero Form', page: '/', status: 'new' },
  {
    createdAt: '2026-11-18T01:00:00.000Z',
    formSource: 'Quote Form',
    page: '/quote?from=howick',
    status: 'new',
  },
  {
    createdAt: '2026-11-19T01:00:00.000Z',
    formSource: 'Quote Form',
    page: '/areas/electrician-howick',
    status: 'new',
  },
];
const previous = {
  counts: [{ day: '2026-11-10', path: '/', kind: 'view' as const, count: 100 }],
  leads: [
    { createdAt: '2026-11-10T01:00:00.000Z', formSource: 'Hero Form', page: '/', status: 'new' },
  ] satisfies LeadSource[],
};

describe('the report', () => {
  const report = buildReport(period, { counts, leads }, previous);

  it('adds up each page and the whole site, sorted by contact, with the trend', () => {
    expect(
      report.pages.map(({ path, views, calls, emails, quotes, contacts }) => [
        path,
        views,
        calls,
        emails,
        quotes,
        contacts,
      ]),
    ).toEqual([
      // The same contact: the page with more views first
      ['/', 100, 3, 0, 1, 4],
      ['/areas/electrician-howick', 20, 2, 1, 1, 4],
      ['/quote', 0, 0, 0, 1, 1],
      ['/about', 10, 0, 0, 0, 0],
    ]);
    expect(report.pages[1]!.contactShare).toBeCloseTo(0.2);
    expect(report.pages[2]!.contactShare).toBeNull();
    expect(report.totals).toEqual({
      views: 130,
      calls: 5,
      emails: 1,
      quotes: 3,
      contacts: 9,
      contactShare: 9 / 130,
    });
    expect(report.trend).toEqual({ views: 30, contacts: 800 });
    expect(report.quotesByForm).toEqual({ 'Hero Form': 1, 'Quote Form': 2 });
    expect(report.daily.map((day) => [day.day, day.views, day.contacts])).toEqual([
      ['2026-11-16', 40, 0],
      ['2026-11-17', 60, 4],
      ['2026-11-18', 20, 4],
      ['2026-11-19', 0, 1],
      ['2026-11-20', 10, 0],
      ['2026-11-21', 0, 0],
      ['2026-11-22', 0, 0],
    ]);
  });

  it('prints as a table, CSV and a self-contained page with charts and no script', () => {
    expect(reportTable(report)).toMatch(/^\/areas\/electrician-howick +20 +2 +1 +1 +20 in 100$/m);
    expect(reportTable(report)).toMatch(/^all pages +130 +5 +1 +3 +7 in 100$/m);
    expect(reportTable(report)).toContain(
      'Visitors who called, e-mailed or asked for a quote: 7 in 100.',
    );
    expect(reportTable(report)).toContain('Views: 130, up 30% on the period before.');
    const csv = reportCsv(report).split('\r\n');
    expect(csv[0]).toBe('page,title,views,calls,emails,quotes,contacts,contact_share');
    expect(csv[2]).toBe('/areas/electrician-howick,/areas/electrician-howick,20,2,1,1,4,0.2000');
    const html = reportHtml(report);
    expect(html).not.toMatch(/<script/i);
    expect(html.match(/<svg /g)).toHaveLength(2);
    expect(html).toContain('<td>/areas/electrician-howick</td>');
    expect(html).toMatch(/Against the period before: views \+30%, contacts [+−]\d+%\./);
    // Charts keep their drawn size on a wide screen and shrink to fit a phone
    expect(html.match(/<svg width="340" /g)).toHaveLength(2);
    expect(reportHtml({ ...report, trend: { views: null, contacts: null } })).toContain(
      'No figures for the period before.',
    );
  });

  it('is read from the store the same way', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stats-store-'));
    const store = openLeadStore(join(dir, 'leads.sqlite'));
    try {
      store.addCounts(counts);
      store.addCounts([{ day: '2026-11-16', path: '/', kind: 'view', count: 0 }]);
      for (const lead of leads)
        store.insertLead(sampleLead({ formSource: lead.formSource, page: lead.page }), {
          now: new Date(lead.createdAt),
        });
      const fromStore = await collectReport(store, period);
      expect(fromStore.totals).toEqual(report.totals);
      expect(fromStore.pages).toEqual(report.pages);
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('npm run stats', () => {
  it('prints the last days as a table, CSV or JSON, and writes the HTML report', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stats-cli-'));
    const path = join(dir, 'leads.sqlite');
    const store = openLeadStore(path);
    const today = nzDay(new Date());
    store.addCounts([
      { day: today, path: '/', kind: 'view', count: 12 },
      { day: today, path: '/', kind: 'tel', count: 2 },
      { day: addDays(today, -40), path: '/', kind: 'view', count: 500 },
    ]);
    store.addSources([
      { day: today, source: 'search', site: null, count: 7 },
      { day: today, source: 'direct', site: null, count: 3 },
      { day: today, source: 'other', site: 'nocowboys.co.nz', count: 2 },
    ]);
    // Home page LCPs: 3 of 4 within the bucket ending at 900 ms
    const lcp = (value: number) => bucketOf('LCP', value);
    store.addVitals([
      { day: today, pageKind: 'home', metric: 'LCP', bucket: lcp(850), count: 3 },
      { day: today, pageKind: 'home', metric: 'LCP', bucket: lcp(3100), count: 1 },
    ]);
    const won = store.insertLead(sampleLead({ page: homePath }));
    store.updateLead(won, { status: 'won' });
    store.insertLead(sampleLead({ page: homePath }));
    store.close();
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['scripts/stats.ts', ...args], {
        // No built site: pages are named by the menus alone
        env: { ...process.env, LEADS_DB: path, DIST_DIR: join(dir, 'dist'), SITE_DIR: dir },
        encoding: 'utf8',
      });
    const home = mainNav.find((link) => link.href === homePath)!.label;
    try {
      const table = run('--days', '7');
      expect(table.status).toBe(0);
      expect(table.stdout).toMatch(new RegExp(`^${home} +12 +2 +0 +2 +33 in 100$`, 'm'));
      expect(table.stdout).toContain(`${SOURCE_LABELS.search}: 7`);
      expect(table.stdout).toContain(`${SOURCE_LABELS.direct}: 3`);
      expect(table.stdout).toContain('Other websites by name: nocowboys.co.nz 2');
      expect(table.stdout).toContain(
        '2 requests → 1 contacted → 1 quoted → 1 won: 1 of 2 won (50%).',
      );
      expect(table.stdout).toContain(`${PAGE_KIND_LABELS.home}:`);
      expect(table.stdout).toContain('Pages appear in 0.9 s for 3 of 4 visitors — good');
      expect(run('--days', '7', '--format', 'csv').stdout.split('\r\n')[1]).toBe(
        `/,${home},12,2,0,2,4,0.3333`,
      );
      expect(
        (
          JSON.parse(run('--days', '60', '--format', 'json').stdout) as {
            totals: { views: number };
          }
        ).totals.views,
      ).toBe(512);
      const html = join(dir, 'report.html');
      expect(run('--html', html).status).toBe(0);
      const page = readFileSync(html, 'utf8');
      expect(page).toContain('<svg ');
      // Opened on a phone, as the README says, and nothing in it runs
      expect(page).toContain(
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
      );
      expect(page).not.toMatch(/<script/i);
      expect(run('--days', 'lots').status).toBe(2);
      expect(
        spawnSync(process.execPath, ['scripts/stats.ts'], {
          env: { ...process.env, LEADS_DB: join(dir, 'none.sqlite') },
        }).status,
      ).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the counter and the weekly summary', () => {
  let dir: string;
  let store: LeadStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'stats-'));
    store = openLeadStore(join(dir, 'leads.sqlite'));
  });
  afterEach(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds counts up in memory and writes them in one go', async () => {
    const counter = createCounter({ store: inProcessStore(store), flushMs: 60_000 });
    const at = new Date('2026-11-18T01:00:00Z');
    for (let index = 0; index < 5; index++) counter.count('/about', 'view', at);
    counter.count('/about', 'tel', at);
    expect(store.countsBetween('2026-11-18', '2026-11-18')).toEqual([]);
    await counter.close();
    expect(store.countsBetween('2026-11-18', '2026-11-18')).toEqual([
      { day: '2026-11-18', path: '/about', kind: 'tel', count: 1 },
      { day: '2026-11-18', path: '/about', kind: 'view', count: 5 },
    ]);
  });

  function summaryChannel(fail = () => false) {
    const sent: OwnerReport[] = [];
    const channel: Channel = {
      name: 'email',
      deliver: async () => {},
      sendReport: async (summary) => {
        if (fail()) throw new Error('mail server down');
        sent.push(summary);
      },
    };
    return { channel, sent };
  }

  it('sends the week once, even when started again, and tries again after a failed send', async () => {
    const monday = new Date('2026-11-22T20:00:00Z'); // Monday 23 November, 09:00 in Auckland
    store.addCounts(counts);
    let down = true;
    const email = summaryChannel(() => down);
    const options = {
      store: inProcessStore(store),
      channels: [email.channel],
      log: () => {},
      now: () => monday,
    };
    const first = startWeeklySummaries(options);
    await first.check(); // the check it starts with, while the mail server is down
    expect(email.sent).toEqual([]);
    down = false;
    await first.check();
    await first.check();
    first.close();
    const afterRestart = startWeeklySummaries(options);
    await afterRestart.check();
    afterRestart.close();
    expect(email.sent).toHaveLength(1);
    expect(email.sent[0]!.json['week']).toEqual(period);
    expect(email.sent[0]!.text).toContain('Visits (page views): 130');
    expect(email.sent[0]!.text).toContain('1. /: 3 (of 100 views)');
    expect(email.sent[0]!.text).toContain('2. /areas/electrician-howick: 3 (of 20 views)');
  });
});
