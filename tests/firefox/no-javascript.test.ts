/** Firefox with scripting turned off (tests/support/no-script-scenarios.ts) */
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll } from 'vitest';
import { noScriptTests } from '../support/no-script-scenarios.ts';
import { launchFirefox, openPage, suitePage } from './firefox.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchFirefox({ javaScript: false });
});
afterAll(async () => {
  await browser?.close();
});

noScriptTests(() => ({
  name: 'firefox',
  open: async (path, viewport) => suitePage(await openPage(browser, path, viewport)),
}));
