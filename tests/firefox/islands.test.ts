/**
 * The islands in Firefox (tests/support/island-scenarios.ts). Firefox over WebDriver BiDi presses
 * as soon as it has moved the pointer, so a first tap lands while the island's code is still
 * loading without holding that code back.
 */
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll } from 'vitest';
import { islandTests } from '../support/island-scenarios.ts';
import { launchFirefox, openPage, suitePage } from './firefox.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchFirefox();
});
afterAll(async () => {
  await browser?.close();
});

const open = async (path: string, viewport?: { width: number; height: number }) =>
  suitePage(await openPage(browser, path, viewport));

islandTests(() => ({
  name: 'firefox',
  open,
  openWithIslandsHeld: open,
  releaseIslands: () => {},
}));
