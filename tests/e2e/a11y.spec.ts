/** axe over every page of the sitemap and the error pages, at desktop width; any violation fails */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { builtSitemapPaths, errorPages, sitemapPaths } from '../support/e2e-site.ts';

// One test per page, so each has its own time limit and both workers share the pages
for (const path of [...builtSitemapPaths(), ...errorPages]) {
  test(`no axe violations on ${path}`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(path);
    // Reveal everything the scroll effect would, so axe sees the final colours
    await page.evaluate(() => document.querySelectorAll('[data-reveal]').forEach((el) => el.setAttribute('data-revealed', '')));
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    const failures = results.violations.map(
      (violation) => `${violation.id} (${violation.nodes.length}) ${violation.nodes[0]?.target.join(' ')}`,
    );
    expect(failures).toEqual([]);
  });
}

test('every region landmark is named by words the page shows', async ({ page, request }) => {
  test.setTimeout(120_000);
  const failures: string[] = [];
  for (const path of [...(await sitemapPaths(request)), ...errorPages]) {
    await page.goto(path);
    const unnamed = await page.evaluate(() =>
      [...document.querySelectorAll('section[aria-label], section[aria-labelledby], [role="region"]')].flatMap((region) => {
        if (region.hasAttribute('aria-label')) return [`aria-label="${region.getAttribute('aria-label')}"`];
        const ids = (region.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
        // A visually hidden heading (1 px, clipped) does not count as shown
        const shown = ids
          .map((id) => document.getElementById(id)?.getBoundingClientRect())
          .filter((box) => box && box.width > 1 && box.height > 1);
        return shown.length > 0 ? [] : [`aria-labelledby="${ids.join(' ')}" names nothing visible`];
      }),
    );
    failures.push(...unnamed.map((problem) => `${path}: ${problem}`));
  }
  expect(failures).toEqual([]);
});
