/**
 * What the owner edits: the content collections, the business facts and his project photos. Only
 * these paths are published, committed and undone; anything else in the checkout is the
 * developer's.
 */
import { readdir, rm, rmdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { PHOTOS_DIRECTORY } from '../../lib/content-schemas.ts';

export const CONTENT_DIR = 'src/content';
export const BUSINESS_FILE = 'src/content/business.json';
export const CONTENT_PATHS = [CONTENT_DIR, BUSINESS_FILE, PHOTOS_DIRECTORY] as const;

/** The checkout whose content the owner edits and publishes: SITE_DIR, or the working directory */
export function siteDirOf(env: Record<string, string | undefined>): string {
  return resolve(env['SITE_DIR'] || '.');
}

/** Whether `path` (relative to the checkout, with forward slashes) is one of the owner's */
export function isContentPath(path: string): boolean {
  return CONTENT_PATHS.some((root) => path === root || path.startsWith(`${root}/`));
}

/**
 * Removes files the owner added since the last publish (`paths`, each one of his), and the folders
 * that held only them, up to his content folders
 */
export async function removeAdded(siteDir: string, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    if (!isContentPath(path)) throw new Error(`${path} is not the owner's`);
    await rm(join(siteDir, path), { force: true });
    for (
      let folder = dirname(path);
      isContentPath(folder) && !isRoot(folder);
      folder = dirname(folder)
    ) {
      const left = await readdir(join(siteDir, folder)).catch(() => ['(gone)']);
      if (left.length > 0) break;
      await rmdir(join(siteDir, folder));
    }
  }
}

const isRoot = (folder: string) => (CONTENT_PATHS as readonly string[]).includes(folder);
