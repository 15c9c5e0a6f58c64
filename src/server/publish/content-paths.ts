/**
 * What the owner edits: the content collections, the business facts and his project photos. Only
 * these paths are published, committed and undone; anything else in the checkout is the
 * developer's.
 */
import { PHOTOS_DIRECTORY } from '../../lib/content-schemas.ts';

export const CONTENT_DIR = 'src/content';
export const BUSINESS_FILE = 'src/content/business.json';
export const CONTENT_PATHS = [CONTENT_DIR, BUSINESS_FILE, PHOTOS_DIRECTORY] as const;

/** Whether `path` (relative to the checkout, with forward slashes) is one of the owner's */
export function isContentPath(path: string): boolean {
  return CONTENT_PATHS.some((root) => path === root || path.startsWith(`${root}/`));
}
