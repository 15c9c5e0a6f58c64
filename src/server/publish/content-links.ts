/**
 * Symbolic links among the owner's content. The editor never makes one, so a link there was put
 * on the server by hand; publishing it would build another file's text into the site and commit
 * the link as the owner's. The publish refuses until it is replaced by the file itself.
 */
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { CONTENT_DIR } from './content-paths.ts';
import { PHOTOS_DIRECTORY } from '../../lib/content-schemas.ts';

/** Every link under the content folders, relative to the checkout (empty when there is none) */
export async function contentLinks(siteDir: string): Promise<string[]> {
  const links: string[] = [];
  for (const folder of [CONTENT_DIR, PHOTOS_DIRECTORY]) {
    let entries;
    try {
      entries = await readdir(join(siteDir, folder), { withFileTypes: true, recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    for (const entry of entries) {
      if (entry.isSymbolicLink()) links.push(relative(siteDir, join(entry.parentPath, entry.name)));
    }
  }
  return links.sort();
}
