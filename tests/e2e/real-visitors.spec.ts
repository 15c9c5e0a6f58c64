/**
 * Real visitors' figures from a real browser: pages visited on the Node server load web-vitals
 * once idle and send their readings as they are left; the server keeps them as histograms, and
 * the owner's Numbers at a phone's width shows them in words (the report built from that server's
 * database, given to the owner's page through the API stand-in). A screenshot is kept.
 */
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { requireBuild } from '../../scripts/support/build.ts';
import { apiPaths, homePath, quotePath } from '../../src/config/routes.ts';
import { ownerPaths } from '../../src/lib/owner-api.ts';
import { PAGE_KIND_LABELS } from '../../src/lib/page-kind.ts';
import { openLeadStore } from '../../src/server/db/store.ts';
import { openSite } from '../../src/server/http/site-files.ts';
import { collectReport, lastDays } from '../../src/server/stats/report.ts';
import { pageTitles } from '../../src/server/stats/page-titles.ts';
import { leadsDb } from '../support/e2e-leads.ts';
import { mockOwnerApi } from '../support/owner-api-mock.ts';

/** A phone's browser, as the server counts people (a headless browser names itself a robot) */
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const PAGES = [homePath, '/services/switchboard-upgrades', quotePath];

/** How many LCP readings the server has written, of every kind of page */
function lcpReadings(): number {
  const store = openLeadStore(leadsDb);
  try {
    return store
      .vitalsBetween('2000-01-01', '2999-12-31')
      .filter((row) => row.metric === 'LCP')
      .reduce((sum, row) => sum + row.count, 0);
  } finally {
    store.close({ checkpoint: false });
  }
}

/**
 * Opens a page, waits for the speed measure to load once the page is idle, taps it, and leaves it
 * as a phone does when the visitor switches away: the page becomes hidden, which sends the
 * readings. (A headless browser keeps its pages visible and sends nothing as it unloads one.)
 */
async function visit(page: Page, path: string): Promise<Record<string, unknown>> {
  const measure = page.waitForResponse((response) => response.url().endsWith('/real-visitors.js'));
  await page.goto(path);
  expect((await measure).status()).toBe(200);
  // A tap, as a visitor's first: it ends the LCP's observation and gives an INP
  await page.locator('main h1').first().click();
  // web-vitals hands LCP over when the browser is next idle after a tap
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  const beacon = page.waitForRequest(
    (request) => new URL(request.url()).pathname === apiPaths.vitals,
  );
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
  const request = await beacon;
  expect((await request.response())?.status()).toBe(204);
  return JSON.parse(request.postData() ?? '{}') as Record<string, unknown>;
}

test('pages send their speed as they are left, and the owner reads it in words at 390 px', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const before = lcpReadings();
  const visitor = await browser.newContext({ userAgent: PHONE });
  const page = await visitor.newPage();
  for (const path of PAGES) {
    const readings = await visit(page, path);
    expect(Object.keys(readings)).toEqual(expect.arrayContaining(['path', 'LCP', 'TTFB', 'CLS']));
    expect(readings['path']).toBe(path);
  }
  await visitor.close();
  // The server writes what it counted every 2 s
  await expect.poll(lcpReadings, { timeout: 10_000 }).toBeGreaterThanOrEqual(before + PAGES.length);

  const site = await openSite(join(requireBuild(), 'client'));
  const store = openLeadStore(leadsDb);
  const report = await collectReport(store, lastDays(7), {
    titles: pageTitles(site.readPage),
  }).finally(() => store.close({ checkpoint: false }));
  expect(report.speed.map((kind) => kind.pageKind)).toEqual(
    expect.arrayContaining(['home', 'service', 'quote']),
  );

  const owner = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const phone = await owner.newPage();
  await mockOwnerApi(phone, {
    override: { [`GET ${ownerPaths.numbers}`]: { status: 200, json: report } },
  });
  await phone.goto(`${ownerPaths.page}#numbers/7`);
  const speed = phone.getByRole('region', { name: 'How fast your pages are for real visitors' });
  await expect(speed.getByRole('region', { name: PAGE_KIND_LABELS.home })).toContainText(
    /Pages appear in [\d.]+ s for (every visit measured|3 of 4 visitors) — (good|could be better|poor)/,
  );
  await expect(speed.getByRole('region', { name: PAGE_KIND_LABELS.service })).toBeVisible();
  await expect(speed).toContainText('Google calls up to 2.5 s good');
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await speed.scrollIntoViewIfNeeded();
  await phone.screenshot({ path: testInfo.outputPath('numbers-real-visitors-390.png') });
  await phone.screenshot({
    path: testInfo.outputPath('numbers-real-visitors-390-full.png'),
    fullPage: true,
  });
  await owner.close();
});
