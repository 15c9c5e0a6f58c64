/**
 * The server of the browser tests of publishing (the publish project of playwright.config.ts):
 * a fresh git copy of the repository at SITE_DIR (the old one removed first), then the site's
 * real server on it, started with the environment Playwright gives it. Run by `node`.
 */
import { rmSync } from 'node:fs';
import { copyAsCheckout } from '../../scripts/support/repository-copy.ts';

const siteDir = process.env['SITE_DIR'];
if (!siteDir) throw new Error('SITE_DIR is not set: playwright.config.ts gives it');

/** The owner's messages and backups stay on this machine: no channel, no remote, whatever the shell holds */
for (const setting of ['SMTP_URL', 'LEADS_NOTIFY_TO', 'LEADS_WEBHOOK_URL', 'LEADS_NTFY_URL', 'STATS_WEEKLY', 'CONTENT_GIT_REMOTE'])
  delete process.env[setting];

rmSync(siteDir, { recursive: true, force: true });
const started = Date.now();
copyAsCheckout(siteDir);
console.log(`Copied the repository to ${siteDir} in ${Date.now() - started} ms`);

await import('../../src/server/main.ts');
