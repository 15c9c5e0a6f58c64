/**
 * The islands in a real browser, written once for the Firefox and the WebKit suites: the first
 * tap, which also starts loading the island's code, does what the visitor tapped (a project tab
 * filters, a card opens in the lightbox, a label focuses its field), and the forms, the review
 * filter, the menu and the FAQ work once it has loaded; the floating actions keep to one line each
 * on a small phone.
 */
import { describe, expect, inject, test } from 'vitest';
import { projectsPath, quotePath, testimonialsPath } from '../../src/config/routes.ts';
import { SEND_OUTCOMES } from '../../src/components/forms/send-outcomes.ts';
import { FIELDS } from '../../src/lib/validation.ts';
import { FLOATING_LINKS, linesOfText, PHONE, tabCount } from './browser-suites.ts';
import { storedLead, uniqueEmail } from './e2e-leads.ts';
import {
  filterReviews,
  REVIEWS,
  focusedId,
  propertyOf,
  shownCount,
  shownText,
  textOf,
  type SuitePage,
} from './suite-page.ts';

type Viewport = { width: number; height: number };

/** A browser of a suite, launched by its test file */
export interface IslandBrowser<E> {
  /** 'firefox' or 'webkit', in the test requests it leaves */
  name: string;
  /** A new page showing `path` of the site's server, loaded */
  open(path: string, viewport?: Viewport): Promise<SuitePage<E>>;
  /**
   * A page, loaded, whose islands' code arrives only once `releaseIslands` is called where the
   * browser needs that for a tap to land before it (WebKit's driver hovers long before it
   * presses), or whenever it comes (Firefox)
   */
  openWithIslandsHeld(path: string, viewport?: Viewport): Promise<SuitePage<E>>;
  releaseIslands(): void;
}

const tabLabels = 'fieldset label';
const projectCards = 'ul[aria-label="Projects"] article';

/** The islands' tests, on the browser `browser()` gives once its test file has launched it */
export function islandTests<E>(browser: () => IslandBrowser<E>): void {
  /** A page whose next click records whether it reached an island that had not hydrated yet */
  async function openRecordingFirstClick(path: string): Promise<SuitePage<E>> {
    const page = await browser().openWithIslandsHeld(path);
    await page.run(() => {
      document.addEventListener(
        'click',
        (event) => {
          (window as unknown as { clickBeforeHydration?: boolean }).clickBeforeHydration ??=
            Boolean((event.target as Element).closest('astro-island[ssr]'));
        },
        true,
      );
    });
    return page;
  }

  /** A tap on a page from openRecordingFirstClick, after which its islands' code arrives */
  async function firstTap(page: SuitePage<E>, target: E | string): Promise<void> {
    await page.tap(target);
    browser().releaseIslands();
  }

  const clickBeforeHydration = (page: SuitePage<E>) =>
    page.run(
      () => (window as unknown as { clickBeforeHydration?: boolean }).clickBeforeHydration ?? null,
    );
  const islandsLoading = (page: SuitePage<E>) =>
    page.run(() => document.querySelectorAll('astro-island[ssr]').length);

  /** The count at the end of each project tab's label */
  async function tabCounts(page: SuitePage<E>): Promise<number[]> {
    const texts = await page.run(
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
        await firstTap(page, await page.nth(tabLabels, tab));
        expect(await clickBeforeHydration(page)).toBe(true);
        await expect.poll(() => shownCount(page, projectCards)).toBe(counts[tab]);
        await expect.poll(() => islandsLoading(page)).toBe(0);
        expect(
          await page.run(
            (css: string) =>
              [...document.querySelectorAll<HTMLInputElement>(css)].map((input) => input.checked),
            `${tabLabels} input`,
          ),
        ).toEqual(counts.map((_, index) => index === tab));
        expect(await shownCount(page, projectCards)).toBe(counts[tab]);
        await page.close();
      });
    }

    test('a first tap on a project opens it in the lightbox, on the same page', async () => {
      const page = await openRecordingFirstClick(projectsPath);
      const title = await textOf(page, await page.nth(`${projectCards} h3 a`, 0));
      await firstTap(page, `${projectCards} h3 a`);
      expect(await clickBeforeHydration(page)).toBe(true);
      await expect
        .poll(() => shownText(page, 'dialog[open] h2, dialog[open] figcaption'))
        .toContain(title);
      expect(await page.path()).toBe(projectsPath);
      await page.close();
    });
  });

  describe('the forms', () => {
    const labelledField = (page: SuitePage<E>, label: E) =>
      page.run((element: HTMLLabelElement) => element.htmlFor, label);

    for (const { path, form, name } of [
      { path: '/', form: 'form[aria-label="Request a free quote"]', name: FIELDS.name.labels.hero },
      { path: quotePath, form: 'form[aria-label="Quote request"]', name: FIELDS.name.labels.quote },
    ]) {
      test(`on ${path} a first tap on a field's label focuses the field, which keeps what is typed`, async () => {
        const page = await openRecordingFirstClick(path);
        const label = await page.byText(`${form} label`, name);
        const field = await labelledField(page, label);
        await page.tap(label);
        expect(await clickBeforeHydration(page)).toBe(true);
        expect(await focusedId(page)).toBe(field);
        // Typed while the form's code is still on its way
        await page.type('Mere Tipene');
        browser().releaseIslands();
        await expect.poll(() => islandsLoading(page)).toBeLessThan(path === '/' ? 2 : 1);
        expect(await focusedId(page)).toBe(field);
        expect(await propertyOf(page, `[id="${field}"]`, 'value')).toBe('Mere Tipene');
        await page.close();
      });
    }

    test('the quote form shows a mistake beside its field, then sends and stores the corrected request', async () => {
      const page = await browser().open(quotePath);
      const form = 'form[aria-label="Quote request"]';
      const fill = async (field: keyof typeof FIELDS, text: string) => {
        const label = await page.byText(`${form} label`, FIELDS[field].labels.quote);
        await page.tap(label);
        const id = await labelledField(page, label);
        // Select what is there and type over it, as a visitor does, so the form's own state follows
        await page.selectAllText();
        await page.type(text);
        await expect.poll(() => propertyOf(page, `[id="${id}"]`, 'value')).toBe(text);
        return id;
      };
      const address = uniqueEmail(`${browser().name}-quote`);
      await fill('name', 'Mere Tipene');
      const email = await fill('email', 'mere@example');
      await fill('phone', '021 555 0123');
      await fill('address', '12 Example Road, Howick');
      await page.choose(`${form} select`, 'Electrical Repairs');
      await fill('message', 'Outdoor light by the garage has stopped working.');
      const send = () => page.byText(`${form} button`, 'Request My Free Quote');
      await page.tap(await send());

      await expect
        .poll(() =>
          page.run(
            (css: string) => document.querySelector(css)?.getAttribute('aria-invalid') ?? null,
            `[id="${email}"]`,
          ),
        )
        .toBe('true');
      expect(await shownText(page, `[id="${email}-error"]`)).toBe(FIELDS.email.format.message);
      expect(storedLead(address, inject('leadsDb'))).toBeUndefined();

      await fill('email', address);
      await page.tap(await send());
      await expect
        .poll(() => shownText(page, '.toast'))
        .toContain(SEND_OUTCOMES.quote.success.title);
      expect(storedLead(address, inject('leadsDb'))).toMatchObject({
        name: 'Mere Tipene',
        service: 'Electrical Repairs',
      });
      expect(await page.path()).toBe(quotePath);
      await page.close();
    });
  });

  describe('the review filter', () => {
    test('filters and counts, and Clear Filters resets it where the visitor is', async () => {
      const page = await browser().open(testimonialsPath);
      const all = await filterReviews(page, 'Commercial');
      const clear = await page.byText('main button', 'Clear Filters');
      const scrolled = await page.run((button: Element) => {
        button.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
        return window.scrollY;
      }, clear);
      expect(scrolled).toBeGreaterThan(0);
      await page.tap(clear);
      await expect.poll(() => shownCount(page, REVIEWS)).toBe(all);
      expect(await propertyOf(page, '#service-filter', 'value')).toBe('');
      expect(await shownText(page, '[role="status"] span')).toBe(
        `Showing ${all} of ${all} reviews`,
      );
      expect(await page.path()).toBe(testimonialsPath);
      expect(await page.run(() => window.scrollY)).toBe(scrolled);
      await page.close();
    });
  });

  describe('the page shell', () => {
    test("on a 360 px phone the floating 'Call Now' and 'Get a Quote' are one line each", async () => {
      const page = await browser().open('/', { width: 360, height: 740 });
      const lines = await Promise.all(
        (await page.all(FLOATING_LINKS)).map(async (link) => [
          await textOf(page, link),
          await page.run(linesOfText, link),
        ]),
      );
      expect(lines).toEqual([
        ['Call Now', 1],
        ['Get a Quote', 1],
      ]);
      await page.close();
    });

    test('on a phone the menu opens, offers every page and closes with focus back on its button', async () => {
      const page = await browser().open('/about', PHONE);
      await page.screenshot?.('about-390');
      const mainIsInert = () => page.run(() => document.querySelector('main')!.inert);
      await page.tap('button[aria-label="Menu"]');
      await expect.poll(() => shownCount(page, '#nav-drawer a[href]')).toBeGreaterThan(5);
      expect(await mainIsInert()).toBe(true);
      await page.tap('button[aria-label="Close menu"]');
      await expect.poll(() => shownCount(page, '#nav-drawer a[href]')).toBe(0);
      expect(await page.run(() => document.activeElement?.getAttribute('aria-label') ?? null)).toBe(
        'Menu',
      );
      expect(await mainIsInert()).toBe(false);
      await page.close();
    });

    test('the FAQ opens one answer at a time', async () => {
      const page = await browser().open(quotePath);
      const summaries = await page.all('details summary');
      expect(summaries.length).toBeGreaterThan(2);
      const openSummaries = () =>
        page.run(() =>
          [...document.querySelectorAll('details[open]')].map((details) =>
            (details.querySelector('summary')!.textContent ?? '').replace(/\s+/g, ' ').trim(),
          ),
        );
      await page.tap(summaries[0]!);
      await page.tap(summaries[2]!);
      const third = await textOf(page, summaries[2]!);
      await expect.poll(openSummaries).toEqual([third]);
      await page.tap(summaries[2]!);
      await expect.poll(openSummaries).toEqual([]);
      await page.close();
    });
  });
}
