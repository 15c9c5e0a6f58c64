import { defineConfig, devices } from '@playwright/test';
import { requireBuild } from './scripts/support/build.ts';
import { chromiumArgs, chromiumPath, headlessShellPath } from './scripts/support/chromium.ts';
import { siteServerEnv } from './scripts/support/site-server.ts';
import { leadsDb } from './tests/support/e2e-leads.ts';
import { baseURL, ownerURL, port, publishURL } from './tests/support/e2e-servers.ts';

/** Pages are tested in the headless shell; the owner's app, which takes push messages, in Chromium */
const shell = { executablePath: headlessShellPath, args: chromiumArgs };
const chromium = { executablePath: chromiumPath, args: chromiumArgs };
const phone = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  launchOptions: shell,
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 3,
  retries: 0,
  reporter: 'list',
  use: { baseURL, launchOptions: shell, trace: 'off' },
  // The publish tests run one after another for about two minutes: listed first, they start at
  // once beside the rest on the other workers instead of running alone at the end
  projects: [
    {
      name: 'publish',
      use: { ...phone, baseURL: publishURL },
      // One server publishes one change at a time: its spec files run one after another
      workers: 1,
      testMatch: /(?:^|[/\\])publish(?:-[\w-]+)?\.spec\.ts$/,
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: shell },
      testIgnore:
        /(?:^|[/\\])(?:mobile|owner|owner-photos|owner-push|publish(?:-[\w-]+)?)\.spec\.ts$/,
    },
    { name: 'mobile', use: phone, testMatch: /(?:^|[/\\])mobile\.spec\.ts$/ },
    {
      name: 'push',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      testMatch: /(?:^|[/\\])owner-push\.spec\.ts$/,
    },
    {
      name: 'owner',
      use: { ...phone, baseURL: ownerURL, launchOptions: chromium },
      testMatch: /(?:^|[/\\])owner(?:-photos)?\.spec\.ts$/,
    },
  ],
  // The visitors' server, for every run; the owner's and the publishing one start when a test of
  // theirs runs (tests/support/e2e-servers.ts), and the teardown stops them
  globalSetup: './tests/support/e2e-global.ts',
  globalTeardown: './tests/support/e2e-global.ts',
  webServer: [
    {
      command: 'node src/server/main.ts',
      url: `${baseURL}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        ...siteServerEnv({ distDir: requireBuild(), leadsDb }),
      },
    },
  ],
});
