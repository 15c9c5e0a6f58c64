/** WebKit, Safari's engine, with scripting turned off (tests/support/no-script-scenarios.ts) */
import { afterAll, beforeAll } from 'vitest';
import { noScriptTests } from '../support/no-script-scenarios.ts';
import { launchWebKit, suitePage, type WebKit } from './webkit.ts';

let webkit: WebKit;
beforeAll(async () => {
  webkit = await launchWebKit({ javaScript: false });
});
afterAll(async () => {
  await webkit?.close();
});

noScriptTests(() => ({
  name: 'webkit',
  open: async (path, viewport) => suitePage(await webkit.openPage(path, viewport)),
}));
