/**
 * The islands in WebKit, Safari's engine (tests/support/island-scenarios.ts). Its driver moves
 * the pointer over an element long before it presses, and that hover starts loading the island's
 * code, so for a first tap the code is held back (held-scripts.ts) until the tap is done.
 */
import { afterAll, beforeAll, inject } from 'vitest';
import { islandTests } from '../support/island-scenarios.ts';
import { startHeldScripts, type HeldScripts } from './held-scripts.ts';
import { launchWebKit, suitePage, type WebKit } from './webkit.ts';

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

islandTests(() => ({
  name: 'webkit',
  open: async (path, viewport) => suitePage(await webkit.openPage(path, viewport)),
  // Loaded with everything it asks for at once, then whatever it asks for next is held
  openWithIslandsHeld: async (path, viewport) => {
    heldScripts.release();
    const page = await webkit.openPage(path, viewport, heldScripts.origin);
    heldScripts.hold();
    return suitePage(page);
  },
  releaseIslands: () => heldScripts.release(),
}));
