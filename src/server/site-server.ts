/**
 * The Node server for the built site: real 301/302, 404 and 410 statuses from
 * src/config/routes.ts, precompressed files by negotiation, caching headers, security headers,
 * and the quote-request endpoint (handed to Astro's on-demand handler).
 */
import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { findRedirect, gonePagePath, isRetired, servicePrefix, serviceNotFoundPath } from '../config/routes.ts';
import { pageCsp, resourceCsp, securityHeaders } from './security-headers.ts';
import { loadSiteFiles, type SiteFile } from './site-files.ts';

export type ApiHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface SiteServerOptions {
  distDir: string;
  siteUrl: string;
  /** Receives every request under /api/ */
  api?: ApiHandler | undefined;
}

const MAX_URL_LENGTH = 2048;

type ParsedTarget = { path: string; search: string } | { error: 400 | 414 };

/** Decodes the request target, refusing anything that could reach outside the site */
export function parseTarget(rawUrl: string | undefined): ParsedTarget {
  if (!rawUrl || !rawUrl.startsWith('/')) return { error: 400 };
  if (rawUrl.length > MAX_URL_LENGTH) return { error: 414 };
  const queryStart = rawUrl.indexOf('?');
  const rawPath = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
  const search = queryStart === -1 ? '' : rawUrl.slice(queryStart);
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return { error: 400 };
  }
  if (/[\0\\]/.test(path) || path.includes('//')) return { error: 400 };
  if (path.split('/').some((segment) => segment === '..' || segment === '.')) return { error: 400 };
  return { path, search };
}

export function createSiteServer(options: SiteServerOptions): Server {
  const clientDir = join(options.distDir, 'client');
  const files = loadSiteFiles(clientDir);
  const baseHeaders = securityHeaders(options.siteUrl);
  const page = (path: string): SiteFile => {
    const file = files.get(path);
    if (!file) throw new Error(`The build has no ${path}; run npm run build`);
    return file;
  };
  const notFoundPage = page('/404.html');
  const gonePage = page(gonePagePath);
  const serviceNotFoundPage = page(serviceNotFoundPath);

  function sendPlain(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}) {
    res.writeHead(status, {
      ...baseHeaders,
      'Content-Security-Policy': resourceCsp,
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      ...extra,
    });
    res.end(res.req.method === 'HEAD' ? undefined : text);
  }

  function sendFile(req: IncomingMessage, res: ServerResponse, file: SiteFile, status = file.status) {
    const isHtml = file.contentType.startsWith('text/html');
    const immutable = file.absolutePath.includes(`${join(clientDir, '_astro')}`);
    const headers: Record<string, string | number> = {
      ...baseHeaders,
      'Content-Type': file.contentType,
      'Content-Security-Policy': isHtml ? pageCsp(file.csp) : resourceCsp,
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : isHtml ? 'no-cache' : 'public, max-age=86400',
      'Last-Modified': file.mtime.toUTCString(),
      ETag: file.etag,
      Vary: 'Accept-Encoding',
    };
    if (status === 200 && req.headers['if-none-match'] === file.etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const accepted = String(req.headers['accept-encoding'] ?? '');
    let bodyPath = file.absolutePath;
    if (file.brotliPath && /\bbr\b/.test(accepted)) {
      bodyPath = file.brotliPath;
      headers['Content-Encoding'] = 'br';
    } else if (file.gzipPath && /\bgzip\b/.test(accepted)) {
      bodyPath = file.gzipPath;
      headers['Content-Encoding'] = 'gzip';
    }
    res.writeHead(status, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(bodyPath)
      .on('error', () => res.destroy())
      .pipe(res);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const target = parseTarget(req.url);
    if ('error' in target) return sendPlain(res, target.error, target.error === 414 ? 'URI Too Long' : 'Bad Request');
    const { path, search } = target;

    if (path.startsWith('/api/')) {
      if (options.api) return options.api(req, res);
      return sendPlain(res, 404, 'Not Found');
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendPlain(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
    }
    if (path.length > 1 && path.endsWith('/')) {
      return sendPlain(res, 301, 'Moved Permanently', { Location: encodeURI(path.replace(/\/+$/, '')) + search });
    }
    const redirect = findRedirect(path);
    if (redirect) return sendPlain(res, redirect.status, 'Moved', { Location: redirect.to + search });
    if (isRetired(path)) return sendFile(req, res, gonePage, 410);

    const file = files.get(path);
    if (file) return sendFile(req, res, file);
    if (path.startsWith(servicePrefix)) return sendFile(req, res, serviceNotFoundPage, 404);
    return sendFile(req, res, notFoundPage, 404);
  }

  return createServer((req, res) => {
    Promise.resolve(handle(req, res)).catch((error: unknown) => {
      console.error('Request failed', req.method, req.url, error);
      if (!res.headersSent) sendPlain(res, 500, 'Internal Server Error');
      else res.destroy();
    });
  });
}
