/**
 * After `astro build`: writes sitemap.xml, robots.txt, the static host's `_redirects` and
 * `_headers`, brotli/gzip copies of every text file, and the nginx include dist/nginx/site.conf
 * (outside dist/client, so a CDN never serves it), all from the built pages and src/config/routes.ts.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { siteOrigin } from '../src/lib/site-url.ts';
import { loadSiteFiles } from '../src/server/site-files.ts';
import { renderHeadersFile, renderNginxConfig, renderRedirectsFile, sitemapEntries, renderSitemap } from '../src/server/static-host.ts';

const distDir = resolve(process.env['DIST_DIR'] ?? 'dist');
const clientDir = join(distDir, 'client');
const origin = siteOrigin();

const files = loadSiteFiles(clientDir);
const pages = [...files.entries()]
  .filter(([, file]) => file.contentType.startsWith('text/html'))
  .map(([path, file]) => ({ path, status: file.status, html: readFileSync(file.absolutePath, 'utf8') }));

const urls = sitemapEntries(pages, origin);
writeFileSync(join(clientDir, 'sitemap.xml'), renderSitemap(urls));
// The API answers scripts and monitors, not readers
writeFileSync(join(clientDir, 'robots.txt'), `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`);
writeFileSync(join(clientDir, '_redirects'), renderRedirectsFile(pages));
writeFileSync(join(clientDir, '_headers'), renderHeadersFile(origin, pages));
mkdirSync(join(distDir, 'nginx'), { recursive: true });
writeFileSync(join(distDir, 'nginx', 'site.conf'), renderNginxConfig({ root: clientDir, origin, pages }));

let compressed = 0;
for (const file of loadSiteFiles(clientDir).values()) {
  if (!/^(?:text\/|application\/(?:json|xml|manifest)|image\/svg)/.test(file.contentType)) continue;
  const body = readFileSync(file.absolutePath);
  if (body.length < 256) continue;
  writeFileSync(`${file.absolutePath}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file.absolutePath}.gz`, gzipSync(body, { level: 9 }));
  compressed++;
}
console.log(`postbuild: ${urls.length} URLs in sitemap.xml, ${compressed} files precompressed`);
