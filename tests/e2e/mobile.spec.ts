/** The shell at 390 px: the drawer with pointer and keyboard, and the call/quote bar */
import { expect, test, type Page } from '@playwright/test';
import { business, emergencyClaim } from '../../src/config/business.ts';
import { emergencyAliasPath, emergencyPath, mainNav } from '../../src/config/routes.ts';

test('the drawer opens and closes with the pointer', async ({ page }) => {
  await page.goto('/does-not-exist');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const menuButton = page.getByRole('button', { name: 'Menu' });
  await menuButton.click();
  const drawer = page.getByRole('navigation', { name: 'Mobile' });
  await expect(drawer).toBeVisible();
  for (const link of mainNav) {
    await expect(drawer.getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', link.href);
  }
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(drawer).toBeHidden();
});

test('the drawer works with the keyboard: Escape closes it and focus returns to its button', async ({ page }) => {
  await page.goto('/does-not-exist');
  const menuButton = page.getByRole('button', { name: 'Menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('navigation', { name: 'Mobile' });
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.locator('#nav-drawer :focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();
});

test('a link in the drawer navigates', async ({ page }) => {
  await page.goto('/does-not-exist');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('call and quote stay one tap away at the bottom of the screen', async ({ page }) => {
  await page.goto('/does-not-exist');
  const bar = page.getByRole('complementary', { name: 'Call or get a quote' });
  const box = (await bar.boundingBox())!;
  expect(box.y + box.height).toBeGreaterThan(800);
  await expect(bar.getByRole('link', { name: 'Call Now' })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Get a Quote' })).toBeVisible();
});

test('on a portrait phone the home hero shows its tall scene, inline with the page', async ({ page }) => {
  await page.goto('/');
  const scenes = page.locator('.hero-slide [role="img"] svg');
  await expect(scenes.last()).toBeVisible();
  await expect(scenes.first()).toBeHidden();
});

/** The call/quote bar's first link, and its background colour */
const callFirst = (page: Page) => page.getByRole('complementary', { name: 'Call or get a quote' }).getByRole('link').first();
const dangerRed = 'rgb(179, 38, 30)';

for (const path of [emergencyPath, emergencyAliasPath]) {
  test(`on ${path} the bottom bar leads with a red call button`, async ({ page }) => {
    await page.goto(path);
    await expect(callFirst(page)).toHaveAccessibleName('Call Now');
    await expect(callFirst(page)).toHaveCSS('background-color', dangerRed);
  });
}

test('elsewhere the bottom bar keeps its brand-blue call button', async ({ page }) => {
  await page.goto('/');
  await expect(callFirst(page)).toHaveAccessibleName('Call Now');
  await expect(callFirst(page)).not.toHaveCSS('background-color', dangerRed);
});

test('on a phone the rating bar offers the 24/7 emergency call and says where the rating comes from, on the first screen', async ({
  page,
}) => {
  await page.goto('/');
  const bar = page.getByRole('complementary', { name: 'Rating and emergency help' });
  const emergencyLine = bar.getByRole('link', { name: `${emergencyClaim('emergency help')}: ${business.phone.display}` });
  await expect(emergencyLine).toBeVisible();
  await expect(emergencyLine).toHaveAttribute('href', `tel:${business.phone.e164}`);
  const rating = bar.getByRole('link', {
    name: `${business.claims.rating.value.toFixed(1)} from ${business.reviewSite.reviewCount} ${business.reviewSite.name}`,
  });
  await expect(rating).toBeVisible();
  await expect(rating).toHaveAttribute('href', business.reviewSite.url);
  // Above the call/quote bar, and each on one line
  const callBar = (await page.getByRole('complementary', { name: 'Call or get a quote' }).boundingBox())!;
  for (const link of [emergencyLine, rating]) {
    const box = (await link.boundingBox())!;
    expect(box.y + box.height).toBeLessThan(callBar.y);
    expect(box.height).toBeLessThan(36);
  }
});

test('on a phone the header shows the short name on one line', async ({ page }) => {
  await page.goto('/about');
  const home = page.getByRole('banner').getByRole('link', { name: business.shortName, exact: true });
  await expect(home).toBeVisible();
  // The tops of the lines its visible text sits on
  const lineTops = await home.evaluate((link) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement!.checkVisibility()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
    }
    return [...tops];
  });
  expect(lineTops).toHaveLength(1);
});
