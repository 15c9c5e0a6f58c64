/**
 * The production install, as the README deploys it, in a copy of the project: the build, and
 * only the run-time dependencies (`npm install --omit=dev` leaves what `npm prune --omit=dev`
 * does). `npm run check:production` then serves it and stores a quote request.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFile, distDir } from '../support/build.ts';

const repoRoot = resolve(import.meta.dirname, '../..');
/** Not part of an install: dependencies, the build (copied on its own), local data and reports */
const LEFT_OUT = new Set([
  'node_modules',
  '.git',
  'dist',
  'data',
  'test-results',
  'playwright-report',
  '.astro',
  'coverage',
]);

const installDir = mkdtempSync(join(tmpdir(), 'production-install-'));
// Removing a production install's node_modules takes a while on a busy disk
afterAll(() => rm(installDir, { recursive: true, force: true }), 180_000);

function npm(args: string[], env: Record<string, string> = {}) {
  return spawnSync('npm', args, {
    cwd: installDir,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
}

describe('the production install', () => {
  it(
    'installs only the run-time dependencies, serves every page and stores a quote request',
    { timeout: 240_000 },
    () => {
      buildFile('client', 'sitemap.xml');
      cpSync(repoRoot, installDir, {
        recursive: true,
        filter: (source) => !LEFT_OUT.has(relative(repoRoot, source)),
      });
      cpSync(distDir, join(installDir, 'dist'), { recursive: true });

      const install = npm(['install', '--omit=dev', '--no-audit', '--no-fund']);
      expect(install.status, install.stderr).toBe(0);
      const check = npm(['run', '--silent', 'check:production'], { CHECK_PORT: '4391' });
      console.log(check.stdout);
      expect(check.status, `${check.stdout}\n${check.stderr}`).toBe(0);
      expect(check.stdout).toContain('quote request: stored');
    },
  );
});
