/**
 * A built file's answer: its headers made once for each body (a 304's, a public answer's and a
 * private one's), its bytes sent from memory when small and streamed from its file otherwise; and
 * a page whose words the server fills in at each request.
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { chooseBody, isNotModified } from './conditional.ts';
import { pageCsp, resourceCsp } from './security-headers.ts';
import { CACHE_CONTROL, type FileBody, type SiteFile } from './site-files.ts';

/** The largest body kept in memory once read: pages, scripts, styles, pictures (the editor's script is streamed) */
const MAX_KEPT_BODY = 512 * 1024;

/** What a private page's answer carries instead of the public caching headers */
const PRIVATE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
} as const;

export interface FileAnswerOptions {
  /** The security headers of every answer */
  baseHeaders: Readonly<Record<string, string>>;
  /** Told of each page sent: a public page answered 200 with its body */
  onPageView?: ((path: string, req: IncomingMessage) => void) | undefined;
}

export interface FileAnswers {
  /** Sends `file` for `path` with `status`: a 304 when the client has it, never cached when private */
  readonly sendFile: (
    req: IncomingMessage,
    res: ServerResponse,
    file: SiteFile,
    path: string,
    status?: number,
    isPrivate?: boolean,
  ) => void;
  /** A page as `fill` words it now: its own policy and status, never cached */
  readonly sendFilled: (
    req: IncomingMessage,
    res: ServerResponse,
    file: SiteFile,
    path: string,
    fill: (html: string) => string,
  ) => Promise<void>;
}

export function fileAnswers({ baseHeaders, onPageView }: FileAnswerOptions): FileAnswers {
  type Headers = Readonly<Record<string, string | number>>;
  /** Each body's answer headers, made once: for a 304, a public answer and a private one */
  const preparedHeaders = new WeakMap<
    FileBody,
    { notModified: Headers; public: Headers; private: Headers }
  >();
  function headersOf(file: SiteFile, body: FileBody) {
    let prepared = preparedHeaders.get(body);
    if (!prepared) {
      const isHtml = file.contentType.startsWith('text/html');
      const notModified = {
        ...baseHeaders,
        'Content-Type': file.contentType,
        'Content-Security-Policy': isHtml ? pageCsp(file.csp) : (file.csp ?? resourceCsp),
        'Cache-Control': file.cacheControl,
        'Last-Modified': file.lastModified,
        ETag: body.etag,
        Vary: 'Accept-Encoding',
      };
      const sent = {
        ...(body.coding && { 'Content-Encoding': body.coding }),
        'Content-Length': body.size,
      };
      const { 'Last-Modified': _, ETag: __, ...unversioned } = notModified;
      prepared = {
        notModified,
        public: { ...notModified, ...sent },
        private: { ...unversioned, ...PRIVATE_HEADERS, ...sent },
      };
      preparedHeaders.set(body, prepared);
    }
    return prepared;
  }

  /**
   * Each body of up to MAX_KEPT_BODY bytes, read once and then sent from memory as nginx sends
   * from its page cache; a larger one is streamed from its file each time
   */
  const keptBodies = new WeakMap<FileBody, Buffer | Promise<Buffer>>();
  function bytesOf(body: FileBody): Buffer | Promise<Buffer> | undefined {
    if (body.size > MAX_KEPT_BODY) return undefined;
    let bytes = keptBodies.get(body);
    if (!bytes) {
      bytes = readFile(body.path).then(
        (read) => {
          keptBodies.set(body, read);
          return read;
        },
        (error: unknown) => {
          keptBodies.delete(body);
          throw error;
        },
      );
      keptBodies.set(body, bytes);
    }
    return bytes;
  }

  function sendFile(
    req: IncomingMessage,
    res: ServerResponse,
    file: SiteFile,
    path: string,
    status = file.status,
    isPrivate = false,
  ) {
    const body = chooseBody(file, req.headers['accept-encoding'] ?? '');
    const headers = headersOf(file, body);
    if (!isPrivate && status === 200 && isNotModified(req, body.etag, file.mtime)) {
      res.writeHead(304, headers.notModified);
      res.end();
      return;
    }
    res.writeHead(status, isPrivate ? headers.private : headers.public);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    if (status === 200 && !isPrivate && file.contentType.startsWith('text/html'))
      onPageView?.(path, req);
    const bytes = bytesOf(body);
    if (Buffer.isBuffer(bytes)) res.end(bytes);
    else if (bytes)
      bytes.then(
        (read) => res.end(read),
        () => res.destroy(),
      );
    else
      createReadStream(body.path)
        .on('error', () => res.destroy())
        .pipe(res);
  }

  async function sendFilled(
    req: IncomingMessage,
    res: ServerResponse,
    file: SiteFile,
    path: string,
    fill: (html: string) => string,
  ) {
    const body = Buffer.from(fill(await readFile(file.absolutePath, 'utf8')));
    res.writeHead(file.status, {
      ...baseHeaders,
      'Content-Type': file.contentType,
      'Content-Security-Policy': pageCsp(file.csp),
      'Cache-Control': CACHE_CONTROL.answer,
      'Content-Length': body.length,
    });
    if (req.method === 'HEAD') return void res.end();
    if (file.status === 200) onPageView?.(path, req);
    res.end(body);
  }

  return { sendFile, sendFilled };
}
