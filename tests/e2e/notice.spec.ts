/**
 * The notice of a closure (business.json `closure`): on every public page exactly while the facts
 * hold one that runs today; and how a notice sits in the shell at a phone's and a desktop's width. The second is tried on
 * the build as it is, its pages served with the markup the layout renders for a sample notice
 * (tests/unit/site-notice.test.ts checks the header puts it there), so no build with a notice is
 * needed.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SiteNotice, SiteNoticeSpacer } from '../../src/components/layout/SiteNotice.tsx';
import { business } from '../../src/config/business.ts';
import { availabilityOn, nzDateOf } from '../../src/lib/availability.ts';
import { emergencyPath, quotePath } from '../../src/config/routes.ts';

/** A page of each kind the layout serves: home (compact header), content, form, thank-you, error */
/** The notice the build shows today (the build and the test run on the same New Zealand day) */
const todaysNotice = availabilityOn(business, nzDateOf(new Date())).notice;

const pages = ['/', '/projects', emergencyPath, quotePath, `${quotePath}/thanks`, '/no-such-page'];

test('every page shows the closure notice of business.json above the header while there is one, and no trace of it otherwise', async ({
  page,
}) => {
  for (const path of pages) {
    await page.goto(path);
    const notice = page.locator('[data-site-notice]');
    if (todaysNotice) {
      await expect(notice, path).toHaveText(todaysNotice);
      expect((await notice.boundingBox())!.y, path).toBe(0);
    } else {
      await expect(notice, path).toHaveCount(0);
      await expect(page.locator('#site-header'), path).not.toHaveAttribute('data-scrolled');
    }
  }
});

const sample =
  'Away 24 Dec – 6 Jan: for emergencies call 0800 555 014, or Vector on 0508 832 867 for power cuts.';

/** Text as React writes it into markup */
const escaped = (text: string) => renderToStaticMarkup(createElement('p', null, text)).slice(3, -4);

/**
 * Serves the built page at `path` with the sample notice, as the layout renders one (its header
 * opens with the strip, the room under the fixed header opens with the stand-in); a build that
 * already has a notice gets the sample's words instead
 */
async function withSampleNotice(page: Page, path: string) {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const response = await route.fetch();
      let html = await response.text();
      if (todaysNotice) html = html.replaceAll(escaped(todaysNotice), escaped(sample));
      else {
        const header = /<header id="site-header"[^>]*>/.exec(html)?.[0];
        const spacer = /<div class="shrink-0 h-1[48] [^"]*" aria-hidden="true"><\/div>/.exec(
          html,
        )?.[0];
        expect(
          header && spacer,
          `${path} has the header and its spacer as the layout renders them`,
        ).toBeTruthy();
        html = html
          .replace(
            header!,
            `${header!.replace(/>$/, ' data-scrolled="false">')}${renderToStaticMarkup(createElement(SiteNotice, { text: sample }))}`,
          )
          .replace(
            spacer!,
            `${renderToStaticMarkup(createElement(SiteNoticeSpacer, { text: sample }))}${spacer!}`,
          );
      }
      await route.fulfill({ response, body: html });
    },
  );
  await page.goto(path);
}

const box = async (page: Page, selector: string) =>
  (await page.locator(selector).first().boundingBox())!;

for (const width of [390, 1280]) {
  test.describe(`a notice at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 844 : 900 }, hasTouch: width < 600 });

    test('on / and /projects sits at the very top, above a whole header, readable, and folds away on scrolling', async ({
      page,
    }) => {
      for (const path of ['/', '/projects']) {
        await test.step(`on ${path} sits at the very top, above a whole header, readable, and folds away on scrolling`, async () => {
          await withSampleNotice(page, path);
          const notice = page.locator('[data-site-notice]');
          await expect(notice).toHaveText(sample);
          await expect(notice).toBeVisible();
          // Not news that arrives: no live region anywhere around it
          expect(
            await notice.evaluate((element) =>
              element.closest('[aria-live],[role="status"],[role="alert"]'),
            ),
          ).toBeNull();

          const strip = await box(page, '[data-site-notice]');
          const bar = await box(page, '#site-header > div:last-child');
          const banner = await box(page, 'aside[aria-label="Rating and emergency help"]');
          expect(strip.y).toBe(0);
          expect(strip.height).toBeLessThanOrEqual(width < 600 ? 3 * 21 + 12 : 32);
          // The header bar right under the notice, its own height as without one; the page under both
          expect(Math.abs(bar.y - (strip.y + strip.height))).toBeLessThan(1);
          expect(bar.height).toBeGreaterThanOrEqual(56);
          expect(Math.abs(banner.y - (bar.y + bar.height + 1))).toBeLessThan(2);
          // The floating call and quote buttons stay clear of it
          const actions = await box(page, 'aside[aria-label="Call or get a quote"]');
          expect(actions.y).toBeGreaterThan(bar.y + bar.height);
          // Its words fit, and read well against it
          expect(
            await notice.evaluate((element) => element.scrollWidth <= element.clientWidth),
          ).toBe(true);
          expect(
            await notice.evaluate((element) => parseFloat(getComputedStyle(element).fontSize)),
          ).toBeGreaterThanOrEqual(14);
          const contrast = await new AxeBuilder({ page })
            .include('[data-site-notice]')
            .withRules(['color-contrast'])
            .analyze();
          expect(contrast.violations).toEqual([]);
          // Only one copy is read out: the room kept for it in the page is hidden from everyone
          await expect(
            page.getByText(sample, { exact: true }).filter({ visible: true }),
          ).toHaveCount(1);
          await expect(
            page.locator('[aria-hidden="true"]').getByText(sample, { exact: true }),
          ).toBeHidden();

          await page.evaluate(() => window.scrollTo(0, 400));
          await expect(page.locator('#site-header')).toHaveAttribute('data-scrolled', 'true');
          await expect
            .poll(async () => (await box(page, '#site-header > div:first-child')).height)
            .toBeLessThan(1);
          expect((await box(page, '#site-header > div:last-child')).y).toBeLessThan(1);
          await page.evaluate(() => window.scrollTo(0, 0));
          await expect(page.locator('#site-header')).toHaveAttribute('data-scrolled', 'false');
          await expect.poll(async () => (await box(page, '[data-site-notice]')).y).toBe(0);
        });
      }
    });
  });
}
