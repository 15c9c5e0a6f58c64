/**
 * A browser with scripting turned off, written once for the Firefox and the WebKit suites: the
 * project tabs and the review filter filter through CSS, Clear Filters still clears, a quote with
 * a mistake comes back with the problem beside its field and a valid one reaches the thank-you
 * page, and the menu and the FAQ open natively.
 */
import { describe, expect, inject, test } from 'vitest';
import { projectsPath, quotePath, testimonialsPath } from '../../src/config/routes.ts';
import { FIELDS } from '../../src/lib/validation.ts';
import { PHONE, tabCount } from './browser-suites.ts';
import { storedLead, uniqueEmail } from './e2e-leads.ts';
import {
  filterReviews,
  REVIEWS,
  propertyOf,
  shownCount,
  shownText,
  tapToNavigate,
  textOf,
  type SuitePage,
} from './suite-page.ts';

/** A browser of a suite with scripting off, launched by its test file */
export interface NoScriptBrowser<E> {
  /** 'firefox' or 'webkit', in the test requests it leaves */
  name: string;
  /** A new page showing `path` of the site's server, loaded */
  open(path: string, viewport?: { width: number; height: number }): Promise<SuitePage<E>>;
}

/** The tests without JavaScript, on the browser `browser()` gives once its test file has launched it */
export function noScriptTests<E>(browser: () => NoScriptBrowser<E>): void {
  describe('without JavaScript', () => {
    test('the project tabs show the cards each label counts', async () => {
      const page = await browser().open(projectsPath, PHONE);
      const tabs = (await page.all('fieldset label')).length;
      expect(tabs).toBeGreaterThan(1);
      for (const index of [...Array(tabs).keys()].map((index) => (index + 1) % tabs)) {
        const label = await page.nth('fieldset label', index);
        const count = tabCount(await textOf(page, label));
        await page.tap(label);
        await expect.poll(() => shownCount(page, 'ul[aria-label="Projects"] article')).toBe(count);
      }
      await page.close();
    });

    test('the review filter filters, and Clear Filters shows every review again', async () => {
      const page = await browser().open(testimonialsPath);
      const all = await filterReviews(page, 'Residential');
      // Without JavaScript Clear Filters loads the page again, unfiltered
      await tapToNavigate(page, await page.byText('main button', 'Clear Filters'));
      expect(await shownCount(page, REVIEWS)).toBe(all);
      expect(await shownText(page, '[role="status"] span')).toBe(
        `Showing ${all} of ${all} reviews`,
      );
      expect(await page.path()).toBe(testimonialsPath);
      await page.close();
    });

    test('a quote with a mistake comes back with the problem beside its field; the corrected one reaches the thank-you page', async () => {
      const page = await browser().open(quotePath);
      const form = 'form[aria-label="Quote request"]';
      const address = uniqueEmail(`${browser().name}-nojs`);
      const fill = async (field: keyof typeof FIELDS, text: string) => {
        await page.tap(await page.byText(`${form} label`, FIELDS[field].labels.quote));
        await page.selectAllText();
        await page.type(text);
      };
      const send = async () =>
        tapToNavigate(page, await page.byText(`${form} button`, 'Request My Free Quote'));
      await fill('name', 'Tane Test');
      await fill('email', 'tane@example');
      await fill('phone', '021 555 0199');
      await fill('address', '3 Example Street, Botany');
      await page.choose(`${form} select`, 'Lighting Design');
      await fill('message', 'Two new downlights in the hallway.');
      await send();

      // The title says first that the request came back (and, failing, which page this is)
      expect(await page.run(() => document.title)).toMatch(/^Error: /);
      const email = `${form} input[name="email"]`;
      expect(
        await page.run(
          (css: string) => document.querySelector(css)?.getAttribute('aria-invalid'),
          email,
        ),
      ).toBe('true');
      expect(
        await shownText(page, `[id="${String(await propertyOf(page, email, 'id'))}-error"]`),
      ).toBe(FIELDS.email.format.message);
      expect(await propertyOf(page, `${form} input[name="name"]`, 'value')).toBe('Tane Test');
      expect(storedLead(address, inject('leadsDb'))).toBeUndefined();

      await fill('email', address);
      await send();
      expect(await page.path()).toBe(`${quotePath}/thanks`);
      expect(await shownText(page, 'h1')).toBe('Thank you');
      expect(storedLead(address, inject('leadsDb'))).toMatchObject({
        name: 'Tane Test',
        service: 'Lighting Design',
      });
      await page.close();
    });

    test('on a phone the menu opens from its button and closes from its close button', async () => {
      const page = await browser().open('/about', PHONE);
      await page.tap('button[aria-label="Menu"]');
      await expect.poll(() => shownCount(page, '#nav-drawer a[href]')).toBeGreaterThan(5);
      await page.tap('button[aria-label="Close menu"]');
      await expect.poll(() => shownCount(page, '#nav-drawer a[href]')).toBe(0);
      await page.close();
    });

    test('the FAQ opens one answer at a time', async () => {
      const page = await browser().open(quotePath);
      const summaries = [
        await page.nth('details summary', 0),
        await page.nth('details summary', 1),
      ];
      await page.tap(summaries[0]!);
      await page.tap(summaries[1]!);
      await expect.poll(async () => (await page.all('details[open]')).length).toBe(1);
      expect(await textOf(page, await page.nth('details[open] summary', 0))).toBe(
        await textOf(page, summaries[1]!),
      );
      await page.close();
    });
  });
}
