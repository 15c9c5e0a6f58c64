/**
 * An index of the built site (dist/client): which URL path maps to which file, and the status
 * each HTML page declares in its `prerender-status-code` meta (404 and 410 pages).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';

export interface SiteFile {
  absolutePath: string;
  contentType: string;
  size: number;
  mtime: Date;
  etag: string;
  /** Status the page asks to be served with (200 unless its meta says otherwise) */
  status: number;
  /** Paths of precompressed variants written at build time */
  brotliPath?: string;
  gzipPath?: string;
  /** Content-Security-Policy from the page's meta, for the response header */
  csp?: string;
}

/** The Content-Encoding of each precompressed copy the build writes */
export type PrecompressedCoding = 'br' | 'gzip';

/**
 * The ETag of a file as sent in `coding` (null: as it is). Each body gets its own, as a strong
 * ETag names one exact body: a cache or a client holding the gzip bytes must not have them
 * confirmed as the brotli ones.
 */
export function etagFor(file: SiteFile, coding: PrecompressedCoding | null): string {
  return coding === null ? file.etag : `${file.etag.slice(0, -1)}-${coding === 'br' ? 'br' : 'gz'}"`;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.avif': 'image/avif',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

export function contentTypeOf(file: string): string {
  return contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** The URL path a built file answers at: `services/index.html` → `/services` */
export function urlPathOf(relativePath: string): string {
  const path = `/${relativePath.split(sep).join('/')}`;
  if (path === '/index.html') return '/';
  return path.endsWith('/index.html') ? path.slice(0, -'/index.html'.length) : path;
}

function metaContent(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1];
}

/** A page's Content-Security-Policy from its meta tag, its attribute value decoded */
export function metaCsp(html: string): string | undefined {
  return metaContent(html, /<meta http-equiv="content-security-policy" content="([^"]+)"/i)
    ?.replaceAll('&#39;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');
}

/** Instructions for static hosts, written into the build but not pages of the site */
const hostConfigFiles = new Set(['_headers', '_redirects']);

export function loadSiteFiles(clientDir: string): Map<string, SiteFile> {
  const files = new Map<string, SiteFile>();
  const all = new Set(walk(clientDir));
  for (const absolutePath of all) {
    if (absolutePath.endsWith('.br') || absolutePath.endsWith('.gz')) continue;
    if (hostConfigFiles.has(relative(clientDir, absolutePath))) continue;
    const stat = statSync(absolutePath);
    const file: SiteFile = {
      absolutePath,
      contentType: contentTypeOf(absolutePath),
      size: stat.size,
      mtime: stat.mtime,
      etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
      status: 200,
    };
    if (all.has(`${absolutePath}.br`)) file.brotliPath = `${absolutePath}.br`;
    if (all.has(`${absolutePath}.gz`)) file.gzipPath = `${absolutePath}.gz`;
    if (absolutePath.endsWith('.html')) {
      const html = readFileSync(absolutePath, 'utf8');
      const status = metaContent(html, /<meta name="prerender-status-code" content="(\d{3})"/);
      if (status) file.status = Number(status);
      const csp = metaCsp(html);
      if (csp) file.csp = csp;
    }
    files.set(urlPathOf(relative(clientDir, absolutePath)), file);
  }
  return files;
}
