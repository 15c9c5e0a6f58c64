/**
 * A page as the Firefox and WebKit suites drive it, the same in each browser: puppeteer over
 * WebDriver BiDi in Firefox (tests/firefox/firefox.ts), selenium over classic WebDriver in WebKit
 * (tests/webkit/webkit.ts). `E` is the driver's handle on an element, which a test only passes back.
 */
import { expect } from 'vitest';

export interface SuitePage<E> {
  /** Runs `script` in the page with `args` (elements arrive as the page's own) and gives its result */
  run<T>(script: (...args: never[]) => T, ...args: unknown[]): Promise<T>;
  /** The element `selector` matches at `index`, or an error */
  nth(selector: string, index: number): Promise<E>;
  /** Every element `selector` matches */
  all(selector: string): Promise<E[]>;
  /** The first element `selector` matches whose text, spaces collapsed, starts with `text` */
  byText(selector: string, text: string): Promise<E>;
  /** A tap through the browser's input where the element shows, not a script's click */
  tap(target: E | string): Promise<void>;
  /** Types `text` into the focused element, key by key */
  type(text: string): Promise<void>;
  /** Selects all the text of the focused field, as Ctrl+A does */
  selectAllText(): Promise<void>;
  /** Picks the option of value `value` in the select `selector`, as the visitor's choice does */
  choose(selector: string, value: string): Promise<void>;
  /** The path and query of the page's address */
  path(): Promise<string>;
  /** Keeps what the window shows, in a suite that keeps screenshots */
  screenshot?(name: string): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * A tap that loads another page (a form sent, a link followed), done once the next document has
 * loaded. The old document is marked first and the page is read until a document without the
 * mark is complete: Firefox's navigation events over WebDriver BiDi can be paired with the wrong
 * navigation (puppeteer#13041), and then a wait for them never ends.
 */
export async function tapToNavigate<E>(
  page: SuitePage<E>,
  target: E | string,
  timeoutMs = 20_000,
): Promise<void> {
  await page.run(() => document.documentElement.setAttribute('data-left', ''));
  await page.tap(target);
  const loaded = () =>
    page
      .run(
        () =>
          document.readyState === 'complete' && !document.documentElement.hasAttribute('data-left'),
      )
      .catch(() => false); // the page is between documents
  const deadline = Date.now() + timeoutMs;
  while (!(await loaded())) {
    if (Date.now() > deadline)
      throw new Error(`No new page loaded after the tap on ${await page.path().catch(() => '?')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How many elements `selector` matches that are shown (not hidden by CSS or `hidden`) */
export function shownCount<E>(page: SuitePage<E>, selector: string): Promise<number> {
  return page.run(
    (css: string) =>
      [...document.querySelectorAll(css)].filter((element) => element.checkVisibility()).length,
    selector,
  );
}

/** The shown text of the first element `selector` matches that is shown, or null */
export function shownText<E>(page: SuitePage<E>, selector: string): Promise<string | null> {
  return page.run((css: string) => {
    const shown = [...document.querySelectorAll<HTMLElement>(css)].find((element) =>
      element.checkVisibility(),
    );
    return shown ? shown.innerText.replace(/\s+/g, ' ').trim() : null;
  }, selector);
}

/** The text of `element`, spaces collapsed */
export function textOf<E>(page: SuitePage<E>, element: E): Promise<string> {
  return page.run(
    (shown: Element) => (shown.textContent ?? '').replace(/\s+/g, ' ').trim(),
    element,
  );
}

/** The id of the focused element, or '' */
export function focusedId<E>(page: SuitePage<E>): Promise<string> {
  return page.run(() => document.activeElement?.id ?? '');
}

/** A property of the first element `selector` matches, such as a field's `value` */
export function propertyOf<E>(
  page: SuitePage<E>,
  selector: string,
  name: string,
): Promise<unknown> {
  return page.run(
    (css: string, property: string) =>
      (document.querySelector(css) as unknown as Record<string, unknown> | null)?.[property],
    selector,
    name,
  );
}

/** The reviews /testimonials shows */
export const REVIEWS = 'main figure';

/**
 * Chooses `service` in the review filter of /testimonials, open on `page`, and checks that fewer
 * reviews show, at least one, and the count says so; gives how many reviews there are in all
 */
export async function filterReviews<E>(page: SuitePage<E>, service: string): Promise<number> {
  const all = await shownCount(page, REVIEWS);
  await page.choose('#service-filter', service);
  await expect.poll(() => shownCount(page, REVIEWS)).toBeLessThan(all);
  const shown = await shownCount(page, REVIEWS);
  expect(shown).toBeGreaterThan(0);
  expect(await shownText(page, '[role="status"] span')).toBe(`Showing ${shown} of ${all} reviews`);
  return all;
}
