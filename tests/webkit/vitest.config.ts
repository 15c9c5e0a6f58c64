/**
 * `npm run test:webkit`: the islands' first taps and the no-JavaScript paths in WebKit, Safari's
 * engine (Debian's WebKitGTK on a virtual X display, driven over classic WebDriver by
 * selenium-webdriver), against the site's own server on the build (so it runs after `npm run build`).
 * Nothing is downloaded: the driver is Debian's /usr/bin/WebKitWebDriver.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/webkit/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/browser-site.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each look at the page is a WebDriver request, slower than Firefox's BiDi ones
    expect: { poll: { timeout: 5_000 } },
    // One WebKit at a time: each takes a core while it starts
    fileParallelism: false,
  },
});
