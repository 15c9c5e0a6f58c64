/**
 * Completes the build once Astro has written the pages (`astro:build:done`): every page checked
 * for code the templates did not write, the build refused if one has any (page-code.ts,
 * page-csp.ts), body styles moved into the head (src/integrations/body-styles.ts), each page's
 * CSP narrowed to its own inline scripts and styles (src/integrations/page-csp.ts), each public
 * page's styles cut to the rules it uses (page-styles.ts), its island runtime moved to the end of
 * its body (island-runtime.ts) and its repeated drawings shared (svg-symbols.ts), the table of
 * where each page's first screen ends (first-screen.ts), sitemap.xml, robots.txt, the static
 * host's `_redirects` and `_headers`, brotli and gzip copies of every text file, and the nginx
 * include dist/nginx/site.conf (outside dist/client, so a CDN never serves it), all from the
 * built pages and src/config/routes.ts. So `astro build` alone gives all of dist/.
 */
import type { AstroIntegration } from 'astro';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { editorPaths } from '../lib/editor-paths.ts';
import { isOwnerPath, ownerPaths } from '../lib/owner-api.ts';
import { findRedirect } from '../config/routes.ts';
import { loadSiteFiles } from '../server/http/site-files.ts';
import { moveBodyStylesToHead } from './body-styles.ts';
import { precompressedCache, type PrecompressedCache } from './precompressed-cache.ts';
import { narrowCsp } from './page-csp.ts';
import { pageClasses, pageElements, pageScripts, purgePageStyles } from './page-styles.ts';
import { shareRepeatedSvgs } from './svg-symbols.ts';
import { moveIslandRuntimeToEnd } from './island-runtime.ts';
import { firstScreenTable, formatFirstScreenTable } from './first-screen.ts';
import { pageCodeProblems } from './page-code.ts';
import {
  renderHeadersFile,
  renderNginxConfig,
  renderRedirectsFile,
  renderSitemap,
  sitemapEntries,
  type BuiltPage,
} from './static-host.ts';
import { writeOgImages } from './og-images.ts';
import { writeSiteIcons } from './site-icons.ts';

/** Text worth compressing: pages, styles, scripts, data and SVG */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|xml|manifest)|image\/svg)/;

/** A public page with its styles cut to what it uses, its island runtime last, its drawings shared */
function finishPublicPage(html: string, clientDir: string): string {
  const scripts = pageScripts(html, clientDir);
  const styled = purgePageStyles(html, pageClasses(html, scripts), {
    scripts,
    elements: pageElements(html, scripts),
  });
  return shareRepeatedSvgs(moveIslandRuntimeToEnd(styled));
}

/**
 * The built pages, read once, each with its body `<style>`s moved to the head and its CSP
 * narrowed to its own inline scripts and styles (written back). Throws, naming each, when a page
 * holds code the templates did not write (content's, say): no such page is ever served, and a
 * publish that built one leaves the live site as it was.
 */
export async function readBuiltPages(clientDir: string): Promise<BuiltPage[]> {
  const problems: string[] = [];
  const pages = [...(await loadSiteFiles(clientDir)).entries()]
    .filter(([, file]) => file.contentType.startsWith('text/html'))
    .map(([path, file]) => {
      const built = readFileSync(file.absolutePath, 'utf8');
      // As Astro wrote it, before its body styles move into the head
      const code = pageCodeProblems(built, { redirectTo: findRedirect(path)?.to });
      const narrowed = narrowCsp(moveBodyStylesToHead(built));
      const { unlisted } = narrowed;
      // The owner's pages keep the whole stylesheet: their apps style what they fetch
      const html = isOwnerPath(path) ? narrowed.html : finishPublicPage(narrowed.html, clientDir);
      problems.push(...[...code, ...unlisted].map((problem) => `${path}: ${problem}`));
      if (html !== built) writeFileSync(file.absolutePath, html);
      return { path, status: file.status, html };
    });
  if (problems.length > 0) {
    throw new Error(
      `Built pages hold code the site's templates did not write:\n- ${problems.join('\n- ')}`,
    );
  }
  return pages;
}

/**
 * Writes the host files for `pages` into `clientDir` (and nginx/ beside it); returns what it wrote.
 * The compressed copies are made on zlib's thread pool, so every core works on them at once, and
 * only for files whose content no earlier build compressed (`cache`).
 */
export async function writeHostFiles(
  clientDir: string,
  origin: string,
  builtPages: readonly BuiltPage[],
  cache: PrecompressedCache,
): Promise<{ urls: number; compressed: number; made: number }> {
  // The owner's pages (his page, the content editor) need the Node server's sign-in: a static host serves them as a 404
  const serverOnlyPaths = [ownerPaths.page, editorPaths.app];
  const pages = builtPages.filter((page) => !isOwnerPath(page.path));
  const urls = sitemapEntries(pages, origin);
  writeFileSync(join(clientDir, 'sitemap.xml'), renderSitemap(urls));
  // The API answers scripts and monitors, and the owner's pages the owner, not readers
  const disallowed = ['/api/', ...serverOnlyPaths].map((path) => `Disallow: ${path}\n`).join('');
  writeFileSync(
    join(clientDir, 'robots.txt'),
    `User-agent: *\nAllow: /\n${disallowed}\nSitemap: ${origin}/sitemap.xml\n`,
  );
  writeFileSync(join(clientDir, '_redirects'), renderRedirectsFile(pages, serverOnlyPaths));
  writeFileSync(join(clientDir, '_headers'), renderHeadersFile(origin, pages));
  const nginxDir = join(clientDir, '..', 'nginx');
  mkdirSync(nginxDir, { recursive: true });
  writeFileSync(join(nginxDir, 'site.conf'), renderNginxConfig({ root: clientDir, origin, pages }));

  const compressible = [...(await loadSiteFiles(clientDir)).values()].filter((file) =>
    COMPRESSIBLE.test(file.contentType),
  );
  const written = await Promise.all(
    compressible.map(async (file) => {
      const body = await readFile(file.absolutePath);
      if (body.length < 256) return 'small';
      return (await cache.write(file.absolutePath, body)) ? 'made' : 'cached';
    }),
  );
  cache.prune();
  return {
    urls: urls.length,
    compressed: written.filter((outcome) => outcome !== 'small').length,
    made: written.filter((outcome) => outcome === 'made').length,
  };
}

export function hostFiles({ origin }: { origin: string }): AstroIntegration {
  let cacheDir = '';
  return {
    name: 'host-files',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = fileURLToPath(new URL('node_modules/.cache/precompressed/', config.root));
      },
      'astro:build:done': async ({ dir, logger }) => {
        const clientDir = fileURLToPath(dir);
        const pages = await readBuiltPages(clientDir);
        logger.info(await writeSiteIcons(clientDir));
        logger.info(await writeOgImages(clientDir, pages));
        const cache = precompressedCache(cacheDir);
        const { urls, compressed, made } = await writeHostFiles(clientDir, origin, pages, cache);
        const publicPages = pages.filter((page) => page.status === 200 && !isOwnerPath(page.path));
        // The whole pages' copies were just made; their first screens' are kept the same way
        const brotliBytes = (text: string) => cache.brotliBytes(Buffer.from(text));
        logger.info(formatFirstScreenTable(await firstScreenTable(publicPages, brotliBytes)));
        logger.info(
          `${urls} URLs in sitemap.xml, ${compressed} files precompressed (${made} anew, the rest as before)`,
        );
      },
    },
  };
}
