/**
 * The bar of floating actions below 1280 px: 'Call Now' and 'Get a Quote' side by side, each
 * label on one line from a 360 px phone up, so the two buttons are the same height and neither
 * stands out as broken.
 */
import { expect, test, type Locator } from '@playwright/test';
import { emergencyPath } from '../../src/config/routes.ts';

/** How many lines the words of a link take: the distinct rows of its text's boxes, its icon aside */
async function linesOfText(link: Locator): Promise<number> {
  return link.evaluate((element) => {
    const rows = new Set<number>();
    for (const node of element.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) if (box.width > 0) rows.add(Math.round(box.top));
    }
    return rows.size;
  });
}

for (const width of [360, 375, 414, 768]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 740 }, hasTouch: true });

    for (const path of ['/', emergencyPath]) {
      test(`on ${path} 'Call Now' and 'Get a Quote' are one line each`, async ({ page }) => {
        await page.goto(path);
        const bar = page.getByRole('complementary', { name: 'Call or get a quote' });
        const links = [bar.getByRole('link', { name: 'Call Now' }), bar.getByRole('link', { name: 'Get a Quote' })];
        const heights: number[] = [];
        for (const link of links) {
          await expect(link).toBeVisible();
          expect(await linesOfText(link), await link.innerText()).toBe(1);
          heights.push((await link.boundingBox())!.height);
        }
        expect(heights[0]).toBe(heights[1]);
      });
    }
  });
}
