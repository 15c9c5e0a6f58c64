/**
 * Where the content editor lives. The owner opens /owner/content; its page moves the address to
 * /keystatic before the editor starts, because Keystatic's router only works under /keystatic,
 * and the editor calls its API under /api/keystatic/. All three are the Node server's alone,
 * behind the owner's session: a static host answers them 404.
 */
import { ownerPaths } from './owner-api.ts';

export const editorPaths = {
  /** The page the owner opens (src/pages/owner/content.astro) */
  page: `${ownerPaths.page}/content`,
  /** What a request for the editor without a session gets, with 401: a link to sign in */
  signedOut: `${ownerPaths.page}/content-signed-out`,
  /** Keystatic's own addresses, each served the editor's page */
  app: '/keystatic',
  /** Keystatic's API (tree, blob, update) */
  api: '/api/keystatic/',
  /** The owner's page, where the site is published */
  publish: `${ownerPaths.page}#site`,
} as const;

/** Whether a path is one of Keystatic's own addresses (/keystatic or under it) */
export function isEditorAppPath(path: string): boolean {
  return path === editorPaths.app || path.startsWith(`${editorPaths.app}/`);
}
