/**
 * Writes a checked save into the site's source. No path may pass through a symbolic link: a link
 * in the content folders (from a checkout, or a mistake on the server) would otherwise send the
 * owner's file, or an attacker's, anywhere the server may write. Every path is checked before
 * anything is written, and each file is written to a new temporary file beside it and renamed
 * into place, which replaces a link rather than following it and never leaves half a file.
 */
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { CheckedUpdate } from './updates.ts';

export type WriteOutcome = { ok: true } | { ok: false; path: string };

/** Whether `path` (relative to `root`, '/'-separated) reaches a link or a non-folder on its way */
async function passesThroughLink(root: string, path: string): Promise<boolean> {
  const segments = path.split('/');
  for (let end = 1; end <= segments.length; end++) {
    let stats;
    try {
      stats = await lstat(join(root, ...segments.slice(0, end)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
    if (stats.isSymbolicLink()) return true;
    if (end < segments.length && !stats.isDirectory()) return true;
  }
  return false;
}

/** Writes `update` under `root`, or names the first path that passes through a link and writes nothing */
export async function writeUpdate(root: string, update: CheckedUpdate): Promise<WriteOutcome> {
  for (const path of [...update.additions.map((addition) => addition.path), ...update.deletions]) {
    if (await passesThroughLink(root, path)) return { ok: false, path };
  }
  for (const { path, bytes } of update.additions) {
    const target = join(root, path);
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.saving`;
    try {
      await writeFile(temporary, bytes, { flag: 'wx' });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
  for (const path of update.deletions) await rm(join(root, path), { force: true });
  return { ok: true };
}
