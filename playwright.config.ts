import { defineConfig, devices } from '@playwright/test';
import { requireBuild } from './scripts/support/build.ts';
import { chromiumArgs, chromiumPath } from './scripts/support/chromium.ts';
import { siteServerEnv } from './scripts/support/site-server.ts';
import { leadsDb, ownerLeadsDb } from './tests/support/e2e-leads.ts';

const port = Number(process.env['E2E_PORT'] ?? 4322);
export const baseURL = `http://127.0.0.1:${port}`;
/**
 * The owner's page is tried on a server of its own, at localhost: a passkey belongs to a host
 * name (never an IP address), and a Secure cookie is kept on http only for localhost
 */
const ownerPort = Number(process.env['E2E_OWNER_PORT'] ?? port + 1);
export const ownerURL = `http://localhost:${ownerPort}`;

const chromium = { executablePath: chromiumPath, args: chromiumArgs };

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: 'list',
  use: { baseURL, launchOptions: chromium, trace: 'off' },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium }, testIgnore: /mobile\.spec\.ts|owner\.spec\.ts/ },
    {
      name: 'mobile',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, launchOptions: chromium },
      testMatch: /mobile\.spec\.ts/,
    },
    {
      name: 'owner',
      use: { baseURL: ownerURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, launchOptions: chromium },
      testMatch: /owner\.spec\.ts/,
    },
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
  ],
});
