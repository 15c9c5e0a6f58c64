/**
 * The server of the browser tests of publishing (the publish project of playwright.config.ts, started by tests/support/e2e-servers.ts):
 * a fresh git copy of the repository at SITE_DIR (the old one removed first), one area page's
 * Markdown holding every injection attempt (tests/support/e2e-publish.ts, `hostileArea`), then the
 * site's real server on it, started with the environment Playwright gives it. Run by `node`.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { copyAsCheckout } from '../../scripts/support/repository-copy.ts';
import { hostileArea } from './e2e-publish.ts';
import { hostileMarkdown } from './hostile-markdown.ts';

const siteDir = process.env['SITE_DIR'];
if (!siteDir) throw new Error('SITE_DIR is not set: tests/support/e2e-servers.ts gives it');

/** The owner's messages and backups stay on this machine: no channel, no remote, whatever the shell holds */
for (const setting of [
  'SMTP_URL',
  'LEADS_NOTIFY_TO',
  'LEADS_WEBHOOK_URL',
  'LEADS_NTFY_URL',
  'STATS_WEEKLY',
  'CONTENT_GIT_REMOTE',
])
  delete process.env[setting];

rmSync(siteDir, { recursive: true, force: true });
const started = Date.now();
copyAsCheckout(siteDir);
// One area page's Markdown holds every injection a stolen session could save, as the developer left it
appendFileSync(join(siteDir, hostileArea.file), hostileMarkdown);
const developer = ['-c', 'user.name=Developer', '-c', 'user.email=developer@example.com'];
execFileSync(
  'git',
  [...developer, 'commit', '--quiet', '--no-verify', '--amend', '--no-edit', '--all'],
  { cwd: siteDir },
);
console.log(`Copied the repository to ${siteDir} in ${Date.now() - started} ms`);

await import('../../src/server/main.ts');
