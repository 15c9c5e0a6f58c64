/**
 * What a static host needs besides the pages: the sitemap, Netlify/Cloudflare-style `_redirects`
 * and `_headers`, all derived from the built pages and src/config/routes.ts.
 */
import { gonePagePath, redirects, retiredPaths, servicePrefix, serviceNotFoundPath } from '../config/routes.ts';
import { pageCsp, securityHeaders } from './security-headers.ts';

export interface BuiltPage {
  path: string;
  status: number;
  html: string;
}

function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
}

/** Pages that answer 200 at their own canonical address and may be indexed */
export function sitemapEntries(pages: readonly BuiltPage[], origin: string): string[] {
  return pages
    .filter((page) => page.status === 200 && !/<meta name="robots" content="[^"]*noindex/.test(page.html))
    .map((page) => ({ url: new URL(page.path, origin).href, canonical: canonicalOf(page.html) }))
    .filter(({ url, canonical }) => canonical !== undefined && canonical === url)
    .map(({ url }) => url)
    .sort();
}

export function renderSitemap(urls: readonly string[]): string {
  const items = urls.map((url) => `  <url><loc>${url}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</urlset>\n`;
}

/** Redirects first, then retired paths (410, showing the Page Gone page), then the 404 fallbacks */
export function renderRedirectsFile(): string {
  const lines = [
    ...redirects.map((r) => `${r.from}  ${r.to}  ${r.status}`),
    ...retiredPaths.map((path) => `${path}  ${gonePagePath}  410`),
    `${servicePrefix}*  ${serviceNotFoundPath}  404`,
    `/*  /404.html  404`,
  ];
  return `${lines.join('\n')}\n`;
}

/** Security headers on every path, each page's own CSP (with its script hashes), and long caching for hashed assets */
export function renderHeadersFile(origin: string, pages: readonly BuiltPage[]): string {
  const block = (path: string, headers: Record<string, string>) =>
    [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  const metaCsp = (html: string) =>
    /<meta http-equiv="content-security-policy" content="([^"]+)"/i.exec(html)?.[1]?.replaceAll('&#39;', "'");
  const blocks = [
    // No CSP on `/*`: hosts combine every matching block, and two policies would both apply
    block('/*', securityHeaders(origin)),
    block('/_astro/*', { 'Cache-Control': 'public, max-age=31536000, immutable' }),
    ...pages.map((page) => block(page.path, { 'Content-Security-Policy': pageCsp(metaCsp(page.html)), 'Cache-Control': 'no-cache' })),
  ];
  return `${blocks.join('\n\n')}\n`;
}
