/**
 * axe over every page of the sitemap and the error pages, at desktop width; any violation fails,
 * as does a region landmark named by words the page does not show. The pages are shared out in
 * a few tests (a new browser page per test costs about as much as axe on a page), each page
 * checked on its own, so one failing names every page that fails.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { builtSitemapPaths, errorPages } from '../support/e2e-site.ts';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
/** Pages per test: enough to spare most of the per-test cost, few enough that both workers share them */
const PAGES_PER_TEST = 6;

/** axe's violations on the page, one line each */
async function axeViolations(page: Page): Promise<string[]> {
  // Reveal everything the scroll effect would, so axe sees the final colours
  await page.evaluate(() =>
    document
      .querySelectorAll('[data-reveal]')
      .forEach((el) => el.setAttribute('data-revealed', '')),
  );
  // axe.run in the page itself: the site has no frames, and the frame-by-frame run (a blank page
  // opened to merge the frames' results) takes three times as long. Only the violations' details.
  const results = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.nodes.length}) ${violation.nodes[0]?.target.join(' ')}`,
  );
}

/** Each region landmark named by words the page does not show */
function unnamedRegions(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll(
        'section[aria-label], section[aria-labelledby], [role="region"]',
      ),
    ].flatMap((region) => {
      if (region.hasAttribute('aria-label'))
        return [`aria-label="${region.getAttribute('aria-label')}"`];
      const ids = (region.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
      // A visually hidden heading (1 px, clipped) does not count as shown
      const shown = ids
        .map((id) => document.getElementById(id)?.getBoundingClientRect())
        .filter((box) => box && box.width > 1 && box.height > 1);
      return shown.length > 0 ? [] : [`aria-labelledby="${ids.join(' ')}" names nothing visible`];
    }),
  );
}

const paths = [...builtSitemapPaths(), ...errorPages];
for (let first = 0; first < paths.length; first += PAGES_PER_TEST) {
  const some = paths.slice(first, first + PAGES_PER_TEST);
  test(`no axe violations, and every region named by words it shows, on ${some.join(', ')}`, async ({
    page,
  }) => {
    test.setTimeout(some.length * 30_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const path of some) {
      await page.goto(path);
      expect.soft(await axeViolations(page), `axe on ${path}`).toEqual([]);
      expect.soft(await unnamedRegions(page), `regions of ${path}`).toEqual([]);
    }
  });
}
