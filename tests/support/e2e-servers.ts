/**
 * The browser tests' three servers (playwright.config.ts), each on a port of its own from E2E_PORT
 * (4322 unless set): the visitors' server, which every run starts (Playwright's webServer), and the
 * owner's and the publishing one, which start only when a test of theirs runs (on-demand-server.ts):
 * their spec files take `test` from here.
 */
import { test as base } from '@playwright/test';
import { requireBuild } from '../../scripts/support/build.ts';
import { siteServerEnv } from '../../scripts/support/site-server.ts';
import { ownerLeadsDb } from './e2e-leads.ts';
import { publishLeadsDb, publishSiteDir } from './e2e-publish.ts';
import { ensureServer, type OnDemandServer } from './on-demand-server.ts';

export const port = Number(process.env['E2E_PORT'] ?? 4322);
export const baseURL = `http://127.0.0.1:${port}`;
/**
 * The owner's page is tried on a server of its own, at localhost: a passkey belongs to a host
 * name (never an IP address), and a Secure cookie is kept on http only for localhost
 */
const ownerPort = Number(process.env['E2E_OWNER_PORT'] ?? port + 1);
export const ownerURL = `http://localhost:${ownerPort}`;
/**
 * Publishing is tried on a third server at localhost, on a git copy of the repository of its own
 * (publish-server.ts), as the owner's edits are built, swapped in and committed there
 */
const publishPort = Number(process.env['E2E_PUBLISH_PORT'] ?? port + 2);
export const publishURL = `http://localhost:${publishPort}`;

const ownerServer: OnDemandServer = {
  name: 'owner',
  port: ownerPort,
  url: `${ownerURL}/`,
  args: ['src/server/main.ts'],
  env: () => ({
    PORT: String(ownerPort),
    HOST: '127.0.0.1',
    SITE_URL: ownerURL,
    // A spec may come from an address of its own (X-Forwarded-For), so the sign-in limit per
    // client counts each spec's ceremonies apart, as it would each phone's
    TRUST_PROXY: '1',
    ...siteServerEnv({ distDir: requireBuild(), leadsDb: ownerLeadsDb }),
  }),
  startTimeoutMs: 30_000,
};

const publishServer: OnDemandServer = {
  name: 'publish',
  port: publishPort,
  url: `${publishURL}/`,
  args: ['tests/support/publish-server.ts'],
  env: () => ({
    PORT: String(publishPort),
    HOST: '127.0.0.1',
    SITE_URL: publishURL,
    SITE_DIR: publishSiteDir,
    ...siteServerEnv({ distDir: requireBuild(), leadsDb: publishLeadsDb }),
  }),
  // Copying the repository first takes some seconds more on a busy machine
  startTimeoutMs: 120_000,
};

/** `test` whose every worker has `server` running before its first test */
function testOn(server: OnDemandServer) {
  return base.extend<object, { server: void }>({
    server: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads which fixtures a fixture needs from its first parameter
      async ({}, use) => {
        await ensureServer(server);
        await use();
      },
      { scope: 'worker', auto: true, timeout: server.startTimeoutMs + 10_000 },
    ],
  });
}

/** The owner project's `test`: its server started first */
export const ownerTest = testOn(ownerServer);
/** The publish project's `test`: its server, on its copy of the repository, started first */
export const publishTest = testOn(publishServer);
