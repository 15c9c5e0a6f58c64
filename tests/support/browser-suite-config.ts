/**
 * The vitest config of the Firefox and WebKit suites (tests/firefox, tests/webkit): their files,
 * the site's own server on the build (browser-site.ts), and the waits a real browser needs
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export function browserSuiteConfig(folder: 'firefox' | 'webkit') {
  return defineConfig({
    root: fileURLToPath(new URL('../..', import.meta.url)),
    test: {
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
  });
}
