/**
 * A tap on a call or e-mail link sends one beacon to /api/events with the link's kind and the
 * page's path, and the tap itself goes ahead: the link is unchanged and its default action is not
 * cancelled. The beacon is answered here, so this does not depend on the server's counting.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { business } from '../../src/config/business.ts';
import { DatabaseSync } from 'node:sqlite';
import { leadsDb } from '../support/e2e-leads.ts';

/** Beacons to /api/events, answered 204 as the server does */
async function catchBeacons(page: Page): Promise<Request[]> {
  const beacons: Request[] = [];
  await page.route('**/api/events', async (route) => {
    beacons.push(route.request());
    await route.fulfill({ status: 204 });
  });
  return beacons;
}

/**
 * After every other listener (window is the last stop of a click), record whether the click's
 * default was cancelled, then cancel it so the test browser does not hand tel:/mailto: to the system
 */
async function watchDefault(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.addEventListener('click', (event) => {
      document.documentElement.dataset['tapDefaultPrevented'] = String(event.defaultPrevented);
      event.preventDefault();
    });
  });
}

const bodyOf = (request: Request) =>
  Object.fromEntries(new URLSearchParams(request.postData() ?? ''));

const cases = [
  {
    kind: 'tel',
    path: '/about',
    href: `tel:${business.phone.e164}`,
    // The icon inside the floating 'Call Now' link: a tap on a child of the link counts too
    target: (page: Page) =>
      page
        .getByRole('complementary', { name: 'Call or get a quote' })
        .getByRole('link', { name: 'Call Now' })
        .locator('svg'),
    link: (page: Page) =>
      page
        .getByRole('complementary', { name: 'Call or get a quote' })
        .getByRole('link', { name: 'Call Now' }),
  },
  {
    kind: 'mailto',
    path: '/emergency-electrician-auckland',
    href: `mailto:${business.email}`,
    target: (page: Page) =>
      page.getByRole('contentinfo').getByRole('link', { name: business.email }),
    link: (page: Page) => page.getByRole('contentinfo').getByRole('link', { name: business.email }),
  },
] as const;

for (const { kind, path, href, target, link } of cases) {
  test(`a ${kind}: tap on ${path} sends kind=${kind} and the path, and still follows the link`, async ({
    page,
  }) => {
    const beacons = await catchBeacons(page);
    await page.goto(path);
    await watchDefault(page);
    const beacon = page.waitForRequest('**/api/events', { timeout: 5_000 });
    await target(page).click();
    const request = await beacon;

    expect(request.method()).toBe('POST');
    expect(request.headers()['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(bodyOf(request)).toEqual({ kind, path });
    expect(await page.locator('html').getAttribute('data-tap-default-prevented')).toBe('false');
    await expect(link(page)).toHaveAttribute('href', href);
    expect(beacons).toHaveLength(1);
    expect(new URL(page.url()).pathname).toBe(path);
  });
}

test('other clicks send nothing', async ({ page }) => {
  const beacons = await catchBeacons(page);
  await page.goto('/about');
  await page.getByRole('main').getByRole('heading', { level: 1 }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Get a Quote' }).click();
  await page.waitForURL('**/quote');
  expect(beacons).toHaveLength(0);
});

test("the lines company's number is a link a phone dials, and a tap on it is not a call to the business", async ({
  page,
}) => {
  const beacons = await catchBeacons(page);
  await page.goto('/services/emergency-electrician');
  await watchDefault(page);
  const linesCompany = page
    .getByRole('main')
    .getByRole('link', { name: business.linesCompany.phoneDisplay })
    .first();
  await expect(linesCompany).toHaveAttribute('href', `tel:${business.linesCompany.phoneE164}`);
  await linesCompany.click();
  expect(await page.locator('html').getAttribute('data-tap-default-prevented')).toBe('false');
  // A beacon would leave at once; give a wrong one time to show up
  await page.waitForTimeout(300);
  expect(beacons).toHaveLength(0);
});

test('a browser without sendBeacon loses the count, not the tap', async ({ page }) => {
  const beacons = await catchBeacons(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'sendBeacon', { value: undefined });
  });
  await page.goto('/about');
  await watchDefault(page);
  await cases[0].link(page).click();
  expect(await page.locator('html').getAttribute('data-tap-default-prevented')).toBe('false');
  // A beacon would leave at once; give a wrong one time to show up
  await page.waitForTimeout(300);
  expect(errors).toEqual([]);
  expect(beacons).toHaveLength(0);
});

test.describe('counted by the server', () => {
  // The test browser names itself HeadlessChrome, which the server does not count as a person
  test.use({
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  });

  test('the server counts a tap on the phone number, anonymously, for the page it was on', async ({
    page,
  }) => {
    const tapsOnPrivacyPage = () => {
      const db = new DatabaseSync(leadsDb, { readOnly: true });
      try {
        const row = db
          .prepare(
            "SELECT SUM(count) AS taps FROM daily_counts WHERE path = '/privacy' AND kind = 'tel'",
          )
          .get() as {
          taps: number | null;
        };
        return row.taps ?? 0;
      } finally {
        db.close();
      }
    };
    const before = tapsOnPrivacyPage();
    await page.goto('/privacy');
    await watchDefault(page);
    const beacon = page.waitForRequest('**/api/events');
    await page.locator(`main a[href="tel:${business.phone.e164}"]`).first().click();
    expect((await (await beacon).response())?.status()).toBe(204);
    // The server writes its counts every two seconds
    await expect.poll(tapsOnPrivacyPage, { timeout: 10_000 }).toBe(before + 1);
  });
});
