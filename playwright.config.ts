import { defineConfig, devices } from '@playwright/test';
import { requireBuild } from './scripts/support/build.ts';
import { chromiumArgs, chromiumPath } from './scripts/support/chromium.ts';
import { siteServerEnv } from './scripts/support/site-server.ts';
import { leadsDb, ownerLeadsDb } from './tests/support/e2e-leads.ts';
import { publishLeadsDb, publishSiteDir } from './tests/support/e2e-publish.ts';

const port = Number(process.env['E2E_PORT'] ?? 4322);
export const baseURL = `http://127.0.0.1:${port}`;
/**
 * The owner's page is tried on a server of its own, at localhost: a passkey belongs to a host
 * name (never an IP address), and a Secure cookie is kept on http only for localhost
 */
const ownerPort = Number(process.env['E2E_OWNER_PORT'] ?? port + 1);
export const ownerURL = `http://localhost:${ownerPort}`;
/**
 * Publishing is tried on a third server at localhost, on a git copy of the repository of its own
 * (tests/support/publish-server.ts), as the owner's edits are built, swapped in and committed there
 */
const publishPort = Number(process.env['E2E_PUBLISH_PORT'] ?? port + 2);
export const publishURL = `http://localhost:${publishPort}`;

const chromium = { executablePath: chromiumPath, args: chromiumArgs };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, launchOptions: chromium };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: 'list',
  use: { baseURL, launchOptions: chromium, trace: 'off' },
  // The publish tests run one after another for about two minutes: listed first, they start at
  // once beside the rest on the other worker instead of running alone at the end
  projects: [
    { name: 'publish', use: { ...phone, baseURL: publishURL }, testMatch: /(?:^|[/\\])publish\.spec\.ts$/ },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      testIgnore: /(?:^|[/\\])(?:mobile|owner|publish)\.spec\.ts$/,
    },
    { name: 'mobile', use: phone, testMatch: /(?:^|[/\\])mobile\.spec\.ts$/ },
    { name: 'owner', use: { ...phone, baseURL: ownerURL }, testMatch: /(?:^|[/\\])owner\.spec\.ts$/ },
  ],
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
    {
      command: 'node src/server/main.ts',
      url: `${ownerURL}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        PORT: String(ownerPort),
        HOST: '127.0.0.1',
        SITE_URL: ownerURL,
        ...siteServerEnv({ distDir: requireBuild(), leadsDb: ownerLeadsDb }),
      },
    },
    {
      command: 'node tests/support/publish-server.ts',
      url: `${publishURL}/`,
      reuseExistingServer: false,
      // Copying the repository first takes some seconds more on a busy machine
      timeout: 120_000,
      env: {
        PORT: String(publishPort),
        HOST: '127.0.0.1',
        SITE_URL: publishURL,
        SITE_DIR: publishSiteDir,
        ...siteServerEnv({ distDir: requireBuild(), leadsDb: publishLeadsDb }),
      },
    },
  ],
});
