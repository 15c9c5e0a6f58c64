/**
 * A working copy of the repository in another directory, for what must build or change the site
 * without touching this checkout (the launch rehearsal, the publish benchmark, the publisher's
 * server tests). It holds the tracked and the untracked-but-not-ignored files, never node_modules,
 * dist, .git, data or test-results. Its node_modules links to this repository's packages and
 * image cache, so nothing is installed; Astro's content store stays the copy's own, as it would
 * carry one copy's content into another's build. Node built-ins only.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../..');

const excluded = new Set(['node_modules', 'dist', '.git', 'data', 'test-results', '.published']);
/** Caches in node_modules the copy keeps to itself */
const ownCaches = new Set(['.astro', '.vite', '.vite-temp', '.vitest-cache']);

/** The repository's files, relative to `root`: what git tracks or would add, or every file outside the excluded folders */
export function repositoryFiles(root = repoRoot): string[] {
  const git = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (git.status === 0) return git.stdout.split('\0').filter(Boolean);
  // Not a git checkout (an unpacked archive): every file but the excluded folders
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return excluded.has(entry.name) ? [] : walk(path);
      return [path];
    });
  return walk('');
}

/** Copies the repository at `root` into `site` (an empty directory) and links its packages; returns how many files it copied */
export function copyRepository(site: string, root = repoRoot): number {
  let copied = 0;
  for (const file of repositoryFiles(root)) {
    if (excluded.has(file.split('/')[0]!)) continue;
    const from = join(root, file);
    // Deleted in the working tree but still in the index, or a submodule
    if (!existsSync(from) || !lstatSync(from).isFile()) continue;
    mkdirSync(dirname(join(site, file)), { recursive: true });
    copyFileSync(from, join(site, file));
    copied++;
  }
  const modules = join(root, 'node_modules');
  if (!existsSync(modules)) throw new Error(`${modules} is missing: run \`npm install\` first`);
  mkdirSync(join(site, 'node_modules'));
  for (const entry of readdirSync(modules)) {
    if (ownCaches.has(entry)) continue;
    symlinkSync(join(modules, entry), join(site, 'node_modules', entry));
  }
  // Optimised images depend on the image files only, so the copy reuses them
  mkdirSync(join(site, 'node_modules', '.astro'));
  if (existsSync(join(modules, '.astro', 'assets')))
    symlinkSync(join(modules, '.astro', 'assets'), join(site, 'node_modules', '.astro', 'assets'));
  return copied;
}

/**
 * A copy (as copyRepository makes) that is a git work tree of its own, its files in one first
 * commit on `main`, as the checkout a server publishes from would be
 */
export function copyAsCheckout(site: string, root = repoRoot): void {
  copyRepository(site, root);
  const git = (...args: string[]) => {
    const run = spawnSync(
      'git',
      ['-c', 'user.name=Developer', '-c', 'user.email=developer@example.com', ...args],
      {
        cwd: site,
        encoding: 'utf8',
      },
    );
    if (run.status !== 0) throw new Error(`git ${args.join(' ')} failed in ${site}: ${run.stderr}`);
  };
  git('init', '--quiet', '--initial-branch=main');
  git('add', '--all');
  git('commit', '--quiet', '--no-verify', '-m', 'The site as the developer left it');
}
