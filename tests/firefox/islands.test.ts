/**
 * The islands in Firefox: the first tap, which also starts loading the island's code, does what
 * the visitor tapped (a project tab filters, a card opens in the lightbox, a label focuses its
 * field), and the forms, the review filter, the menu and the FAQ work once it has loaded; the
 * floating actions keep to one line each on a small phone.
 */
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { projectsPath, quotePath, testimonialsPath } from '../../src/config/routes.ts';
import { SEND_OUTCOMES } from '../../src/components/forms/send-outcomes.ts';
import { FIELDS } from '../../src/lib/validation.ts';
import { FLOATING_LINKS, linesOfText, PHONE, tabCount } from '../support/browser-suites.ts';
import { storedLead, uniqueEmail } from '../support/e2e-leads.ts';
import {
  byText,
  focusedId,
  launchFirefox,
  openPage,
  pathOf,
  shownCount,
  shownText,
  tap,
} from './firefox.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchFirefox();
});
afterAll(async () => {
  await browser?.close();
});

/** A page whose next click records whether it reached an island that had not hydrated yet */
async function openRecordingFirstClick(
  path: string,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const page = await openPage(browser, path, viewport);
  await page.evaluate(() => {
    document.addEventListener(
      'click',
      (event) => {
        (window as unknown as { clickBeforeHydration?: boolean }).clickBeforeHydration ??= Boolean(
          (event.target as Element).closest('astro-island[ssr]'),
        );
      },
      true,
    );
  });
  return page;
}

const clickBeforeHydration = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { clickBeforeHydration?: boolean }).clickBeforeHydration,
  );
const islandsLoading = (page: Page) =>
  page.evaluate(() => document.querySelectorAll('astro-island[ssr]').length);

const tabLabels = 'fieldset label';
const projectCards = 'ul[aria-label="Projects"] article';

/** The count at the end of each project tab's label */
async function tabCounts(page: Page): Promise<number[]> {
  const texts = await page.$$eval(tabLabels, (labels) =>
    labels.map((label) => label.textContent ?? ''),
  );
  return texts.map(tabCount);
}

describe('the project gallery', () => {
  for (const tab of [1, 2]) {
    test(`a first tap on tab ${tab} shows the cards its label counts, before and after the gallery loads`, async () => {
      const page = await openRecordingFirstClick(projectsPath);
      const counts = await tabCounts(page);
      expect(await shownCount(page, projectCards)).toBe(counts[0]);
      await tap(page, (await page.$$(tabLabels))[tab]!);
      expect(await clickBeforeHydration(page)).toBe(true);
      await expect.poll(() => shownCount(page, projectCards)).toBe(counts[tab]);
      await expect.poll(() => islandsLoading(page)).toBe(0);
      expect(
        await page.$$eval(`${tabLabels} input`, (inputs) => inputs.map((input) => input.checked)),
      ).toEqual(counts.map((_, index) => index === tab));
      expect(await shownCount(page, projectCards)).toBe(counts[tab]);
      await page.close();
    });
  }

  test('a first tap on a project opens it in the lightbox, on the same page', async () => {
    const page = await openRecordingFirstClick(projectsPath);
    const title = await page.$eval(`${projectCards} h3 a`, (link) => link.textContent);
    await tap(page, `${projectCards} h3 a`);
    expect(await clickBeforeHydration(page)).toBe(true);
    await expect
      .poll(() => shownText(page, 'dialog[open] h2, dialog[open] figcaption'))
      .toContain(title);
    expect(pathOf(page)).toBe(projectsPath);
    await page.close();
  });
});

describe('the forms', () => {
  for (const { path, form, name } of [
    { path: '/', form: 'form[aria-label="Request a free quote"]', name: FIELDS.name.labels.hero },
    { path: quotePath, form: 'form[aria-label="Quote request"]', name: FIELDS.name.labels.quote },
  ]) {
    test(`on ${path} a first tap on a field's label focuses the field, which keeps what is typed`, async () => {
      const page = await openRecordingFirstClick(path);
      const label = await byText(page, `${form} label`, name);
      const field = await label.evaluate((element) => (element as HTMLLabelElement).htmlFor);
      await tap(page, label);
      expect(await clickBeforeHydration(page)).toBe(true);
      expect(await focusedId(page)).toBe(field);
      await page.keyboard.type('Mere Tipene');
      await expect.poll(() => islandsLoading(page)).toBeLessThan(path === '/' ? 2 : 1);
      expect(await focusedId(page)).toBe(field);
      expect(
        await page.$eval(`[id="${field}"]`, (input) => (input as HTMLInputElement).value),
      ).toBe('Mere Tipene');
      await page.close();
    });
  }

  test('the quote form shows a mistake beside its field, then sends and stores the corrected request', async () => {
    const page = await openPage(browser, quotePath);
    const form = 'form[aria-label="Quote request"]';
    const fill = async (field: keyof typeof FIELDS, text: string) => {
      const label = await byText(page, `${form} label`, FIELDS[field].labels.quote);
      await tap(page, label);
      const id = await label.evaluate((element) => (element as HTMLLabelElement).htmlFor);
      // Select what is there and type over it, as a visitor does, so the form's own state follows.
      await page.keyboard.down('Control');
      await page.keyboard.press('a');
      await page.keyboard.up('Control');
      await page.keyboard.type(text);
      await expect
        .poll(() => page.$eval(`[id="${id}"]`, (input) => (input as HTMLInputElement).value))
        .toBe(text);
      return id;
    };
    const address = uniqueEmail('firefox-quote');
    await fill('name', 'Mere Tipene');
    const email = await fill('email', 'mere@example');
    await fill('phone', '021 555 0123');
    await fill('address', '12 Example Road, Howick');
    await page.select(`${form} select`, 'Electrical Repairs');
    await fill('message', 'Outdoor light by the garage has stopped working.');
    await tap(page, await byText(page, `${form} button`, 'Request My Free Quote'));

    await expect
      .poll(() => page.$eval(`[id="${email}"]`, (input) => input.getAttribute('aria-invalid')))
      .toBe('true');
    expect(await shownText(page, `[id="${email}-error"]`)).toBe(FIELDS.email.format.message);
    expect(storedLead(address, inject('leadsDb'))).toBeUndefined();

    await fill('email', address);
    await tap(page, await byText(page, `${form} button`, 'Request My Free Quote'));
    await expect.poll(() => shownText(page, '.toast')).toContain(SEND_OUTCOMES.quote.success.title);
    expect(storedLead(address, inject('leadsDb'))).toMatchObject({
      name: 'Mere Tipene',
      service: 'Electrical Repairs',
    });
    expect(pathOf(page)).toBe(quotePath);
    await page.close();
  });
});

describe('the review filter', () => {
  test('filters and counts, and Clear Filters resets it where the visitor is', async () => {
    const page = await openPage(browser, testimonialsPath);
    const reviews = 'main figure';
    const all = await shownCount(page, reviews);
    await page.select('#service-filter', 'Commercial');
    const commercial = await shownCount(page, reviews);
    expect(commercial).toBeGreaterThan(0);
    expect(commercial).toBeLessThan(all);
    expect(await shownText(page, '[role="status"] span')).toBe(
      `Showing ${commercial} of ${all} reviews`,
    );
    const clear = await byText(page, 'main button', 'Clear Filters');
    await clear.scrollIntoView();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await tap(page, clear);
    await expect.poll(() => shownCount(page, reviews)).toBe(all);
    expect(
      await page.$eval('#service-filter', (select) => (select as HTMLSelectElement).value),
    ).toBe('');
    expect(await shownText(page, '[role="status"] span')).toBe(`Showing ${all} of ${all} reviews`);
    expect(pathOf(page)).toBe(testimonialsPath);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await page.close();
  });
});

describe('the page shell', () => {
  test("on a 360 px phone the floating 'Call Now' and 'Get a Quote' are one line each", async () => {
    const page = await openPage(browser, '/', { width: 360, height: 740 });
    const links = await page.$$(FLOATING_LINKS);
    const lines = await Promise.all(
      links.map(async (link) => [
        await link.evaluate((element) => element.textContent?.trim() ?? ''),
        await link.evaluate(linesOfText),
      ]),
    );
    expect(lines).toEqual([
      ['Call Now', 1],
      ['Get a Quote', 1],
    ]);
    await page.close();
  });

  test('on a phone the menu opens, offers every page and closes with focus back on its button', async () => {
    const page = await openPage(browser, '/about', PHONE);
    await tap(page, 'button[aria-label="Menu"]');
    await expect.poll(() => shownCount(page, '#nav-drawer a[href]')).toBeGreaterThan(5);
    expect(await page.evaluate(() => document.querySelector('main')!.inert)).toBe(true);
    await tap(page, 'button[aria-label="Close menu"]');
    await expect.poll(() => shownCount(page, '#nav-drawer a[href]')).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Menu',
    );
    expect(await page.evaluate(() => document.querySelector('main')!.inert)).toBe(false);
    await page.close();
  });

  test('the FAQ opens one answer at a time', async () => {
    const page = await openPage(browser, quotePath);
    const summaries = await page.$$('details summary');
    expect(summaries.length).toBeGreaterThan(2);
    await tap(page, summaries[0]!);
    await tap(page, summaries[2]!);
    await expect
      .poll(() =>
        page.$$eval('details[open]', (open) =>
          open.map((details) => details.querySelector('summary')!.textContent),
        ),
      )
      .toEqual([await summaries[2]!.evaluate((summary) => summary.textContent)]);
    await tap(page, summaries[2]!);
    await expect.poll(() => page.$$eval('details[open]', (open) => open.length)).toBe(0);
    await page.close();
  });
});
