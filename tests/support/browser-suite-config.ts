/**
 * The Vitest project of the Firefox and WebKit suites (vitest.config.ts): the islands' first taps
 * and the no-JavaScript paths in Debian's Firefox ESR (tests/firefox, over WebDriver BiDi by
 * puppeteer-core; FIREFOX_PATH names another Firefox) and in WebKit, Safari's engine (tests/webkit,
 * Debian's WebKitGTK on a virtual X display over classic WebDriver by selenium-webdriver), against
 * the site's own server on the build (browser-site.ts), with the waits a real browser needs.
 * Nothing is downloaded.
 */
import type { TestProjectConfiguration } from 'vitest/config';

export function browserSuiteProject(folder: 'firefox' | 'webkit'): TestProjectConfiguration {
  return {
    test: {
      name: folder,
      include: [`tests/${folder}/**/*.test.ts`],
      environment: 'node',
      globalSetup: ['tests/support/browser-site.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // A page's answer to a tap (a quote sent and stored, say) can take seconds on a loaded
      // machine, and each look at the page is a request to the driver; vitest's default is 1 s
      expect: { poll: { timeout: 5_000 } },
      // One browser at a time: each takes a core while it starts
      fileParallelism: false,
    },
  };
}
