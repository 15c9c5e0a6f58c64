/**
 * The Node server for the built site: real 301/302, 404 and 410 statuses from
 * src/config/routes.ts, precompressed files by negotiation, caching headers, security headers,
 * and every request under /api/ handed to the handler it is given.
 */
import { createReadStream } from 'node:fs';
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIPv6 } from 'node:net';
import type { Duplex } from 'node:stream';
import { findRedirect, gonePagePath, isRetired, servicePrefix, serviceNotFoundPath } from '../../config/routes.ts';
import { createThrottledLog } from '../support/log.ts';
import { pageCsp, resourceCsp, securityHeaders } from './security-headers.ts';
import type { ApiHandler } from './api.ts';
import { CACHE_CONTROL, etagFor, type PrecompressedCoding, type Site, type SiteFile } from './site-files.ts';

export interface SiteServerOptions {
  /** The built site (dist/client) */
  site: Site;
  siteUrl: string;
  /** Receives every request under /api/ */
  api?: ApiHandler | undefined;
  /**
   * Told of each page sent, for the visit counts: a GET of a page answered 200. A 304 is not told:
   * it sends no page, and a script can ask for one as often as it likes.
   */
  onPageView?: ((path: string, req: IncomingMessage) => void) | undefined;
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

/** Longest Host header taken: a DNS name (253) or a bracketed IPv6 address, and a port */
const MAX_HOST_LENGTH = 260;

/** RFC 3986 unreserved and sub-delims characters, which a reg-name holds besides %HH */
function isRegNameCharacter(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) || // a-z
    (code >= 0x41 && code <= 0x5a) || // A-Z
    (code >= 0x30 && code <= 0x39) || // 0-9
    "-._~!$&'()*+,;=".includes(String.fromCharCode(code))
  );
}

function isHexDigit(character: string | undefined): boolean {
  return character !== undefined && character.length === 1 && '0123456789abcdefABCDEF'.includes(character);
}

/**
 * Whether a Host header is a valid host[:port] (RFC 9110 7.2, RFC 3986 3.2.2): a reg-name (which
 * covers IPv4 addresses) or an [IPv6] literal, then an optional port of up to 5 digits at most
 * 65535. One pass over the text, no pattern. An empty host is refused too.
 */
export function isValidHostHeader(host: string | undefined): boolean {
  if (host === undefined || host.length === 0 || host.length > MAX_HOST_LENGTH) return false;
  let portStart: number;
  if (host.startsWith('[')) {
    const close = host.indexOf(']');
    if (close === -1 || !isIPv6(host.slice(1, close)) || host.includes('%')) return false;
    portStart = close + 1;
  } else {
    portStart = host.indexOf(':');
    if (portStart === -1) portStart = host.length;
    if (portStart === 0) return false;
    for (let index = 0; index < portStart; index++) {
      if (host[index] === '%') {
        if (!isHexDigit(host[index + 1]) || !isHexDigit(host[index + 2])) return false;
        index += 2;
      } else if (!isRegNameCharacter(host.charCodeAt(index))) {
        return false;
      }
    }
  }
  if (portStart === host.length) return true;
  if (host[portStart] !== ':') return false;
  const port = host.slice(portStart + 1);
  if (port.length === 0) return true; // RFC 3986 allows an empty port
  if (port.length > 5 || ![...port].every((digit) => digit >= '0' && digit <= '9')) return false;
  return Number(port) <= 65_535;
}

/** `path` without the slashes it ends in (a loop: the pattern /\/+$/ is quadratic on a run of slashes) */
function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path[end - 1] === '/') end--;
  return path.slice(0, end);
}

/** Whether an Accept-Encoding header accepts `coding` (named, not refused with q=0) */
export function acceptsEncoding(header: string, coding: string): boolean {
  return header.split(',').some((part) => {
    const [name, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (name !== coding && name !== `x-${coding}`) return false;
    const quality = params.find((param) => param.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

/** What to send for an Accept-Encoding header: the brotli copy, the gzip copy, or the file as it is */
function chooseBody(file: SiteFile, acceptEncoding: string): { coding: PrecompressedCoding | null; path: string } {
  if (file.brotliPath && acceptsEncoding(acceptEncoding, 'br')) return { coding: 'br', path: file.brotliPath };
  if (file.gzipPath && acceptsEncoding(acceptEncoding, 'gzip')) return { coding: 'gzip', path: file.gzipPath };
  return { coding: null, path: file.absolutePath };
}

/**
 * Whether the client's cached copy is current (RFC 9110 13.1.2 and 13.1.3): answer 304. `etag` is
 * the ETag of the body that would be sent, so a copy in another encoding is not current.
 */
export function isNotModified(req: IncomingMessage, etag: string, mtime: Date): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
  }
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since;
}

export function createSiteServer(options: SiteServerOptions): Server {
  const { files } = options.site;
  const baseHeaders = securityHeaders(options.siteUrl);
  const page = (path: string): SiteFile => {
    const file = files.get(path);
    if (!file) throw new Error(`The build has no ${path}; run npm run build`);
    return file;
  };
  const notFoundPage = page('/404.html');
  const gonePage = page(gonePagePath);
  const serviceNotFoundPage = page(serviceNotFoundPath);

  const resourceHeaders = { ...baseHeaders, 'Content-Security-Policy': resourceCsp, 'Cache-Control': CACHE_CONTROL.answer };

  function sendPlain(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}) {
    res.writeHead(status, { ...resourceHeaders, 'Content-Type': 'text/plain; charset=utf-8', ...extra });
    res.end(res.req.method === 'HEAD' ? undefined : text);
  }

  function sendFile(req: IncomingMessage, res: ServerResponse, file: SiteFile, path: string, status = file.status) {
    const isHtml = file.contentType.startsWith('text/html');
    const body = chooseBody(file, String(req.headers['accept-encoding'] ?? ''));
    const etag = etagFor(file, body.coding);
    const headers: Record<string, string | number> = {
      ...baseHeaders,
      'Content-Type': file.contentType,
      'Content-Security-Policy': isHtml ? pageCsp(file.csp) : resourceCsp,
      'Cache-Control': file.cacheControl,
      'Last-Modified': file.mtime.toUTCString(),
      ETag: etag,
      Vary: 'Accept-Encoding',
    };
    if (status === 200 && isNotModified(req, etag, file.mtime)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    if (body.coding) headers['Content-Encoding'] = body.coding;
    res.writeHead(status, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    if (status === 200 && isHtml) options.onPageView?.(path, req);
    createReadStream(body.path)
      .on('error', () => res.destroy())
      .pipe(res);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const target = parseTarget(req.url);
    if ('error' in target) return sendPlain(res, target.error, target.error === 414 ? 'URI Too Long' : 'Bad Request');
    const { path, search } = target;

    if (path.startsWith('/api/')) {
      // The Fetch API cannot represent TRACE, so Astro's handler would answer it with a 500
      if (req.method === 'TRACE') return sendPlain(res, 405, 'Method Not Allowed', { Allow: 'POST' });
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
      if (redirect) return sendPlain(res, redirect.status, 'Moved', { Location: redirect.to + search });
      return sendPlain(res, 301, 'Moved Permanently', { Location: encodeURI(slashless) + search });
    }
    const redirect = findRedirect(path);
    if (redirect) return sendPlain(res, redirect.status, 'Moved', { Location: redirect.to + search });
    if (isRetired(path)) return sendFile(req, res, gonePage, path, 410);

    const file = files.get(path);
    if (file) return sendFile(req, res, file, path);
    if (path.startsWith(servicePrefix)) return sendFile(req, res, serviceNotFoundPage, path, 404);
    return sendFile(req, res, notFoundPage, path, 404);
  }

  const logFailure = createThrottledLog();

  const server = createServer((req, res) => {
    // Once shutting down (the server no longer listens), every answer ends its connection, and
    // so does one sent before the request's body was read to its end (a refusal, a body over
    // the limit), as what is left of the body would be read as the next request
    closeConnectionWhen(res, () => !server.listening || (!req.complete && (req.readableDidRead || declaresBody(req))));
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

  // Requests Node's parser refuses get the same headers as every other answer (Node's own reply has none)
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (error.code !== 'ECONNRESET' && socket.writable && !inFlight?.headersSent) {
      const status = clientErrorStatus[error.code ?? ''] ?? 400;
      // No body: the request may have been a HEAD, which must not get one
      const headers = { ...resourceHeaders, 'Content-Length': '0', Connection: 'close' };
      const head = Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n`);
    }
    socket.destroy();
  });
  return server;
}

/**
 * Ends the connection after the answer (`Connection: close`) when `shouldClose()` holds as the
 * answer's head is written, so that a keep-alive client does not send another request on it.
 */
function closeConnectionWhen(res: ServerResponse, shouldClose: () => boolean) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (shouldClose()) this.setHeader('Connection', 'close');
    return Reflect.apply(writeHead, this, args) as ServerResponse;
  } as typeof res.writeHead;
}

/** Whether the request says a body follows (a length above zero, or chunks) */
function declaresBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/** Node's own statuses for the parser's errors; anything else is a 400 */
const clientErrorStatus: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};
