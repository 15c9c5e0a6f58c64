/**
 * The bar of floating actions below 1280 px: 'Call Now' and 'Get a Quote' side by side, each
 * label on one line from a 360 px phone up, so the two buttons are the same height and neither
 * stands out as broken.
 */
import { expect, test } from '@playwright/test';
import { emergencyPath } from '../../src/config/routes.ts';
import { linesOfText } from '../support/browser-suites.ts';

test.use({ hasTouch: true });

test("'Call Now' and 'Get a Quote' are one line each on / and the emergency page at 360, 375, 414 and 768 px", async ({
  page,
}) => {
  for (const width of [360, 375, 414, 768]) {
    await page.setViewportSize({ width, height: 740 });
    for (const path of ['/', emergencyPath]) {
      await test.step(`at ${width} px on ${path} 'Call Now' and 'Get a Quote' are one line each`, async () => {
        await page.goto(path);
        const bar = page.getByRole('complementary', { name: 'Call or get a quote' });
        const links = [
          bar.getByRole('link', { name: 'Call Now' }),
          bar.getByRole('link', { name: 'Get a Quote' }),
        ];
        const heights: number[] = [];
        for (const link of links) {
          await expect(link).toBeVisible();
          expect(await link.evaluate(linesOfText), await link.innerText()).toBe(1);
          heights.push((await link.boundingBox())!.height);
        }
        expect(heights[0]).toBe(heights[1]);
      });
    }
  }
});
