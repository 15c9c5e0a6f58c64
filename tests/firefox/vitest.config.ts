/**
 * `npm run test:firefox`: the islands' first taps and the no-JavaScript paths in Debian's Firefox
 * ESR, driven over WebDriver BiDi by puppeteer-core, against the site's own server on the build
 * (so it runs after `npm run build`). Nothing is downloaded; FIREFOX_PATH names another Firefox.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/firefox/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/browser-site.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A page's answer to a tap (a quote sent and stored, say) can take seconds on a loaded machine;
    // vitest's default is 1 s
    expect: { poll: { timeout: 5_000 } },
    // One Firefox at a time: each takes a core while it starts
    fileParallelism: false,
  },
});
