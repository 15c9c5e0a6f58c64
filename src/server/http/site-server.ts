/**
 * The Node server for the built site: real 301/302, 404 and 410 statuses from
 * src/config/routes.ts, precompressed files by negotiation, caching headers, security headers,
 * and every request under /api/ handed to the handler it is given.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  findRedirect,
  gonePagePath,
  isRetired,
  servicePrefix,
  serviceNotFoundPath,
} from '../../config/routes.ts';
import { createThrottledLog } from '../support/log.ts';
import { resourceCsp, securityHeaders } from './security-headers.ts';
import type { NodeApiHandler } from './api.ts';
import { BODY_DEADLINE_MS, UPLOAD_DEADLINE_MS, watchBodyDeadline } from './body-deadline.ts';
import { answerClientErrors, closeConnectionWhen, declaresBody } from './connections.ts';
import { fileAnswers } from './file-answers.ts';
import { isValidHostHeader, parseTarget, withoutTrailingSlashes } from './request-target.ts';
import { missingPages, type SiteHolder } from './live-site.ts';
import { CACHE_CONTROL, type Site, type SiteFile } from './site-files.ts';

/**
 * How long an idle connection is kept. Browsers close it themselves at the time announced here
 * (Keep-Alive: timeout=), and Firefox can send a form's post on a connection in the instant it
 * closes it, losing the post to a blank page. Node's 5 s falls within the seconds a visitor
 * spends on a page before sending its form; two minutes, near Firefox's own 115 s, is past most
 * of them. This matters where browsers reach Node itself (the tests, a server without a proxy);
 * behind the reverse proxy, browsers never see it, and the proxy closes its idle connections first.
 */
export const KEEP_ALIVE_MS = 120_000;

export interface SiteServerOptions {
  /** The built site (dist/client), or where to read the one being served (a build swapped for a newer one) */
  site: Site | SiteHolder;
  siteUrl: string;
  /** Receives every request under /api/ */
  api?: NodeApiHandler | undefined;
  /**
   * Told of each page sent, for the visit counts: a GET of a page answered 200. A 304 is not told:
   * it sends no page, and a script can ask for one as often as it likes.
   */
  onPageView?: ((path: string, req: IncomingMessage) => void) | undefined;
  /**
   * Pages behind a sign-in (the owner's): every path of an area is sent only when `allows` says
   * the request may see it; otherwise the area's signed-out page answers 401. The first area
   * whose prefix covers a path decides. Never cached, never indexed, never counted as a visit.
   */
  privatePages?:
    | { areas: readonly PrivateArea[]; allows: (req: IncomingMessage) => Promise<boolean> }
    | undefined;
  /**
   * Pages whose words the server fills in at each request (the thank-you page's reply time), by
   * path: sent uncompressed and never cached
   */
  filledPages?: ReadonlyMap<string, (html: string) => string> | undefined;
  /** How long a body may take to arrive, and how long one allowed longer may (body-deadline.ts) */
  bodyDeadlines?: { ms: number; uploadMs: number } | undefined;
}

export interface PrivateArea {
  /** The area: this path and every path under it */
  prefix: string;
  /** The page every path of the area is sent (an application's one shell); each path's own file when not given */
  page?: string;
  /** The page sent with 401 to a request that may not see the area; the page at `prefix` (its sign-in) when not given */
  signedOut?: string;
}

export function createSiteServer(options: SiteServerOptions): Server {
  const { site } = options;
  const currentSite = 'current' in site ? () => site.current : () => site;
  const privatePagePaths = (options.privatePages?.areas ?? []).flatMap((area) => [
    area.page,
    area.signedOut ?? area.prefix,
  ]);
  const missing = [
    ...missingPages(currentSite()),
    ...privatePagePaths.filter((path) => path !== undefined && !currentSite().files.has(path)),
  ];
  if (missing.length > 0)
    throw new Error(`The build has no ${missing.join(', ')}; run npm run build`);
  const baseHeaders = securityHeaders(options.siteUrl);
  const page = (files: Site['files'], path: string): SiteFile => {
    const file = files.get(path);
    if (!file) throw new Error(`The build has no ${path}; run npm run build`);
    return file;
  };

  const maySeePrivatePages = options.privatePages?.allows ?? (() => Promise.resolve(false));
  const privateAreas = (options.privatePages?.areas ?? []).map((area) => ({
    ...area,
    covers: (path: string) => path === area.prefix || path.startsWith(`${area.prefix}/`),
  }));

  const resourceHeaders = {
    ...baseHeaders,
    'Content-Security-Policy': resourceCsp,
    'Cache-Control': CACHE_CONTROL.answer,
  };

  function sendPlain(
    res: ServerResponse,
    status: number,
    text: string,
    extra: Record<string, string> = {},
  ) {
    res.writeHead(status, {
      ...resourceHeaders,
      'Content-Type': 'text/plain; charset=utf-8',
      ...extra,
    });
    res.end(res.req.method === 'HEAD' ? undefined : text);
  }

  const { sendFile, sendFilled } = fileAnswers({ baseHeaders, onPageView: options.onPageView });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    // Read once: the whole answer comes from one build, even if a newer one goes live meanwhile
    const { files } = currentSite();
    const notFoundPage = page(files, '/404.html');
    const target = parseTarget(req.url);
    if ('error' in target)
      return sendPlain(res, target.error, target.error === 414 ? 'URI Too Long' : 'Bad Request');
    const { path, search } = target;

    if (path.startsWith('/api/')) {
      // The Fetch API cannot represent TRACE, so Astro's handler would answer it with a 500
      if (req.method === 'TRACE')
        return sendPlain(res, 405, 'Method Not Allowed', { Allow: 'POST' });
      if (!options.api) return sendPlain(res, 404, 'Not Found');
      // The handler builds the request's URL from Host: 'a@b' would give it credentials, and it would fail
      if (!isValidHostHeader(req.headers.host)) return sendPlain(res, 400, 'Bad Request');
      // Defaults for every API answer; the handler's own headers replace them
      for (const [name, value] of Object.entries(resourceHeaders)) res.setHeader(name, value);
      return options.api(req, res);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendPlain(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
    }
    if (path.length > 1 && path.endsWith('/')) {
      const slashless = withoutTrailingSlashes(path);
      // An old address goes straight to its new one, not by way of its slashless form
      const redirect = findRedirect(slashless);
      if (redirect)
        return sendPlain(res, redirect.status, 'Moved', { Location: redirect.to + search });
      return sendPlain(res, 301, 'Moved Permanently', { Location: encodeURI(slashless) + search });
    }
    const redirect = findRedirect(path);
    if (redirect)
      return sendPlain(res, redirect.status, 'Moved', { Location: redirect.to + search });
    if (isRetired(path)) return sendFile(req, res, page(files, gonePagePath), path, 410);
    const privateArea = privateAreas.find((area) => area.covers(path));
    if (privateArea) {
      if (!(await maySeePrivatePages(req)))
        return sendFile(
          req,
          res,
          page(files, privateArea.signedOut ?? privateArea.prefix),
          path,
          401,
          true,
        );
      const file = privateArea.page === undefined ? files.get(path) : page(files, privateArea.page);
      return sendFile(req, res, file ?? notFoundPage, path, file ? 200 : 404, true);
    }

    const file = files.get(path);
    const fill = options.filledPages?.get(path);
    if (file && fill) return sendFilled(req, res, file, path, fill);
    if (file) return sendFile(req, res, file, path);
    if (path.startsWith(servicePrefix))
      return sendFile(req, res, page(files, serviceNotFoundPath), path, 404);
    return sendFile(req, res, notFoundPage, path, 404);
  }

  const logFailure = createThrottledLog();

  const deadlines = options.bodyDeadlines ?? { ms: BODY_DEADLINE_MS, uploadMs: UPLOAD_DEADLINE_MS };
  const server = createServer((req, res) => {
    if (declaresBody(req)) watchBodyDeadline(req, deadlines.ms);
    // Once shutting down (the server no longer listens), every answer ends its connection, and
    // so does one sent before the request's body was read to its end (a refusal, a body over
    // the limit), as what is left of the body would be read as the next request
    closeConnectionWhen(
      res,
      () => !server.listening || (!req.complete && (req.readableDidRead || declaresBody(req))),
    );
    // A connection whose answer was already under way at shutdown is closed once it is done
    res.once('finish', () => {
      if (!server.listening) setImmediate(() => server.closeIdleConnections());
    });
    Promise.resolve(handle(req, res)).catch((error: unknown) => {
      // One line per distinct failure, repeats counted: a failure on every request must not flood the log
      logFailure('Request failed', error);
      if (!res.headersSent) sendPlain(res, 500, 'Internal Server Error');
      else res.destroy();
    });
  });

  server.on('clientError', answerClientErrors(resourceHeaders));
  server.requestTimeout = deadlines.uploadMs;
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  return server;
}
