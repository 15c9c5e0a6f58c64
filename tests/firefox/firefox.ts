/**
 * Firefox for the tests: Debian's firefox-esr (or FIREFOX_PATH), headless, over WebDriver BiDi,
 * and the few things the tests do in it the way a visitor does: open a page at a width, tap an
 * element where it shows, type, and read what is shown.
 */
import { existsSync } from 'node:fs';
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { inject } from 'vitest';
import { DESKTOP } from '../support/browser-suites.ts';
import * as suite from '../support/suite-page.ts';

export const firefoxPath = process.env['FIREFOX_PATH'] ?? '/usr/bin/firefox-esr';

/**
 * A headless Firefox. Without JavaScript it is a browser with scripting turned off, as a visitor
 * can have it (WebDriver BiDi in Firefox ESR cannot switch scripts off per page).
 */
export async function launchFirefox({ javaScript = true } = {}): Promise<Browser> {
  if (!existsSync(firefoxPath)) {
    throw new Error(
      `No Firefox at ${firefoxPath}: install Debian's firefox-esr (apt-get install firefox-esr), or set FIREFOX_PATH`,
    );
  }
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath,
    headless: true,
    extraPrefsFirefox: javaScript ? {} : { 'javascript.enabled': false },
  });
}

/** A new tab at `viewport` showing `path` of the site's server, loaded */
export async function openPage(
  browser: Browser,
  path: string,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<Page> {
  const page = await browser.newPage();
  await page.setViewport(viewport);
  await page.goto(`${inject('origin')}${path}`, { waitUntil: 'load' });
  return page;
}

/** The path and query of the page's address */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/**
 * The element `selector` matches at `index`, or an error. With scripting off, Firefox runs no
 * promise jobs in the page, so puppeteer's `$$`, which awaits in the page, never answers: use this.
 */
export async function nth(
  page: Page,
  selector: string,
  index: number,
): Promise<ElementHandle<Element>> {
  const handle = await page.evaluateHandle(
    (css, at) => document.querySelectorAll(css)[at] ?? null,
    selector,
    index,
  );
  const element = handle.asElement() as ElementHandle<Element> | null;
  if (!element) throw new Error(`No ${selector} number ${index + 1} on ${page.url()}`);
  return element;
}

/** How many elements `selector` matches */
export function countOf(page: Page, selector: string): Promise<number> {
  return page.evaluate((css) => document.querySelectorAll(css).length, selector);
}

/** The first element `selector` matches whose text, trimmed and with spaces collapsed, starts with `text` */
export async function byText(
  page: Page,
  selector: string,
  text: string,
): Promise<ElementHandle<Element>> {
  const handle = await page.evaluateHandle(
    (css, start) =>
      [...document.querySelectorAll(css)].find((element) =>
        (element.textContent ?? '').replace(/\s+/g, ' ').trim().startsWith(start),
      ) ?? null,
    selector,
    text,
  );
  const element = handle.asElement() as ElementHandle<Element> | null;
  if (!element) throw new Error(`No ${selector} reads "${text}" on ${page.url()}`);
  return element;
}

/**
 * A tap as a visitor's pointer makes it: scrolled into view, then the pointer moves over the
 * element's middle, presses and releases, all through the browser's input, not a script's click.
 */
export async function tap(page: Page, element: ElementHandle<Element> | string): Promise<void> {
  const handle = typeof element === 'string' ? await page.$(element) : element;
  if (!handle) throw new Error(`Nothing matches ${String(element)} on ${page.url()}`);
  const point = await pointToTap(handle);
  if (!point)
    throw new Error(`${String(element)} is not shown, or stays covered, on ${page.url()}`);
  await page.mouse.click(point.x, point.y);
}

/**
 * The middle of `element`, scrolled into view, once the page has stopped scrolling and the element
 * itself is what a pointer there reaches: Firefox may still be scrolling a field just typed in
 * back into view, and a tap at a point read meanwhile lands on whatever has moved there. (The
 * reads are synchronous: with scripting off, Firefox runs no promise jobs in the page.)
 */
async function pointToTap(
  element: ElementHandle<Element>,
): Promise<{ x: number; y: number } | null> {
  const deadline = Date.now() + 5_000;
  const where = () =>
    element.evaluate((shown) => {
      const rect = shown.getBoundingClientRect();
      const x = rect.x + rect.width / 2;
      const y = rect.y + rect.height / 2;
      const reached = document.elementFromPoint(x, y);
      return {
        scroll: `${window.scrollX},${window.scrollY}`,
        point: rect.width > 0 && rect.height > 0 ? { x, y } : null,
        reached: reached !== null && (shown === reached || shown.contains(reached)),
      };
    });
  for (;;) {
    await element.evaluate((shown) =>
      shown.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' }),
    );
    const first = await where();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const then = await where();
    if (then.point && then.reached && then.scroll === first.scroll) return then.point;
    if (Date.now() > deadline) return null;
  }
}

/** The page as the suites' shared tests drive it (tests/support/suite-page.ts) */
export function suitePage(page: Page): suite.SuitePage<ElementHandle<Element>> {
  return {
    run: <T>(script: (...args: never[]) => T, ...args: unknown[]) =>
      page.evaluate(script as (...args: unknown[]) => T, ...args) as Promise<T>,
    nth: (selector, index) => nth(page, selector, index),
    // One by one: with scripting off Firefox never answers puppeteer's `$$` (see nth)
    all: async (selector) =>
      Promise.all(
        [...Array(await countOf(page, selector)).keys()].map((index) => nth(page, selector, index)),
      ),
    byText: (selector, text) => byText(page, selector, text),
    tap: (target) => tap(page, target),
    type: (text) => page.keyboard.type(text),
    selectAllText: async () => {
      await page.keyboard.down('Control');
      await page.keyboard.press('a');
      await page.keyboard.up('Control');
    },
    choose: async (selector, value) => {
      await page.select(selector, value);
    },
    path: () => Promise.resolve(pathOf(page)),
    close: () => page.close(),
  };
}
