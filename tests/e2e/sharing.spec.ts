/**
 * Search and sharing as a visitor sees them, on a phone and on a desktop: every page that marks
 * up a breadcrumb trail shows that same trail, and every page's sharing card opens as a
 * 1200 × 630 picture from this site.
 */
import { expect, test, type Page } from '@playwright/test';
import { aliases } from '../../src/config/routes.ts';
import { errorPages, sitemapPaths } from '../support/e2e-site.ts';

interface Trail {
  names: string[];
  /** Paths of every crumb but the last, which is the page itself */
  paths: string[];
}

interface ListItem {
  name: string;
  item?: string;
}

/** The BreadcrumbList of the page's JSON-LD, if it has one */
async function markedUpTrail(page: Page): Promise<Trail | undefined> {
  for (const json of await page.locator('script[type="application/ld+json"]').allTextContents()) {
    const data = JSON.parse(json) as { '@type'?: string; itemListElement?: ListItem[] };
    if (data['@type'] !== 'BreadcrumbList') continue;
    const items = data.itemListElement!;
    return { names: items.map((item) => item.name), paths: items.flatMap((item) => (item.item ? [new URL(item.item).pathname] : [])) };
  }
  return undefined;
}

/** The breadcrumb navigation the visitor sees, if there is one */
async function visibleTrail(page: Page): Promise<Trail | undefined> {
  const nav = page.getByRole('navigation', { name: 'Breadcrumb' });
  if ((await nav.count()) === 0) return undefined;
  await expect(nav).toBeVisible();
  const box = (await nav.getByRole('list').boundingBox())!;
  expect(box.x + box.width, 'the trail fits the screen').toBeLessThanOrEqual(page.viewportSize()!.width);
  const items = nav.getByRole('listitem');
  await expect(items.last().locator('[aria-current="page"]')).toBeVisible();
  return {
    names: (await items.allInnerTexts()).map((text) => text.replace(/^›\s*/, '').trim()),
    paths: await nav.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')!)),
  };
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('every page shows the breadcrumb trail it marks up, or has neither', async ({ page, request }) => {
      test.setTimeout(120_000);
      const paths = [...(await sitemapPaths(request)), ...aliases.map((alias) => alias.path), ...errorPages];
      let trails = 0;
      for (const path of paths) {
        await page.goto(path, { waitUntil: 'domcontentloaded' });
        const markedUp = await markedUpTrail(page);
        expect.soft(await visibleTrail(page), `${path}: the trail on the page is the trail in its JSON-LD`).toEqual(markedUp);
        if (markedUp) trails++;
      }
      expect(trails).toBeGreaterThan(30);
    });

    test("a page's sharing card opens as a 1200 × 630 picture", async ({ page }) => {
      for (const path of ['/', '/services/ceiling-fans', '/quote', '/testimonials', '/does-not-exist', '/gone']) {
        await page.goto(path);
        const card = new URL((await page.locator('meta[property="og:image"]').getAttribute('content'))!);
        await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', /\S/);
        const response = await page.goto(card.pathname);
        expect(response?.headers()['content-type'], `${path}: ${card.pathname}`).toBe('image/jpeg');
        const size = await page.locator('img').evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]);
        expect(size, `${path}: ${card.pathname}`).toEqual([1200, 630]);
      }
    });
  });
}
