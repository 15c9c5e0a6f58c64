/**
 * Which body of a file to send (brotli, gzip or as it is, by Accept-Encoding) and whether the
 * client's copy is current (If-None-Match, If-Modified-Since: a 304).
 */
import type { IncomingMessage } from 'node:http';
import type { PrecompressedCoding, SiteFile } from './site-files.ts';

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
export function chooseBody(
  file: SiteFile,
  acceptEncoding: string,
): { coding: PrecompressedCoding | null; path: string } {
  if (file.brotliPath && acceptsEncoding(acceptEncoding, 'br'))
    return { coding: 'br', path: file.brotliPath };
  if (file.gzipPath && acceptsEncoding(acceptEncoding, 'gzip'))
    return { coding: 'gzip', path: file.gzipPath };
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
    return (
      ifNoneMatch.trim() === '*' ||
      ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag))
    );
  }
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since;
}
