/**
 * The site being served, swapped for a new build in one step. A request reads `current` once at
 * its start and is answered wholly from that site, so none sees a page of one build with a file
 * of another. The build before keeps answering its hashed assets (under IMMUTABLE_PATH) that the
 * new one lacks, so a page loaded just before the swap still gets its styles and scripts.
 */
import { gonePagePath, serviceNotFoundPath } from '../../config/routes.ts';
import { IMMUTABLE_PATH, type Site } from './site-files.ts';

/** The pages the server answers with when no file is asked for: a build without one cannot be served */
export const REQUIRED_PAGES = ['/', '/404.html', gonePagePath, serviceNotFoundPath] as const;

/** The paths of REQUIRED_PAGES that `site` has not got */
export function missingPages(site: Site): string[] {
  return REQUIRED_PAGES.filter((path) => !site.files.has(path));
}

/** Where the served site is read from, once per request */
export interface SiteHolder {
  readonly current: Site;
}

export interface LiveSite extends SiteHolder {
  /** Serves `next` from now on */
  swap(next: Site): void;
}

/** `site`, also answering the hashed assets of `previous` that it has not got */
export function withAssetsOf(site: Site, previous: Site): Site {
  const files = new Map(site.files);
  for (const [path, file] of previous.files) {
    if (path.startsWith(IMMUTABLE_PATH) && !files.has(path)) files.set(path, file);
  }
  return { ...site, files };
}

export function createLiveSite(first: Site): LiveSite {
  // The newest build as opened, without the assets carried over, so only one build back is kept
  let newest = first;
  let served = first;
  return {
    get current() {
      return served;
    },
    swap(next) {
      served = withAssetsOf(next, newest);
      newest = next;
    },
  };
}
