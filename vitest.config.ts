/**
 * Every Vitest suite, one project each, run by `vitest run --project <name>` (package.json):
 *
 * - unit: tests/unit, no build needed; `unit-launch-identity` runs those of them that depend on
 *   whose business it is again, on the launch rehearsal's other business (tests/support/launch-identity.ts)
 * - server: the HTTP tests of tests/server, each against the real server on the built dist/
 * - build: the tests that read the finished build (dist/)
 * - firefox, webkit: the islands' first taps and the no-JavaScript paths in those browsers
 *   (tests/support/browser-suite-config.ts), and in WebKit the owner's push setup on an iPhone,
 *   against the site's own server on the build
 */
import { defineConfig } from 'vitest/config';
import { browserSuiteProject } from './tests/support/browser-suite-config.ts';

/**
 * The unit tests that read the business's facts into what a visitor, a crawler or a shared link
 * sees (the claims' wording, titles, head tags and JSON-LD, fact tokens, the privacy statement's
 * contact details, the header, the form page sent back, the launch check): a new one belongs here
 */
export const launchIdentityTests = [
  'tests/unit/business.test.ts',
  'tests/unit/launch-check.test.ts',
  'tests/unit/launch-fixture.test.ts',
  'tests/unit/seo.test.ts',
  'tests/unit/routes.test.ts',
  'tests/unit/privacy.test.ts',
  'tests/unit/form-page.test.ts',
  'tests/unit/site-notice.test.ts',
  'tests/unit/opening-hours.test.ts',
  'tests/unit/content-code.test.ts',
  'tests/unit/leads-handler.test.ts',
];

// Some unit tests run a command-line tool as a child process, which takes seconds on a busy machine
const unitTimeouts = { testTimeout: 20_000 };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          ...unitTimeouts,
        },
      },
      {
        test: {
          name: 'unit-launch-identity',
          include: launchIdentityTests,
          environment: 'node',
          globalSetup: ['tests/support/launch-identity-setup.ts'],
          setupFiles: ['tests/support/launch-identity.ts'],
          ...unitTimeouts,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 30_000,
          // Each file starts its own servers, and spends most of its time waiting on deadlines and
          // sockets: four files at a time keep two cores busy (two left them half idle)
          maxWorkers: 4,
        },
      },
      {
        test: {
          name: 'build',
          include: ['tests/build/**/*.test.ts'],
          environment: 'node',
          // Two files at a time: the production install's and the static deployment's builds are
          // child processes with phases of waiting on the disk, which the other file fills
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      browserSuiteProject('firefox'),
      browserSuiteProject('webkit'),
    ],
  },
});
