/**
 * How a closure's notice sits in the page shell, at the width the page is open at: at the very
 * top, above a whole header, readable, read out once, folding away as the page scrolls and back
 * at the top. Checked on a build that shows a notice (the publish suite's), so the page carries
 * the notice's own styles as a real one does.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const box = async (page: Page, selector: string) =>
  (await page.locator(selector).first().boundingBox())!;

export async function expectNoticeAtTop(page: Page, text: string): Promise<void> {
  const width = page.viewportSize()!.width;
  const notice = page.locator('[data-site-notice]');
  await expect(notice).toHaveText(text);
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
  expect(await notice.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  expect(
    await notice.evaluate((element) => parseFloat(getComputedStyle(element).fontSize)),
  ).toBeGreaterThanOrEqual(14);
  const contrast = await new AxeBuilder({ page })
    .include('[data-site-notice]')
    .withRules(['color-contrast'])
    .analyze();
  expect(contrast.violations).toEqual([]);
  // Only one copy is read out: the room kept for it in the page is hidden from everyone
  await expect(page.getByText(text, { exact: true }).filter({ visible: true })).toHaveCount(1);
  await expect(page.locator('[aria-hidden="true"]').getByText(text, { exact: true })).toBeHidden();

  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(page.locator('#site-header')).toHaveAttribute('data-scrolled', 'true');
  await expect
    .poll(async () => (await box(page, '#site-header > div:first-child')).height)
    .toBeLessThan(1);
  expect((await box(page, '#site-header > div:last-child')).y).toBeLessThan(1);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.locator('#site-header')).toHaveAttribute('data-scrolled', 'false');
  await expect.poll(async () => (await box(page, '[data-site-notice]')).y).toBe(0);
}
