/** The shell on every page at desktop width: header, banner, footer, floating actions, keyboard use */
import { expect, test, type Page } from '@playwright/test';
import { business, yearsClaim } from '../../src/config/business.ts';
import { availability } from '../../src/lib/site-day.ts';
import { emergencyHelpWords } from '../../src/lib/availability.ts';
import {
  areaPages,
  emergencyAliasPath,
  emergencyPath,
  mainNav,
  servicePath,
} from '../../src/config/routes.ts';

const pages = ['/', '/does-not-exist', '/gone', '/services/does-not-exist'];

const ratingBar = (page: Page) =>
  page.getByRole('complementary', { name: 'Rating and emergency help' });
/** The rating with where it comes from, as the bar words it at this width */
const ratingLink = (page: Page) =>
  ratingBar(page).getByRole('link', {
    name: `${business.claims.rating.value.toFixed(1)} average from ${business.reviewSite.reviewCount} ${business.reviewSite.name}`,
  });

/** The header, the rating bar, the footer and the floating actions, as every page has them */
async function expectCompleteShell(page: Page) {
  const mainNavigation = page.getByRole('navigation', { name: 'Main' });
  for (const link of mainNav) {
    await expect(
      mainNavigation.getByRole('link', { name: link.label, exact: true }),
    ).toHaveAttribute('href', link.href);
  }
  await expect(page.getByRole('banner').getByRole('link', { name: 'Get a Quote' })).toHaveAttribute(
    'href',
    '/quote',
  );
  await expect(ratingLink(page)).toHaveAttribute('href', business.reviewSite.url);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: business.phone.display })).toHaveAttribute(
    'href',
    `tel:${business.phone.e164}`,
  );
  await expect(footer.getByRole('link', { name: business.email })).toHaveAttribute(
    'href',
    `mailto:${business.email}`,
  );
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${business.name}`);
  await expect(footer.getByRole('link', { name: '24/7 emergency electrician' })).toHaveAttribute(
    'href',
    '/emergency-electrician-auckland',
  );
  for (const area of areaPages) {
    await expect(footer.getByRole('link', { name: area.label, exact: true })).toHaveAttribute(
      'href',
      area.href,
    );
  }
  const floating = page.getByRole('complementary', { name: 'Call or get a quote' });
  await expect(floating.getByRole('link', { name: 'Call Now' })).toHaveAttribute(
    'href',
    `tel:${business.phone.e164}`,
  );
  await expect(floating.getByRole('link', { name: 'Get a Quote' })).toHaveAttribute(
    'href',
    '/quote',
  );
}

test(`the shell is complete on ${pages.join(', ')}; the home page's header is compact and marks Home`, async ({
  page,
}) => {
  for (const path of pages) {
    await test.step(`the shell is complete on ${path}`, async () => {
      await page.goto(path);
      await expectCompleteShell(page);
    });
  }
  await test.step('the home page header is compact from the start', async () => {
    await page.goto('/');
    await expect(page.locator('#site-header')).toHaveAttribute('data-compact', 'true');
  });
  await test.step('the current section is marked in the navigation', async () => {
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }),
    ).toHaveAttribute('aria-current', 'page');
  });
});

test('the skip link is the first stop and moves focus to the main content; the header turns compact with a shadow beyond 10 px of scroll', async ({
  page,
}) => {
  await test.step('the skip link is the first stop and moves focus to the main content', async () => {
    await page.goto('/does-not-exist');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  });
  await test.step('the header turns compact with a shadow beyond 10 px of scroll', async () => {
    // A fresh load: the skip link's jump may have scrolled the page
    await page.goto('/does-not-exist');
    const header = page.locator('#site-header');
    await expect(header).toHaveAttribute('data-compact', 'false');
    const tallBefore = (await header.boundingBox())!.height;
    await page.mouse.wheel(0, 400);
    await expect(header).toHaveAttribute('data-compact', 'true');
    await expect.poll(async () => (await header.boundingBox())!.height).toBeLessThan(tallBefore);
    await expect(header).not.toHaveCSS('box-shadow', 'none');
  });
});

/** The call/quote buttons' first link, and its background colour */
const callFirst = (page: Page) =>
  page.getByRole('complementary', { name: 'Call or get a quote' }).getByRole('link').first();
const dangerRed = 'rgb(179, 38, 30)';

test('the call/quote rail leads with a red call button on the emergency pages, brand blue elsewhere', async ({
  page,
}) => {
  for (const path of [emergencyPath, emergencyAliasPath]) {
    await test.step(`on ${path} the call/quote rail leads with a red call button`, async () => {
      await page.goto(path);
      await expect(callFirst(page)).toHaveAccessibleName('Call Now');
      await expect(callFirst(page)).toHaveCSS('background-color', dangerRed);
    });
  }
  await test.step('elsewhere the call/quote rail keeps its brand-blue call button', async () => {
    await page.goto(servicePath('switchboard-upgrades'));
    await expect(callFirst(page)).toHaveAccessibleName('Call Now');
    await expect(callFirst(page)).not.toHaveCSS('background-color', dangerRed);
  });
});

/** Text in the header's bar that wraps, and parts of it that spill out of the bar */
function headerProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bar = document.querySelector<HTMLElement>('#site-header > div')!;
    const box = bar.getBoundingClientRect();
    const problems: string[] = [];
    if (bar.scrollWidth > bar.clientWidth)
      problems.push(`the bar overflows by ${bar.scrollWidth - bar.clientWidth} px`);
    const walker = document.createTreeWalker(bar, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent!.trim();
      if (!text || !node.parentElement!.checkVisibility()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (lines.size > 1) problems.push(`"${text}" wraps onto ${lines.size} lines`);
      const { left, right } = range.getBoundingClientRect();
      if (left < box.left || right > box.right) problems.push(`"${text}" spills out of the bar`);
    }
    return problems;
  });
}

test('on /about the rating bar says where the rating comes from, with the licence, the years and the emergency line; at 1024–1440 px the header shows the whole name on one line and nothing in it wraps or overflows', async ({
  page,
}) => {
  await page.goto('/about');
  await test.step('the rating bar says where the rating comes from, with the licence, the years and the emergency line', async () => {
    await expect(ratingLink(page)).toBeVisible();
    await expect(ratingLink(page)).toHaveAttribute('href', business.reviewSite.url);
    await expect(ratingBar(page)).toContainText('Licensed & insured');
    await expect(ratingBar(page)).toContainText(`${yearsClaim} experience`);
    const emergencyLine = ratingBar(page).getByRole('link', {
      name: `${emergencyHelpWords(availability)}: ${business.phone.display}`,
    });
    await expect(emergencyLine).toBeVisible();
    await expect(emergencyLine).toHaveAttribute('href', `tel:${business.phone.e164}`);
    // One bar, one line
    expect((await ratingBar(page).boundingBox())!.height).toBeLessThan(48);
  });
  for (const width of [1024, 1152, 1280, 1366, 1440]) {
    await test.step(`at ${width} px the header shows the whole name on one line and nothing in it wraps or overflows`, async () => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/about');
      await expect(
        page.getByRole('banner').getByRole('link', { name: business.name, exact: true }),
      ).toBeVisible();
      expect(await headerProblems(page)).toEqual([]);
    });
  }
});

/** How far below the fixed header the next thing starts: a band of page background shows when above 0 */
const bandUnderHeader = (page: Page) =>
  page.evaluate(() => {
    const header = document.getElementById('site-header')!.getBoundingClientRect();
    const next = document
      .querySelector('aside[aria-label="Rating and emergency help"]')!
      .getBoundingClientRect();
    return next.bottom <= header.bottom ? 0 : Math.max(0, Math.round(next.top - header.bottom));
  });

test('no band shows under the header on / and /about at 390 and 1280 px, at the top or after scrolling', async ({
  page,
}) => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    for (const path of ['/', '/about']) {
      await test.step(`at ${viewport.width} px no band shows under the header on ${path}, at the top or after scrolling`, async () => {
        await page.goto(path);
        await expect.poll(() => bandUnderHeader(page)).toBe(0);
        for (const y of [5, 300]) {
          await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
          await expect.poll(() => bandUnderHeader(page), `at ${y} px`).toBe(0);
        }
      });
    }
  }
});
