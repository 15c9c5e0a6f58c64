/**
 * WebKit for the tests: Debian's WebKitGTK (Safari's engine, in its MiniBrowser) on a virtual X
 * display, driven over classic WebDriver by selenium-webdriver through the WebKitWebDriver started
 * here (nothing is downloaded), and the few things the tests do in it the way a visitor does: open
 * a page at a width, tap an element where it shows, type, and read what is shown.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Builder, Key, Origin, type WebDriver, type WebElement } from 'selenium-webdriver';
import { inject } from 'vitest';
import { DESKTOP } from '../support/browser-suites.ts';
import { freePort } from '../support/script-helpers.ts';
import * as suite from '../support/suite-page.ts';

export const webKitWebDriverPath = '/usr/bin/WebKitWebDriver';
export const xvfbPath = '/usr/bin/Xvfb';

/** A page open in its own WebKit window: the WebDriver session that drives it */
export type Page = WebDriver;

export interface WebKit {
  /**
   * A new window at `viewport` showing `path` of the site's server (or of `origin`), loaded;
   * `page.quit()` closes it. It replaces the window open before, if any: the driver drives one
   * at a time.
   */
  openPage(
    path: string,
    viewport?: { width: number; height: number },
    origin?: string,
  ): Promise<Page>;
  /** Closes the window still open, and stops the driver and the display */
  close(): Promise<void>;
}

/**
 * MiniBrowser's toolbar keeps its window at least 447 px wide, wider than a phone. GTK's user
 * style sheet shrinks the toolbar's widgets so the window, and the page in it, can be 390 px (or
 * 320) wide; the page itself is drawn by WebKit, which this style sheet does not reach.
 */
const NARROW_TOOLBAR_CSS = '* { font-size: 1px; min-width: 0; padding: 0; margin: 0; }\n';

/** Waits this long for Xvfb to name its display and for the driver to answer */
const START_TIMEOUT_MS = 20_000;

/** The last few thousand characters a process wrote, for the error when it fails to start */
function tail(stream: Readable | null): () => string {
  let text = '';
  stream?.on('data', (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-4000);
  });
  return () => text.trim();
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

/** Xvfb on a display number it picks itself (`-displayfd`), so runs side by side never collide */
async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn(
    xvfbPath,
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    },
  );
  const output = tail(xvfb.stderr);
  const number = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(
      () => reject(new Error(`Xvfb named no display in ${START_TIMEOUT_MS} ms: ${output()}`)),
      START_TIMEOUT_MS,
    );
    (xvfb.stdio[3] as Readable).on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (!text.includes('\n')) return;
      clearTimeout(timer);
      resolve(text.trim());
    });
    xvfb.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited (${code}) before naming its display: ${output()}`));
    });
    xvfb.once('error', reject);
  });
  return { display: `:${number}`, process: xvfb };
}

/** WebKitWebDriver on a free loopback port, answering its status */
async function startDriver(
  env: NodeJS.ProcessEnv,
): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  // One session at a time is all it allows: a new page replaces the last, even one a failed test left open
  const driver = spawn(
    webKitWebDriverPath,
    [`--port=${port}`, '--host=127.0.0.1', '--replace-on-new-session'],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const output = [tail(driver.stdout), tail(driver.stderr)];
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (driver.exitCode !== null)
      throw new Error(
        `WebKitWebDriver exited (${driver.exitCode}): ${output.map((text) => text()).join('\n')}`,
      );
    const ready = await fetch(`${url}/status`)
      .then(
        async (response) =>
          response.ok &&
          ((await response.json()) as { value?: { ready?: boolean } }).value?.ready === true,
      )
      .catch(() => false);
    if (ready) return { url, process: driver };
    if (Date.now() > deadline) {
      await stop(driver);
      throw new Error(`WebKitWebDriver did not answer on ${url} in ${START_TIMEOUT_MS} ms`);
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

/**
 * WebKitGTK's MiniBrowser. Without JavaScript it is a browser with scripting turned off for pages
 * (`--enable-javascript=false`, a WebKit setting); WebDriver's own scripts still run, so the tests
 * read pages the same way with and without it.
 */
export async function launchWebKit({
  javaScript = true,
  userAgent,
}: {
  javaScript?: boolean;
  /** The name the browser gives itself, when another than WebKitGTK's own */
  userAgent?: string;
} = {}): Promise<WebKit> {
  for (const [path, packageName] of [
    [webKitWebDriverPath, 'webkit2gtk-driver'],
    [xvfbPath, 'xvfb'],
  ] as const) {
    if (!existsSync(path)) {
      throw new Error(
        `No ${path}: install Debian's ${packageName} (apt-get install webkit2gtk-driver xvfb)`,
      );
    }
  }
  // Settings, cache and data of this run's own: the toolbar's style sheet, nothing shared with other runs
  const home = mkdtempSync(join(tmpdir(), 'webkit-'));
  mkdirSync(join(home, 'gtk-3.0'));
  writeFileSync(join(home, 'gtk-3.0', 'gtk.css'), NARROW_TOOLBAR_CSS);

  const xvfb = await startXvfb();
  const env = {
    ...process.env,
    DISPLAY: xvfb.display,
    XDG_CONFIG_HOME: home,
    XDG_CACHE_HOME: join(home, 'cache'),
    XDG_DATA_HOME: join(home, 'data'),
  };
  let driver: Awaited<ReturnType<typeof startDriver>>;
  try {
    driver = await startDriver(env);
  } catch (error) {
    await stop(xvfb.process);
    rmSync(home, { recursive: true, force: true });
    throw error;
  }
  let last: Page | undefined;
  const args = [
    '--automation',
    ...(javaScript ? [] : ['--enable-javascript=false']),
    ...(userAgent ? [`--user-agent=${userAgent}`] : []),
  ];

  return {
    async openPage(path, viewport = DESKTOP, origin = inject('origin')) {
      // Always the driver started here: no SELENIUM_* variable sends it elsewhere, and nothing is downloaded
      const page = await new Builder()
        .disableEnvironmentOverrides()
        .usingServer(driver.url)
        .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { args } })
        .build();
      last = page;
      await fitViewport(page, viewport);
      await page.get(`${origin}${path}`);
      return page;
    },
    async close() {
      await last?.quit().catch(() => undefined);
      await stop(driver.process);
      await stop(xvfb.process);
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/**
 * Sizes the window so the page inside it is `viewport` big, waiting for the window to take each
 * size it is given (GTK resizes after the request returns) and adding the toolbar's height
 */
async function fitViewport(page: Page, viewport: { width: number; height: number }): Promise<void> {
  const window = page.manage().window();
  let asked = { x: 0, y: 0, ...viewport };
  await window.setRect(asked);
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const [width, height] = await page.executeScript<[number, number]>(
      'return [window.innerWidth, window.innerHeight]',
    );
    if (width === viewport.width && height === viewport.height) return;
    const rect = await window.getRect();
    if (Date.now() > deadline) {
      throw new Error(
        `WebKit shows pages at ${width}×${height} in a ${rect.width}×${rect.height} window, when asked for ${viewport.width}×${viewport.height}`,
      );
    }
    // The window has the size asked and the page has followed: the rest is the toolbar's height
    if (rect.width === asked.width && rect.height === asked.height && width === rect.width) {
      asked = { ...asked, height: rect.height + viewport.height - height };
      await window.setRect(asked);
    }
    await new Promise((wait) => setTimeout(wait, 50));
  }
}

/** The path and query of the page's address */
export async function pathOf(page: Page): Promise<string> {
  const url = new URL(await page.getCurrentUrl());
  return `${url.pathname}${url.search}`;
}

/** The element `selector` matches at `index`, or an error */
export async function nth(page: Page, selector: string, index: number): Promise<WebElement> {
  const element = await page.executeScript<WebElement | null>(
    (css: string, at: number) => document.querySelectorAll(css)[at] ?? null,
    selector,
    index,
  );
  if (!element)
    throw new Error(`No ${selector} number ${index + 1} on ${await page.getCurrentUrl()}`);
  return element;
}

/** Every element `selector` matches */
export function all(page: Page, selector: string): Promise<WebElement[]> {
  return page.executeScript<WebElement[]>(
    (css: string) => [...document.querySelectorAll(css)],
    selector,
  );
}

/** How many elements `selector` matches */
export function countOf(page: Page, selector: string): Promise<number> {
  return page.executeScript<number>(
    (css: string) => document.querySelectorAll(css).length,
    selector,
  );
}

/** The first element `selector` matches whose text, trimmed and with spaces collapsed, starts with `text` */
export async function byText(page: Page, selector: string, text: string): Promise<WebElement> {
  const element = await page.executeScript<WebElement | null>(
    (css: string, start: string) =>
      [...document.querySelectorAll(css)].find((candidate) =>
        (candidate.textContent ?? '').replace(/\s+/g, ' ').trim().startsWith(start),
      ) ?? null,
    selector,
    text,
  );
  if (!element) throw new Error(`No ${selector} reads "${text}" on ${await page.getCurrentUrl()}`);
  return element;
}

/**
 * A tap as a visitor's pointer makes it: scrolled into view, then the pointer moves over the
 * element's middle, presses and releases, all through the browser's input, not a script's click.
 */
export async function tap(page: Page, element: WebElement | string): Promise<void> {
  const target = typeof element === 'string' ? await nth(page, element, 0) : element;
  const box = await page.executeScript<{ x: number; y: number } | null>((shown: Element) => {
    shown.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    const rect = shown.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0
      ? { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 }
      : null;
  }, target);
  if (!box)
    throw new Error(
      `${typeof element === 'string' ? element : 'The element'} is not shown on ${await page.getCurrentUrl()}`,
    );
  await page
    .actions({ async: true })
    .move({ x: Math.round(box.x), y: Math.round(box.y), origin: Origin.VIEWPORT })
    .press()
    .release()
    .perform();
}

/** Types `text` into the focused element, key by key */
export function type(page: Page, text: string): Promise<void> {
  return page.actions({ async: true }).sendKeys(text).perform();
}

/** Selects all the text of the focused field, as Ctrl+A does */
export function selectAllText(page: Page): Promise<void> {
  return page
    .actions({ async: true })
    .keyDown(Key.CONTROL)
    .sendKeys('a')
    .keyUp(Key.CONTROL)
    .perform();
}

/** Chooses the option of value `value` in the select `selector` with WebDriver's click, which picks an option as the visitor's choice in the list does */
export async function choose(page: Page, selector: string, value: string): Promise<void> {
  const option = await page.executeScript<WebElement | null>(
    (css: string, wanted: string) =>
      [...(document.querySelector<HTMLSelectElement>(css)?.options ?? [])].find(
        (candidate) => candidate.value === wanted,
      ) ?? null,
    selector,
    value,
  );
  if (!option)
    throw new Error(`No option "${value}" in ${selector} on ${await page.getCurrentUrl()}`);
  await option.click();
}

/** Saves what the window shows as test-results/webkit/NAME.png */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = join('test-results', 'webkit');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.png`);
  // What the page shows once drawn: the snapshot is of the last frame painted
  await page.executeAsyncScript((done: () => void) =>
    requestAnimationFrame(() => requestAnimationFrame(() => done())),
  );
  writeFileSync(file, Buffer.from(await page.takeScreenshot(), 'base64'));
  return file;
}

/** The page as the suites' shared tests drive it (tests/support/suite-page.ts) */
export function suitePage(page: Page): suite.SuitePage<WebElement> {
  return {
    run: <T>(script: (...args: never[]) => T, ...args: unknown[]) =>
      page.executeScript<T>(script, ...args),
    nth: (selector, index) => nth(page, selector, index),
    all: (selector) => all(page, selector),
    byText: (selector, text) => byText(page, selector, text),
    tap: (target) => tap(page, target),
    type: (text) => type(page, text),
    selectAllText: () => selectAllText(page),
    choose: (selector, value) => choose(page, selector, value),
    path: () => pathOf(page),
    screenshot: (name) => screenshot(page, name),
    close: () => page.quit(),
  };
}
