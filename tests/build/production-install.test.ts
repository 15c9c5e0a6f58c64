/**
 * The production install, as the README deploys it, in a copy of the project: the build, the
 * full install, then `npm prune --omit=dev` to leave only the run-time dependencies.
 * `npm run check:production` then serves it and stores a quote request.
 *
 * The full install is this project's own node_modules, hard-linked into the copy: a new install
 * would unpack 1.3 GB again for the same tree. Prune only unlinks the copy's names; the caches
 * tools write in place (node_modules/.vite and the like) and npm's own record of the tree are left
 * out, so nothing the copy writes reaches this project's files.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  symlinkSync,
} from 'node:fs';
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

/**
 * The folder `from` mirrored at `to`, with those of its own entries `keep` names: directories
 * made anew, files hard-linked (copied across disks)
 */
function linkTree(from: string, to: string, keep = (_name: string) => true) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (!keep(entry.name)) continue;
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}

function npm(args: string[], env: Record<string, string> = {}) {
  return spawnSync('npm', args, {
    cwd: installDir,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
}

describe('the production install', () => {
  it(
    'keeps only the run-time dependencies, serves every page and stores a quote request',
    { timeout: 240_000 },
    () => {
      buildFile('client', 'sitemap.xml');
      cpSync(repoRoot, installDir, {
        recursive: true,
        filter: (source) => !LEFT_OUT.has(relative(repoRoot, source)),
      });
      cpSync(distDir, join(installDir, 'dist'), { recursive: true });

      linkTree(
        join(repoRoot, 'node_modules'),
        join(installDir, 'node_modules'),
        (name) => !name.startsWith('.') || name === '.bin',
      );
      const prune = npm(['prune', '--omit=dev', '--no-audit', '--no-fund']);
      expect(prune.status, prune.stderr).toBe(0);
      const check = npm(['run', '--silent', 'check:production'], { CHECK_PORT: '4391' });
      console.log(check.stdout);
      expect(check.status, `${check.stdout}\n${check.stderr}`).toBe(0);
      expect(check.stdout).toContain('quote request: stored');
    },
  );
});
