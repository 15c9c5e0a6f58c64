/**
 * An index of the built site (dist/client): which URL path maps to which file, and the status
 * each HTML page declares in its `prerender-status-code` meta (404 and 410 pages).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { ownerServiceWorkerPath } from '../../lib/owner-manifest.ts';
import { serviceWorkerCsp } from './security-headers.ts';

/** One body a file can be sent as: the file as it is, or a precompressed copy */
export interface FileBody {
  /** Its Content-Encoding; null for the file as it is */
  coding: PrecompressedCoding | null;
  path: string;
  /** Its Content-Length */
  size: number;
  /** Its own strong ETag (etagFor) */
  etag: string;
}

export interface SiteFile {
  absolutePath: string;
  contentType: string;
  size: number;
  mtime: Date;
  /** `mtime` as a Last-Modified header, written once */
  lastModified: string;
  etag: string;
  /** Each body it can be sent as, with its size and ETag, read once when the site is opened */
  bodies: { identity: FileBody; br?: FileBody; gzip?: FileBody };
  /** Status the page asks to be served with (200 unless its meta says otherwise) */
  status: number;
  /** Paths of precompressed variants written at build time */
  brotliPath?: string;
  gzipPath?: string;
  /** Content-Security-Policy from the page's meta (or the service worker's own), for the response header */
  csp?: string;
  /** The Cache-Control it is served with */
  cacheControl: string;
}

/**
 * How long a browser or a cache keeps what the site sends: the build's hashed assets (under
 * IMMUTABLE_PATH) for good, a page only after checking it is current, any other file a day, and
 * answers that are not files (redirects, errors, the API) not at all. The Node server, nginx and
 * the static host's _headers all read it here.
 */
export const CACHE_CONTROL = {
  immutable: 'public, max-age=31536000, immutable',
  page: 'no-cache',
  file: 'public, max-age=86400',
  answer: 'no-store',
} as const;
export const IMMUTABLE_PATH = '/_astro/';

/** The Content-Encoding of each precompressed copy the build writes */
export type PrecompressedCoding = 'br' | 'gzip';

/**
 * The ETag of a file as sent in `coding` (null: as it is). Each body gets its own, as a strong
 * ETag names one exact body: a cache or a client holding the gzip bytes must not have them
 * confirmed as the brotli ones.
 */
export function etagFor(file: Pick<SiteFile, 'etag'>, coding: PrecompressedCoding | null): string {
  return coding === null
    ? file.etag
    : `${file.etag.slice(0, -1)}-${coding === 'br' ? 'br' : 'gz'}"`;
}

/** The Content-Type of each file extension the build writes */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
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
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Every file under `dir`, by its absolute path */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
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

/**
 * Every file of the built site by the URL path it answers at. Read asynchronously: a publish
 * opens its new build while the server goes on answering from the live one.
 */
export async function loadSiteFiles(clientDir: string): Promise<Map<string, SiteFile>> {
  const all = new Set(await filesUnder(clientDir));
  const served = [...all].filter(
    (absolutePath) =>
      !absolutePath.endsWith('.br') &&
      !absolutePath.endsWith('.gz') &&
      !hostConfigFiles.has(relative(clientDir, absolutePath)),
  );
  const files = await Promise.all(
    served.map(async (absolutePath): Promise<[string, SiteFile]> => {
      const facts = await stat(absolutePath);
      const urlPath = urlPathOf(relative(clientDir, absolutePath));
      const contentType = contentTypeOf(absolutePath);
      const etag = `"${facts.size.toString(16)}-${Math.floor(facts.mtimeMs).toString(16)}"`;
      const copy = async (coding: PrecompressedCoding, path: string): Promise<FileBody> => ({
        coding,
        path,
        size: (await stat(path)).size,
        etag: etagFor({ etag }, coding),
      });
      const brotliPath = all.has(`${absolutePath}.br`) ? `${absolutePath}.br` : undefined;
      const gzipPath = all.has(`${absolutePath}.gz`) ? `${absolutePath}.gz` : undefined;
      const [br, gzip] = await Promise.all([
        brotliPath && copy('br', brotliPath),
        gzipPath && copy('gzip', gzipPath),
      ]);
      const file: SiteFile = {
        absolutePath,
        contentType,
        cacheControl: urlPath.startsWith(IMMUTABLE_PATH)
          ? CACHE_CONTROL.immutable
          : // A browser checks its service worker as it checks a page: a new one starts at once
            contentType.startsWith('text/html') || urlPath === ownerServiceWorkerPath
            ? CACHE_CONTROL.page
            : CACHE_CONTROL.file,
        size: facts.size,
        mtime: facts.mtime,
        lastModified: facts.mtime.toUTCString(),
        etag,
        bodies: {
          identity: { coding: null, path: absolutePath, size: facts.size, etag },
          ...(br && { br }),
          ...(gzip && { gzip }),
        },
        status: 200,
      };
      if (brotliPath) file.brotliPath = brotliPath;
      if (gzipPath) file.gzipPath = gzipPath;
      if (urlPath === ownerServiceWorkerPath) file.csp = serviceWorkerCsp;
      if (absolutePath.endsWith('.html')) {
        const html = await readFile(absolutePath, 'utf8');
        const status = metaContent(html, /<meta name="prerender-status-code" content="(\d{3})"/);
        if (status) file.status = Number(status);
        const csp = metaCsp(html);
        if (csp) file.csp = csp;
      }
      return [urlPath, file];
    }),
  );
  return new Map(files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** A built page's file as the server reads it: its HTML and its Content-Security-Policy */
export interface PageFile {
  html: string;
  csp: string | undefined;
}

/** Reads a built page by its path; null when the site has no such page (as under `astro dev`) */
export type PageReader = (path: string) => Promise<PageFile | null>;

/** The built site as the server and its features know it */
export interface Site {
  /** Every file by the URL path it answers at */
  readonly files: ReadonlyMap<string, SiteFile>;
  /** Whether `path` is one of the site's pages (an HTML page that answers 200) */
  isPage(path: string): boolean;
  /** One of the site's pages as built, with its Content-Security-Policy; null for any other path */
  readPage: PageReader;
}

/** The site built into `clientDir` (dist/client) */
export async function openSite(clientDir: string): Promise<Site> {
  const files = await loadSiteFiles(clientDir);
  const isPage = (path: string) => {
    const file = files.get(path);
    return file !== undefined && file.status === 200 && file.contentType.startsWith('text/html');
  };
  return {
    files,
    isPage,
    readPage: async (path) => {
      const file = files.get(path);
      return file && isPage(path)
        ? { html: await readFile(file.absolutePath, 'utf8'), csp: file.csp }
        : null;
    },
  };
}
