/**
 * The menu below 1280 px is a modal dialog for the keyboard: opening it moves focus in, Tab and
 * Shift+Tab go round inside it, the page behind is inert, and Escape, the close button or a link
 * closes it with focus back on the Menu button. From 1280 px the navigation is in the header.
 */
import { expect, test, type Page } from '@playwright/test';
import { projectsPath } from '../../src/config/routes.ts';

const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Menu' });
const focusInMenu = (page: Page) => page.locator('#nav-drawer :focus');

async function openWithKeyboard(page: Page) {
  await menuButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeVisible();
  await expect(focusInMenu(page)).toHaveCount(1);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1024, height: 768 },
]) {
  test(`at ${viewport.width} px the menu is a modal dialog that keeps focus inside, and Escape, the close button, a link or a tap beside closes it`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await test.step('the menu opened by keyboard is a named modal dialog that keeps focus inside', async () => {
      await page.goto('/about');
      await openWithKeyboard(page);
      await expect(dialog(page)).toHaveAttribute('aria-modal', 'true');
      await expect(page.locator('main')).toHaveJSProperty('inert', true);
      await expect(page.locator('#site-header')).toHaveJSProperty('inert', true);
      const stops = await page.locator('#nav-drawer').locator('a[href], button').count();
      // Twice round in each direction, and focus never leaves the menu
      for (const key of ['Tab', 'Shift+Tab']) {
        for (let press = 0; press < stops * 2; press++) {
          await page.keyboard.press(key);
          await expect(focusInMenu(page), `${key} ×${press + 1}`).toHaveCount(1);
        }
      }
    });

    await test.step('Escape closes the menu, the page is live again and focus is back on the Menu button', async () => {
      await page.goto('/about');
      await openWithKeyboard(page);
      await page.keyboard.press('Escape');
      await expect(dialog(page)).toBeHidden();
      await expect(menuButton(page)).toBeFocused();
      await expect(page.locator('main')).toHaveJSProperty('inert', false);
    });

    await test.step('the close button closes the menu with focus back on the Menu button', async () => {
      await page.goto('/about');
      await openWithKeyboard(page);
      await page.getByRole('button', { name: 'Close menu' }).focus();
      await page.keyboard.press('Enter');
      await expect(dialog(page)).toBeHidden();
      await expect(menuButton(page)).toBeFocused();
    });

    await test.step('choosing a link in the menu by keyboard closes it and goes there', async () => {
      await page.goto('/about');
      await openWithKeyboard(page);
      await dialog(page).getByRole('link', { name: 'Projects', exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${projectsPath}$`));
      await expect(dialog(page)).toBeHidden();
    });

    await test.step('a tap beside the menu still closes it', async () => {
      await page.goto('/about');
      await menuButton(page).click();
      await expect(dialog(page)).toBeVisible();
      await page.mouse.click(10, viewport.height / 2);
      await expect(dialog(page)).toBeHidden();
      await expect(page.locator('main')).toHaveJSProperty('inert', false);
    });
  });
}

test('at 1280 px the navigation is in the header, so there is no menu button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/about');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(menuButton(page)).toBeHidden();
});
