/**
 * The count of pages sent to visitors: once per visitor and page within a few minutes (visits.ts),
 * with where the visit came from when it came from outside the site (sources.ts); never the
 * signed-in owner's own.
 */
import type { IncomingMessage } from 'node:http';
import type { Counter } from './counter.ts';
import { sourceOfReferer } from './sources.ts';
import { createRepeatViewFilter, header, isCountedVisit } from './visits.ts';

type Log = (message: string, error?: unknown) => void;

export interface PageViewsOptions {
  counter: Counter;
  /** The site's public origin (SITE_URL): a visit from its own pages has no source */
  siteUrl: string;
  /** Who is viewing; behind a reverse proxy, the address it forwards */
  clientAddress: (req: IncomingMessage) => string;
  /**
   * Whether the request is the signed-in owner's: false at once for a request that cannot be
   * (no session cookie), else what the store says
   */
  isOwner: (req: IncomingMessage) => false | Promise<boolean>;
  log: Log;
}

/** Counts a page sent to a visitor at `path` */
export function pageViewCounter({
  counter,
  siteUrl,
  clientAddress,
  isOwner,
  log,
}: PageViewsOptions): (path: string, req: IncomingMessage) => void {
  const repeatViews = createRepeatViewFilter({ clientAddress });
  const ownHosts = [new URL(siteUrl).hostname];

  /** Counts a view, and where the visit came from when it came from outside the site */
  function countPersonView(path: string, req: IncomingMessage) {
    if (!repeatViews.isFirstView(req, path)) return;
    counter.count(path, 'view');
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const source = sourceOfReferer(
      req.headers.referer,
      [...ownHosts, host],
      header(req.headers, 'sec-fetch-site'),
    );
    if (source) counter.countSource(source);
  }

  return (path, req) => {
    if (!isCountedVisit(req.headers)) return;
    const owner = isOwner(req);
    if (owner === false) {
      countPersonView(path, req);
      return;
    }
    owner.then(
      (signedIn) => {
        if (!signedIn) countPersonView(path, req);
      },
      (error: unknown) => log('A page view could not be checked for the owner', error),
    );
  };
}
