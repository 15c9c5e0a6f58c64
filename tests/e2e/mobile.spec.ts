/** The shell at 390 px: the drawer with pointer and keyboard, and the call/quote bar */
import { expect, test, type Page } from '@playwright/test';
import { business } from '../../src/config/business.ts';
import { availability } from '../../src/lib/site-day.ts';
import { emergencyHelpWords } from '../../src/lib/availability.ts';
import { fitsPhoneHeader, phoneHeaderFit } from '../../src/lib/header-fit.ts';
import { emergencyAliasPath, emergencyPath, mainNav } from '../../src/config/routes.ts';

/** The call/quote bar's first link, and its background colour */
const callFirst = (page: Page) =>
  page.getByRole('complementary', { name: 'Call or get a quote' }).getByRole('link').first();
const dangerRed = 'rgb(179, 38, 30)';

// The drawer with the keyboard (Escape, focus back on its button) is menu.spec.ts's at 390 px
test('call and quote stay one tap away at the bottom of the screen; the drawer opens and closes with the pointer, and a link in it navigates', async ({
  page,
}) => {
  await page.goto('/does-not-exist');
  await test.step('call and quote stay one tap away at the bottom of the screen', async () => {
    const bar = page.getByRole('complementary', { name: 'Call or get a quote' });
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(800);
    await expect(bar.getByRole('link', { name: 'Call Now' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Get a Quote' })).toBeVisible();
  });
  await test.step('the drawer opens and closes with the pointer', async () => {
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await menuButton.click();
    const drawer = page.getByRole('navigation', { name: 'Mobile' });
    await expect(drawer).toBeVisible();
    for (const link of mainNav) {
      await expect(drawer.getByRole('link', { name: link.label, exact: true })).toHaveAttribute(
        'href',
        link.href,
      );
    }
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();
  });
  await test.step('a link in the drawer navigates', async () => {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: 'Home', exact: true })
      .click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('on a phone the home page shows its tall hero scene, the rating bar with the 24/7 call on the first screen and a brand-blue call button; the emergency pages a red one', async ({
  page,
}) => {
  await page.goto('/');
  await test.step('on a portrait phone the home hero shows its tall scene, inline with the page', async () => {
    const scenes = page.locator('.hero-slide [role="img"] svg');
    await expect(scenes.last()).toBeVisible();
    await expect(scenes.first()).toBeHidden();
  });
  await test.step('on a phone the rating bar offers the 24/7 emergency call and says where the rating comes from, on the first screen', async () => {
    const bar = page.getByRole('complementary', { name: 'Rating and emergency help' });
    const emergencyLine = bar.getByRole('link', {
      name: `${emergencyHelpWords(availability)}: ${business.phone.display}`,
    });
    await expect(emergencyLine).toBeVisible();
    await expect(emergencyLine).toHaveAttribute('href', `tel:${business.phone.e164}`);
    const rating = bar.getByRole('link', {
      name: `${business.claims.rating.value.toFixed(1)} from ${business.reviewSite.reviewCount} ${business.reviewSite.name}`,
    });
    await expect(rating).toBeVisible();
    await expect(rating).toHaveAttribute('href', business.reviewSite.url);
    // Above the call/quote bar, and each on one line
    const callBar = (await page
      .getByRole('complementary', { name: 'Call or get a quote' })
      .boundingBox())!;
    for (const link of [emergencyLine, rating]) {
      const box = (await link.boundingBox())!;
      expect(box.y + box.height).toBeLessThan(callBar.y);
      expect(box.height).toBeLessThan(36);
    }
  });
  await test.step('elsewhere the bottom bar keeps its brand-blue call button', async () => {
    await expect(callFirst(page)).toHaveAccessibleName('Call Now');
    await expect(callFirst(page)).not.toHaveCSS('background-color', dangerRed);
  });
  for (const path of [emergencyPath, emergencyAliasPath]) {
    await test.step(`on ${path} the bottom bar leads with a red call button`, async () => {
      await page.goto(path);
      await expect(callFirst(page)).toHaveAccessibleName('Call Now');
      await expect(callFirst(page)).toHaveCSS('background-color', dangerRed);
    });
  }
});

/** Where the header's name and menu button sit: the lines the name's visible text takes, and the boxes */
async function headerLayout(page: Page, name: string = business.shortName) {
  const home = page.getByRole('banner').getByRole('link', { name, exact: true });
  await expect(home).toBeVisible();
  return home.evaluate((link) => {
    const tops = new Set<number>();
    let right = 0;
    let [top, bottom] = [Infinity, -Infinity];
    const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement!.checkVisibility()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        tops.add(Math.round(rect.top));
        right = Math.max(right, rect.right);
        top = Math.min(top, rect.top);
        bottom = Math.max(bottom, rect.bottom);
      }
    }
    const header = document.querySelector('#site-header')!.getBoundingClientRect();
    const menu = document.querySelector('#site-header button[aria-label="Menu"]')!;
    const button = menu.getBoundingClientRect();
    const hit = document.elementFromPoint(
      button.left + button.width / 2,
      button.top + button.height / 2,
    );
    return {
      lines: tops.size,
      name: { right, top, bottom },
      header: { top: header.top, bottom: header.bottom },
      button: { left: button.left, right: button.right },
      viewport: document.documentElement.clientWidth,
      menuOnTop: hit !== null && menu.contains(hit),
    };
  });
}

type HeaderLayout = Awaited<ReturnType<typeof headerLayout>>;

/** What matters for any name: one or two lines, inside the header, clear of the menu button, which is on screen and on top */
function problemsOf(layout: HeaderLayout): string[] {
  const problems: string[] = [];
  if (layout.lines < 1 || layout.lines > 2) problems.push(`${layout.lines} lines`);
  if (layout.name.top < layout.header.top || layout.name.bottom > layout.header.bottom)
    problems.push('name spills out of the header');
  if (layout.name.right > layout.button.left) problems.push('name runs into the menu button');
  if (layout.button.right > layout.viewport) problems.push('menu button off the screen');
  if (!layout.menuOnTop) problems.push('menu button covered');
  return problems;
}

test("on a phone the header shows the short name on one or two lines, clear of a menu button that works; a short name the launch check passes fits a 360 px phone's compact header, and one it warns about does not", async ({
  page,
}) => {
  await test.step('on a phone the header shows the short name on one or two lines, clear of a menu button that works', async () => {
    await page.goto('/about');
    expect(problemsOf(await headerLayout(page)), 'at the top of the page').toEqual([]);
    // Compact after a scroll: lower, and the name must still fit
    await page.mouse.wheel(0, 600);
    await expect(page.locator('#site-header')).toHaveAttribute('data-compact', 'true');
    await expect
      .poll(async () => problemsOf(await headerLayout(page)), { message: 'compact' })
      .toEqual([]);
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  });
  // Last: this step writes other names into the header
  await test.step("a short name the launch check passes fits a 360 px phone's compact header, and one it warns about does not", async () => {
    await page.setViewportSize({ width: phoneHeaderFit.viewport, height: 740 });
    await page.goto('/');
    await expect(page.locator('#site-header')).toHaveAttribute('data-compact', 'true');
    const names = [
      business.shortName,
      'Pōhutukawa Coast Electrical',
      'Maraetai Maintenance & Wiring',
      'WWW Wiremu Wiring Works',
      'Kawakawa Bay Electrical Services',
      'Pohutukawa Coast Electrical and Handyman Services',
    ];
    const verdicts: string[] = [];
    for (const name of names) {
      // The name the header shows on a phone, as business.ts would set it
      await page
        .getByRole('banner')
        .getByRole('link')
        .first()
        .evaluate((link, text) => {
          const shown = [...link.querySelectorAll('span')].find(
            (span) => span.checkVisibility() && span.children.length === 0 && span.textContent,
          );
          shown!.textContent = text;
          link.setAttribute('aria-label', text);
        }, name);
      const problems = problemsOf(await headerLayout(page, name));
      verdicts.push(
        `${name}: check ${fitsPhoneHeader(name) ? 'passes' : 'warns'}, header ${problems.join(', ') || 'fine'}`,
      );
      if (fitsPhoneHeader(name)) expect(problems, name).toEqual([]);
    }
    console.log(`phone header at ${phoneHeaderFit.viewport} px:\n  ${verdicts.join('\n  ')}`);
    // The estimate is generous, not blind: the longest name is one it warns about and a header cannot hold
    expect(fitsPhoneHeader(names.at(-1)!)).toBe(false);
    expect(verdicts.at(-1)).not.toMatch(/header fine$/);
  });
});
