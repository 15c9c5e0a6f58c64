/**
 * Where builds are kept and which one is served. Each publish builds into a fresh folder
 * `.published/<id>/` of the site directory (git-ignored; `client/` is what is served, `nginx/`
 * beside it), marked complete once it has been checked. At start the server serves the newest
 * complete build: the latest published one or DIST_DIR's, whichever was built later, so a
 * developer's `npm run build` after pulling the owner's commits wins over an older publish, and a
 * publish after it wins over it.
 */
import { existsSync, readdirSync, rmSync, statSync, type Dirent } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { siteDirOf } from './content-paths.ts';

export const BUILDS_DIR = '.published';
/** Written into a build's folder once it is complete and checked */
const COMPLETE_MARK = 'complete';

export interface BuildFolder {
  /** The folder holding `client/` */
  dir: string;
  /** When it was completed */
  builtAt: Date;
}

/** When a build at `dir` was finished: its mark for a published one, its home page for DIST_DIR's; null when incomplete */
export function builtAt(dir: string, { published }: { published: boolean }): Date | null {
  const file = published ? join(dir, COMPLETE_MARK) : join(dir, 'client', 'index.html');
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) return null;
  if (published && !existsSync(join(dir, 'client', 'index.html'))) return null;
  return stat.mtime;
}

/** The complete published builds of `siteDir`, newest first */
export function publishedBuilds(siteDir: string): BuildFolder[] {
  const root = join(siteDir, BUILDS_DIR);
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const dir = join(root, entry.name);
      const at = builtAt(dir, { published: true });
      return at ? [{ dir, builtAt: at }] : [];
    })
    .sort((a, b) => b.builtAt.getTime() - a.builtAt.getTime());
}

/** The build to serve at start: the newest of DIST_DIR's and the published ones; null when there is none */
export function chooseBuild(candidates: readonly (BuildFolder | null)[]): BuildFolder | null {
  return candidates.reduce<BuildFolder | null>(
    (newest, candidate) =>
      candidate && (!newest || candidate.builtAt > newest.builtAt) ? candidate : newest,
    null,
  );
}

/** The newest complete build of DIST_DIR (`distDir`) and the site directory's published ones */
export function newestBuild({
  distDir,
  siteDir,
}: {
  distDir: string;
  siteDir: string;
}): BuildFolder | null {
  const dist = builtAt(distDir, { published: false });
  return chooseBuild([
    dist ? { dir: distDir, builtAt: dist } : null,
    publishedBuilds(siteDir)[0] ?? null,
  ]);
}

/**
 * The build to serve at start, the newest of DIST_DIR's and SITE_DIR's published ones; older
 * published builds but the one before it are removed, as no request can be reading them yet
 */
export function startingBuild(env: Record<string, string | undefined>): BuildFolder | null {
  const siteDir = siteDirOf(env);
  const chosen = newestBuild({ distDir: resolve(env['DIST_DIR'] ?? 'dist'), siteDir });
  if (chosen) {
    const before = publishedBuilds(siteDir).find((build) => build.dir !== chosen.dir);
    removeBuildsExcept(siteDir, [chosen.dir, ...(before ? [before.dir] : [])]);
  }
  return chosen;
}

/** A new, empty folder for a build, named by when it started so the names sort in order */
export async function freshBuildFolder(siteDir: string, now = new Date()): Promise<string> {
  const name = `${now.toISOString().replace(/[:.]/g, '-')}-${process.pid}`;
  const dir = join(siteDir, BUILDS_DIR, name);
  await mkdir(dir, { recursive: true });
  return dir;
}

export async function markComplete(dir: string): Promise<void> {
  await writeFile(join(dir, COMPLETE_MARK), `${new Date().toISOString()}\n`);
}

/** The published folders of `siteDir` among `entries` of its builds folder that are not in `keep` */
function foldersOtherThan(
  siteDir: string,
  entries: readonly Dirent[],
  keep: readonly string[],
): string[] {
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(siteDir, BUILDS_DIR, entry.name))
    .filter((dir) => !keep.includes(dir));
}

/** At start, before any request: removes every published folder of `siteDir` but those in `keep` (the build served and the one before) */
export function removeBuildsExcept(siteDir: string, keep: readonly string[]): string[] {
  const root = join(siteDir, BUILDS_DIR);
  if (!existsSync(root)) return [];
  const removed = foldersOtherThan(siteDir, readdirSync(root, { withFileTypes: true }), keep);
  for (const dir of removed) rmSync(dir, { recursive: true, force: true });
  return removed;
}

/**
 * While serving: removes, off the serving thread, every published folder of `siteDir` but those
 * `inUse` names, asked once the folders are listed (so a build begun meanwhile is kept)
 */
export async function removeUnusedBuilds(
  siteDir: string,
  inUse: () => readonly string[],
): Promise<string[]> {
  const entries = await readdir(join(siteDir, BUILDS_DIR), { withFileTypes: true }).catch(() => []);
  const removed = foldersOtherThan(siteDir, entries, inUse());
  await Promise.all(removed.map((dir) => rm(dir, { recursive: true, force: true })));
  return removed;
}
