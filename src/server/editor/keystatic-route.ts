/**
 * Which of Keystatic's API routes a request names, read exactly as Keystatic's own handler reads
 * it (`makeGenericAPIRouteHandler`: the URL's pathname after /api/keystatic/, split at '/', each
 * part percent-decoded, empty parts dropped). So `/update/`, `/%75pdate` and `//update` are all
 * the update, and are checked as the update; a path Keystatic would not read is `unknown`.
 */
import { editorPaths } from '../../lib/editor-paths.ts';

export type KeystaticRoute =
  | { name: 'tree' }
  | { name: 'blob'; sha: string; path: string }
  | { name: 'update' }
  | { name: 'unknown'; reason: 'not-found' | 'unreadable' };

const PREFIX = new RegExp(`^${editorPaths.api}?`);

/** The route of `method` on `url` (a request's target, resolved against the site's origin as a browser would) */
export function keystaticRoute(method: string | undefined, url: URL): KeystaticRoute {
  let parts: string[];
  try {
    parts = url.pathname
      .replace(PREFIX, '')
      .split('/')
      .map((part) => decodeURIComponent(part))
      .filter(Boolean);
  } catch {
    return { name: 'unknown', reason: 'unreadable' };
  }
  const joined = parts.join('/');
  if (method === 'GET' && joined === 'tree') return { name: 'tree' };
  if (method === 'GET' && parts[0] === 'blob' && parts.length > 2) {
    return { name: 'blob', sha: parts[1] ?? '', path: parts.slice(2).join('/') };
  }
  if (method === 'POST' && joined === 'update') return { name: 'update' };
  return { name: 'unknown', reason: 'not-found' };
}

/** The one spelling of a file's route that is passed on to Keystatic */
export function blobPath({ sha, path }: { sha: string; path: string }): string {
  return `${editorPaths.api}blob/${encodeURIComponent(sha)}/${path.split('/').map(encodeURIComponent).join('/')}`;
}
