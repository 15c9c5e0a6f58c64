/**
 * Firefox with scripting turned off: the project tabs and the review filter filter through CSS,
 * Clear Filters still clears, a quote with a mistake comes back with the problem beside its
 * field and a valid one reaches the thank-you page, and the menu and the FAQ open natively.
 */
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { projectsPath, quotePath, testimonialsPath } from '../../src/config/routes.ts';
import { FIELDS } from '../../src/lib/validation.ts';
import { PHONE, tabCount } from '../support/browser-suites.ts';
import { storedLead, uniqueEmail } from '../support/e2e-leads.ts';
import {
  byText,
  countOf,
  launchFirefox,
  nth,
  openPage,
  pathOf,
  shownCount,
  shownText,
  tap,
  tapToNavigate,
} from './firefox.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchFirefox({ javaScript: false });
});
afterAll(async () => {
  await browser?.close();
});

describe('without JavaScript', () => {
  test('the project tabs show the cards each label counts', async () => {
    const page = await openPage(browser, projectsPath, PHONE);
    const tabs = await countOf(page, 'fieldset label');
    expect(tabs).toBeGreaterThan(1);
    for (const index of [...Array(tabs).keys()].map((index) => (index + 1) % tabs)) {
      const label = await nth(page, 'fieldset label', index);
      const count = tabCount(await label.evaluate((element) => element.textContent ?? ''));
      await tap(page, label);
      await expect.poll(() => shownCount(page, 'ul[aria-label="Projects"] article')).toBe(count);
    }
    await page.close();
  });

  test('the review filter filters, and Clear Filters shows every review again', async () => {
    const page = await openPage(browser, testimonialsPath);
    const reviews = 'main figure';
    const all = await shownCount(page, reviews);
    await page.select('#service-filter', 'Residential');
    const residential = await shownCount(page, reviews);
    expect(residential).toBeGreaterThan(0);
    expect(residential).toBeLessThan(all);
    expect(await shownText(page, '[role="status"] span')).toBe(
      `Showing ${residential} of ${all} reviews`,
    );
    // Without JavaScript Clear Filters loads the page again, unfiltered
    await tapToNavigate(page, await byText(page, 'main button', 'Clear Filters'));
    expect(await shownCount(page, reviews)).toBe(all);
    expect(await shownText(page, '[role="status"] span')).toBe(`Showing ${all} of ${all} reviews`);
    expect(pathOf(page)).toBe(testimonialsPath);
    await page.close();
  });

  test('a quote with a mistake comes back with the problem beside its field; the corrected one reaches the thank-you page', async () => {
    const page = await openPage(browser, quotePath);
    const form = 'form[aria-label="Quote request"]';
    const address = uniqueEmail('firefox-nojs');
    const fill = async (field: keyof typeof FIELDS, text: string) => {
      const label = await byText(page, `${form} label`, FIELDS[field].labels.quote);
      const id = await label.evaluate((element) => (element as HTMLLabelElement).htmlFor);
      await tap(page, label);
      await page.keyboard.down('Control');
      await page.keyboard.press('a');
      await page.keyboard.up('Control');
      await page.keyboard.type(text);
      return id;
    };
    await fill('name', 'Tane Test');
    await fill('email', 'tane@example');
    await fill('phone', '021 555 0199');
    await fill('address', '3 Example Street, Botany');
    await page.select(`${form} select`, 'Lighting Design');
    await fill('message', 'Two new downlights in the hallway.');
    await tapToNavigate(page, await byText(page, `${form} button`, 'Request My Free Quote'));

    const email = await page.$eval(`${form} input[name="email"]`, (input) => input.id);
    expect(await page.$eval(`[id="${email}"]`, (input) => input.getAttribute('aria-invalid'))).toBe(
      'true',
    );
    expect(await shownText(page, `[id="${email}-error"]`)).toBe(FIELDS.email.format.message);
    expect(await page.$eval(`${form} input[name="name"]`, (input) => input.value)).toBe(
      'Tane Test',
    );
    expect(storedLead(address, inject('leadsDb'))).toBeUndefined();

    await fill('email', address);
    await tapToNavigate(page, await byText(page, `${form} button`, 'Request My Free Quote'));
    expect(pathOf(page)).toBe(`${quotePath}/thanks`);
    expect(await shownText(page, 'h1')).toBe('Thank you');
    expect(storedLead(address, inject('leadsDb'))).toMatchObject({
      name: 'Tane Test',
      service: 'Lighting Design',
    });
    await page.close();
  });

  test('on a phone the menu opens from its button and closes from its close button', async () => {
    const page = await openPage(browser, '/about', PHONE);
    await tap(page, 'button[aria-label="Menu"]');
    await expect.poll(() => shownCount(page, '#nav-drawer a[href]')).toBeGreaterThan(5);
    await tap(page, 'button[aria-label="Close menu"]');
    await expect.poll(() => shownCount(page, '#nav-drawer a[href]')).toBe(0);
    await page.close();
  });

  test('the FAQ opens one answer at a time', async () => {
    const page = await openPage(browser, quotePath);
    const summaries = [
      await nth(page, 'details summary', 0),
      await nth(page, 'details summary', 1),
    ];
    await tap(page, summaries[0]!);
    await tap(page, summaries[1]!);
    await expect.poll(() => countOf(page, 'details[open]')).toBe(1);
    expect(await page.$eval('details[open] summary', (summary) => summary.textContent)).toBe(
      await summaries[1]!.evaluate((summary) => summary.textContent),
    );
    await page.close();
  });
});
