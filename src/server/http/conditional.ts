/**
 * Which body of a file to send (brotli, gzip or as it is, by Accept-Encoding) and whether the
 * client's copy is current (If-None-Match, If-Modified-Since: a 304).
 */
import type { IncomingMessage } from 'node:http';
import type { FileBody, SiteFile } from './site-files.ts';

/** Whether an Accept-Encoding header accepts `coding` (named, not refused with q=0) */
export function acceptsEncoding(header: string, coding: string): boolean {
  return header.split(',').some((part) => {
    const [name, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (name !== coding && name !== `x-${coding}`) return false;
    const quality = params.find((param) => param.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

/**
 * What to send for an Accept-Encoding header: the brotli copy, the gzip copy, or the file as it
 * is. Clients send few distinct headers, so the answer for each is kept (up to a bound).
 */
export function chooseBody(file: SiteFile, acceptEncoding: string): FileBody {
  let accepted = acceptedCodings.get(acceptEncoding);
  if (accepted === undefined) {
    accepted = {
      br: acceptsEncoding(acceptEncoding, 'br'),
      gzip: acceptsEncoding(acceptEncoding, 'gzip'),
    };
    if (acceptedCodings.size >= MAX_KEPT_HEADERS) acceptedCodings.clear();
    acceptedCodings.set(acceptEncoding, accepted);
  }
  const { br, gzip, identity } = file.bodies;
  if (br && accepted.br) return br;
  if (gzip && accepted.gzip) return gzip;
  return identity;
}

const MAX_KEPT_HEADERS = 256;
const acceptedCodings = new Map<string, { br: boolean; gzip: boolean }>();

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
