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
    return {
      names: items.map((item) => item.name),
      paths: items.flatMap((item) => (item.item ? [new URL(item.item).pathname] : [])),
    };
  }
  return undefined;
}

/**
 * The breadcrumb navigation the visitor sees, if there is one: read in one look at the page (a page
 * is one of some fifty the walk visits), then checked: shown, within the screen, its last crumb the page
 */
async function visibleTrail(page: Page): Promise<Trail | undefined> {
  const nav = page.getByRole('navigation', { name: 'Breadcrumb' });
  if ((await nav.count()) === 0) return undefined;
  const seen = await nav.evaluate((element) => {
    const shown = (node: Element | null | undefined) =>
      !!node &&
      node.checkVisibility({ checkVisibilityCSS: true }) &&
      node.getBoundingClientRect().width > 0 &&
      node.getBoundingClientRect().height > 0;
    const items = [...element.querySelectorAll<HTMLElement>('li')];
    return {
      shown: shown(element),
      right: element.querySelector('ol, ul')!.getBoundingClientRect().right,
      lastIsPage: shown(items.at(-1)?.querySelector('[aria-current="page"]')),
      names: items.map((item) => item.innerText.replace(/^›\s*/, '').trim()),
      paths: [...element.querySelectorAll('a[href]')].map((link) => link.getAttribute('href')!),
    };
  });
  expect(seen.shown, 'the trail is shown').toBe(true);
  expect(seen.right, 'the trail fits the screen').toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(seen.lastIsPage, 'the last crumb is the page, shown').toBe(true);
  return { names: seen.names, paths: seen.paths };
}

/** A phone and a desktop: the trail is read at each, on one visit to the page */
const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

test('every page shows the breadcrumb trail it marks up, or has neither, on a phone and on a desktop', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const paths = [
    ...(await sitemapPaths(request)),
    ...aliases.map((alias) => alias.path),
    ...errorPages,
  ];
  let trails = 0;
  for (const path of paths) {
    await page.setViewportSize(viewports[0]!);
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    const markedUp = await markedUpTrail(page);
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      expect
        .soft(
          await visibleTrail(page),
          `${path} at ${viewport.width} px: the trail on the page is the trail in its JSON-LD`,
        )
        .toEqual(markedUp);
    }
    if (markedUp) trails++;
  }
  expect(trails).toBeGreaterThan(30);
});

// The card is in the page's head, the same at every width
test("a page's sharing card opens as a 1200 × 630 picture", async ({ page }) => {
  for (const path of [
    '/',
    '/services/ceiling-fans',
    '/quote',
    '/testimonials',
    '/does-not-exist',
    '/gone',
  ]) {
    await page.goto(path);
    const card = new URL(
      (await page.locator('meta[property="og:image"]').getAttribute('content'))!,
    );
    await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', /\S/);
    const response = await page.goto(card.pathname);
    expect(response?.headers()['content-type'], `${path}: ${card.pathname}`).toBe('image/jpeg');
    const size = await page
      .locator('img')
      .evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight]);
    expect(size, `${path}: ${card.pathname}`).toEqual([1200, 630]);
  }
});
