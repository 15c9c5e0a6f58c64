/**
 * WebKit with scripting turned off: the project tabs and the review filter filter through CSS,
 * Clear Filters still clears, a quote with a mistake comes back with the problem beside its
 * field and a valid one reaches the thank-you page, and the menu and the FAQ open natively.
 */
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { projectsPath, quotePath, testimonialsPath } from '../../src/config/routes.ts';
import { FIELDS } from '../../src/lib/validation.ts';
import { PHONE, tabCount } from '../support/browser-suites.ts';
import { storedLead, uniqueEmail } from '../support/e2e-leads.ts';
import {
  byText,
  choose,
  countOf,
  launchWebKit,
  nth,
  pathOf,
  selectAllText,
  shownCount,
  shownText,
  tap,
  type,
  type Page,
  type WebKit,
} from './webkit.ts';

let webkit: WebKit;
beforeAll(async () => {
  webkit = await launchWebKit({ javaScript: false });
});
afterAll(async () => {
  await webkit?.close();
});

/** Runs `act`, which leads to another page, and waits until that page has loaded */
async function navigatingBy(page: Page, act: () => Promise<void>): Promise<void> {
  await page.executeScript(() => ((window as unknown as { leaving?: boolean }).leaving = true));
  await act();
  const loaded = () =>
    page
      .executeScript<boolean>(
        () =>
          !(window as unknown as { leaving?: boolean }).leaving &&
          document.readyState === 'complete',
      )
      // While the next page replaces it, the old one may no longer answer
      .catch(() => false);
  await expect.poll(loaded).toBe(true);
}

describe('without JavaScript', () => {
  test('the project tabs show the cards each label counts', async () => {
    const page = await webkit.openPage(projectsPath, PHONE);
    const tabs = await countOf(page, 'fieldset label');
    expect(tabs).toBeGreaterThan(1);
    for (const index of [...Array(tabs).keys()].map((index) => (index + 1) % tabs)) {
      const label = await nth(page, 'fieldset label', index);
      const count = tabCount(await label.getText());
      await tap(page, label);
      await expect.poll(() => shownCount(page, 'ul[aria-label="Projects"] article')).toBe(count);
    }
    await page.quit();
  });

  test('the review filter filters, and Clear Filters shows every review again', async () => {
    const page = await webkit.openPage(testimonialsPath);
    const reviews = 'main figure';
    const all = await shownCount(page, reviews);
    await choose(page, '#service-filter', 'Residential');
    await expect.poll(() => shownCount(page, reviews)).toBeLessThan(all);
    const residential = await shownCount(page, reviews);
    expect(residential).toBeGreaterThan(0);
    expect(await shownText(page, '[role="status"] span')).toBe(
      `Showing ${residential} of ${all} reviews`,
    );
    // Without JavaScript Clear Filters loads the page again, unfiltered
    await navigatingBy(page, async () =>
      tap(page, await byText(page, 'main button', 'Clear Filters')),
    );
    expect(await shownCount(page, reviews)).toBe(all);
    expect(await shownText(page, '[role="status"] span')).toBe(`Showing ${all} of ${all} reviews`);
    expect(await pathOf(page)).toBe(testimonialsPath);
    await page.quit();
  });

  test('a quote with a mistake comes back with the problem beside its field; the corrected one reaches the thank-you page', async () => {
    const page = await webkit.openPage(quotePath);
    const form = 'form[aria-label="Quote request"]';
    const address = uniqueEmail('webkit-nojs');
    const fill = async (field: keyof typeof FIELDS, text: string) => {
      const label = await byText(page, `${form} label`, FIELDS[field].labels.quote);
      const id = await label.getDomAttribute('for');
      await tap(page, label);
      await selectAllText(page);
      await type(page, text);
      return id;
    };
    await fill('name', 'Tane Test');
    await fill('email', 'tane@example');
    await fill('phone', '021 555 0199');
    await fill('address', '3 Example Street, Botany');
    await choose(page, `${form} select`, 'Lighting Design');
    await fill('message', 'Two new downlights in the hallway.');
    await navigatingBy(page, async () =>
      tap(page, await byText(page, `${form} button`, 'Request My Free Quote')),
    );

    const email = await nth(page, `${form} input[name="email"]`, 0);
    expect(await email.getDomAttribute('aria-invalid')).toBe('true');
    expect(await shownText(page, `[id="${await email.getDomAttribute('id')}-error"]`)).toBe(
      FIELDS.email.format.message,
    );
    expect(await (await nth(page, `${form} input[name="name"]`, 0)).getProperty('value')).toBe(
      'Tane Test',
    );
    expect(storedLead(address, inject('leadsDb'))).toBeUndefined();

    await fill('email', address);
    await navigatingBy(page, async () =>
      tap(page, await byText(page, `${form} button`, 'Request My Free Quote')),
    );
    expect(await pathOf(page)).toBe(`${quotePath}/thanks`);
    expect(await shownText(page, 'h1')).toBe('Thank you');
    expect(storedLead(address, inject('leadsDb'))).toMatchObject({
      name: 'Tane Test',
      service: 'Lighting Design',
    });
    await page.quit();
  });

  test('on a phone the menu opens from its button and closes from its close button', async () => {
    const page = await webkit.openPage('/about', PHONE);
    await tap(page, 'button[aria-label="Menu"]');
    await expect.poll(() => shownCount(page, '#nav-drawer a[href]')).toBeGreaterThan(5);
    await tap(page, 'button[aria-label="Close menu"]');
    await expect.poll(() => shownCount(page, '#nav-drawer a[href]')).toBe(0);
    await page.quit();
  });

  test('the FAQ opens one answer at a time', async () => {
    const page = await webkit.openPage(quotePath);
    const summaries = [
      await nth(page, 'details summary', 0),
      await nth(page, 'details summary', 1),
    ];
    await tap(page, summaries[0]!);
    await tap(page, summaries[1]!);
    await expect.poll(() => countOf(page, 'details[open]')).toBe(1);
    expect(await (await nth(page, 'details[open] summary', 0)).getText()).toBe(
      await summaries[1]!.getText(),
    );
    await page.quit();
  });
});
