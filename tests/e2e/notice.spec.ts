/**
 * The notice of a closure (business.json `closure`): on every public page exactly while the facts
 * hold one that runs today. How a notice sits in the shell at a phone's and a desktop's width is
 * checked where a build shows one (publish.spec.ts, with tests/support/notice-layout.ts), as each
 * page carries only the styles its own markup uses.
 */
import { expect, test } from '@playwright/test';
import { business } from '../../src/config/business.ts';
import { availabilityOn, nzDateOf } from '../../src/lib/availability.ts';
import { emergencyPath, quotePath } from '../../src/config/routes.ts';

/** The notice the build shows today (the build and the test run on the same New Zealand day) */
const todaysNotice = availabilityOn(business, nzDateOf(new Date())).notice;

/** A page of each kind the layout serves: home (compact header), content, form, thank-you, error */
const pages = ['/', '/projects', emergencyPath, quotePath, `${quotePath}/thanks`, '/no-such-page'];

test('every page shows the closure notice of business.json above the header while there is one, and no trace of it otherwise', async ({
  page,
}) => {
  for (const path of pages) {
    await page.goto(path);
    const notice = page.locator('[data-site-notice]');
    if (todaysNotice) {
      await expect(notice, path).toHaveText(todaysNotice);
      expect((await notice.boundingBox())!.y, path).toBe(0);
    } else {
      await expect(notice, path).toHaveCount(0);
      await expect(page.locator('#site-header'), path).not.toHaveAttribute('data-scrolled');
    }
  }
});
