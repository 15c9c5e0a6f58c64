/**
 * The islands in WebKit, Safari's engine: the first tap, which also starts loading the island's
 * code, does what the visitor tapped (a project tab filters, a card opens in the lightbox, a label
 * focuses its field), and the forms, the review filter, the menu and the FAQ work once it has
 * loaded; the floating actions keep to one line each on a small phone.
 */
import type { WebElement } from 'selenium-webdriver';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { projectsPath, quotePath, testimonialsPath } from '../../src/config/routes.ts';
import { SEND_OUTCOMES } from '../../src/components/forms/send-outcomes.ts';
import { FIELDS } from '../../src/lib/validation.ts';
import { FLOATING_LINKS, linesOfText, PHONE, tabCount } from '../support/browser-suites.ts';
import { storedLead, uniqueEmail } from '../support/e2e-leads.ts';
import { startHeldScripts, type HeldScripts } from './held-scripts.ts';
import {
  all,
  byText,
  choose,
  focusedId,
  launchWebKit,
  nth,
  pathOf,
  screenshot,
  selectAllText,
  shownCount,
  shownText,
  tap,
  type,
  type Page,
  type WebKit,
} from './webkit.ts';

let webkit: WebKit;
let heldScripts: HeldScripts;
beforeAll(async () => {
  webkit = await launchWebKit();
  heldScripts = await startHeldScripts(inject('origin'));
});
afterAll(async () => {
  await webkit?.close();
  await heldScripts?.close();
});

/**
 * A page, loaded, whose islands' code is then held back until `firstTap` is done (held-scripts.ts),
 * and whose next click records whether it reached an island that had not hydrated yet
 */
async function openRecordingFirstClick(
  path: string,
  viewport?: { width: number; height: number },
): Promise<Page> {
  heldScripts.release();
  const page = await webkit.openPage(path, viewport, heldScripts.origin);
  heldScripts.hold();
  await page.executeScript(() => {
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

/** A tap on a page from openRecordingFirstClick, after which its islands' code arrives */
async function firstTap(page: Page, element: WebElement | string): Promise<void> {
  await tap(page, element);
  heldScripts.release();
}

const clickBeforeHydration = (page: Page) =>
  page.executeScript<boolean | null>(
    () => (window as unknown as { clickBeforeHydration?: boolean }).clickBeforeHydration ?? null,
  );
const islandsLoading = (page: Page) =>
  page.executeScript<number>(() => document.querySelectorAll('astro-island[ssr]').length);

const tabLabels = 'fieldset label';
const projectCards = 'ul[aria-label="Projects"] article';

/** The count at the end of each project tab's label */
async function tabCounts(page: Page): Promise<number[]> {
  const texts = await page.executeScript<string[]>(
    (css: string) => [...document.querySelectorAll(css)].map((label) => label.textContent ?? ''),
    tabLabels,
  );
  return texts.map(tabCount);
}

describe('the project gallery', () => {
  for (const tab of [1, 2]) {
    test(`a first tap on tab ${tab} shows the cards its label counts, before and after the gallery loads`, async () => {
      const page = await openRecordingFirstClick(projectsPath);
      const counts = await tabCounts(page);
      expect(await shownCount(page, projectCards)).toBe(counts[0]);
      await firstTap(page, await nth(page, tabLabels, tab));
      expect(await clickBeforeHydration(page)).toBe(true);
      await expect.poll(() => shownCount(page, projectCards)).toBe(counts[tab]);
      await expect.poll(() => islandsLoading(page)).toBe(0);
      expect(
        await page.executeScript<boolean[]>(
          (css: string) =>
            [...document.querySelectorAll<HTMLInputElement>(css)].map((input) => input.checked),
          `${tabLabels} input`,
        ),
      ).toEqual(counts.map((_, index) => index === tab));
      expect(await shownCount(page, projectCards)).toBe(counts[tab]);
      await page.quit();
    });
  }

  test('a first tap on a project opens it in the lightbox, on the same page', async () => {
    const page = await openRecordingFirstClick(projectsPath);
    const title = await (await nth(page, `${projectCards} h3 a`, 0)).getText();
    await firstTap(page, `${projectCards} h3 a`);
    expect(await clickBeforeHydration(page)).toBe(true);
    await expect
      .poll(() => shownText(page, 'dialog[open] h2, dialog[open] figcaption'))
      .toContain(title);
    expect(await pathOf(page)).toBe(projectsPath);
    await page.quit();
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
      const field = await label.getDomAttribute('for');
      await tap(page, label);
      expect(await clickBeforeHydration(page)).toBe(true);
      expect(await focusedId(page)).toBe(field);
      // Typed while the form's code is still on its way
      await type(page, 'Mere Tipene');
      heldScripts.release();
      await expect.poll(() => islandsLoading(page)).toBeLessThan(path === '/' ? 2 : 1);
      expect(await focusedId(page)).toBe(field);
      expect(await (await nth(page, `[id="${field}"]`, 0)).getProperty('value')).toBe(
        'Mere Tipene',
      );
      await page.quit();
    });
  }

  test('the quote form shows a mistake beside its field, then sends and stores the corrected request', async () => {
    const page = await webkit.openPage(quotePath);
    const form = 'form[aria-label="Quote request"]';
    const fill = async (field: keyof typeof FIELDS, text: string) => {
      const label = await byText(page, `${form} label`, FIELDS[field].labels.quote);
      await tap(page, label);
      const id = await label.getDomAttribute('for');
      // Select what is there and type over it, as a visitor does, so the form's own state follows.
      await selectAllText(page);
      await type(page, text);
      await expect
        .poll(() =>
          page.executeScript<string>(
            (css: string) => document.querySelector<HTMLInputElement>(css)!.value,
            `[id="${id}"]`,
          ),
        )
        .toBe(text);
      return id;
    };
    const address = uniqueEmail('webkit-quote');
    await fill('name', 'Mere Tipene');
    const email = await fill('email', 'mere@example');
    await fill('phone', '021 555 0123');
    await fill('address', '12 Example Road, Howick');
    await choose(page, `${form} select`, 'Electrical Repairs');
    await fill('message', 'Outdoor light by the garage has stopped working.');
    await tap(page, await byText(page, `${form} button`, 'Request My Free Quote'));

    await expect
      .poll(async () => (await nth(page, `[id="${email}"]`, 0)).getDomAttribute('aria-invalid'))
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
    expect(await pathOf(page)).toBe(quotePath);
    await page.quit();
  });
});

describe('the review filter', () => {
  test('filters and counts, and Clear Filters resets it where the visitor is', async () => {
    const page = await webkit.openPage(testimonialsPath);
    const reviews = 'main figure';
    const all = await shownCount(page, reviews);
    await choose(page, '#service-filter', 'Commercial');
    await expect.poll(() => shownCount(page, reviews)).toBeLessThan(all);
    const commercial = await shownCount(page, reviews);
    expect(commercial).toBeGreaterThan(0);
    expect(await shownText(page, '[role="status"] span')).toBe(
      `Showing ${commercial} of ${all} reviews`,
    );
    const clear = await byText(page, 'main button', 'Clear Filters');
    const scrolled = await page.executeScript<number>((button: Element) => {
      button.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      return window.scrollY;
    }, clear);
    expect(scrolled).toBeGreaterThan(0);
    await tap(page, clear);
    await expect.poll(() => shownCount(page, reviews)).toBe(all);
    expect(await (await nth(page, '#service-filter', 0)).getProperty('value')).toBe('');
    expect(await shownText(page, '[role="status"] span')).toBe(`Showing ${all} of ${all} reviews`);
    expect(await pathOf(page)).toBe(testimonialsPath);
    expect(await page.executeScript<number>(() => window.scrollY)).toBe(scrolled);
    await page.quit();
  });
});

describe('the page shell', () => {
  test("on a 360 px phone the floating 'Call Now' and 'Get a Quote' are one line each", async () => {
    const page = await webkit.openPage('/', { width: 360, height: 740 });
    const lines = await Promise.all(
      (await all(page, FLOATING_LINKS)).map(async (link) => [
        await page.executeScript<string>(
          (element: Element) => element.textContent?.trim() ?? '',
          link,
        ),
        await page.executeScript<number>(linesOfText, link),
      ]),
    );
    expect(lines).toEqual([
      ['Call Now', 1],
      ['Get a Quote', 1],
    ]);
    await page.quit();
  });

  test('on a phone the menu opens, offers every page and closes with focus back on its button', async () => {
    const page = await webkit.openPage('/about', PHONE);
    await screenshot(page, 'about-390');
    await tap(page, 'button[aria-label="Menu"]');
    await expect.poll(() => shownCount(page, '#nav-drawer a[href]')).toBeGreaterThan(5);
    expect(await page.executeScript<boolean>(() => document.querySelector('main')!.inert)).toBe(
      true,
    );
    await tap(page, 'button[aria-label="Close menu"]');
    await expect.poll(() => shownCount(page, '#nav-drawer a[href]')).toBe(0);
    expect(
      await page.executeScript<string | null>(
        () => document.activeElement?.getAttribute('aria-label') ?? null,
      ),
    ).toBe('Menu');
    expect(await page.executeScript<boolean>(() => document.querySelector('main')!.inert)).toBe(
      false,
    );
    await page.quit();
  });

  test('the FAQ opens one answer at a time', async () => {
    const page = await webkit.openPage(quotePath);
    const summaries = await all(page, 'details summary');
    expect(summaries.length).toBeGreaterThan(2);
    const openSummaries = () =>
      page.executeScript<string[]>(() =>
        [...document.querySelectorAll('details[open]')].map(
          (details) => details.querySelector('summary')!.textContent ?? '',
        ),
      );
    await tap(page, summaries[0]!);
    await tap(page, summaries[2]!);
    const third = await page.executeScript<string>(
      (summary: Element) => summary.textContent ?? '',
      summaries[2]!,
    );
    await expect.poll(openSummaries).toEqual([third]);
    await tap(page, summaries[2]!);
    await expect.poll(openSummaries).toEqual([]);
    await page.quit();
  });
});
