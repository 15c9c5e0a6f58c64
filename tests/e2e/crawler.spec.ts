/**
 * What a crawler without JavaScript gets: plain HTTP, no browser. Every page of the sitemap has
 * its title, description, canonical, one h1, readable main text and valid JSON-LD; every
 * internal link answers 200 or is a declared redirect.
 */
import { expect, test } from '@playwright/test';
import { findRedirect } from '../../src/config/routes.ts';
import { PICTURE_STATE_WORDS } from '../../src/lib/picture-states.ts';
import { siteOrigin } from '../../src/lib/site-url.ts';
import { errorPages, sitemapPaths, textOf } from '../support/e2e-site.ts';

test('robots.txt points at the sitemap', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${siteOrigin()}/sitemap.xml`);
});

test('every sitemap page has its head, one h1, main text and valid JSON-LD', async ({
  request,
}) => {
  const paths = await sitemapPaths(request);
  expect(paths.length).toBeGreaterThan(0);
  const titles = new Set<string>();
  for (const path of paths) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
    expect(title, `${path} title`).toBeTruthy();
    expect(titles.has(title!), `${path} title is unique`).toBe(false);
    titles.add(title!);
    expect(html, `${path} description`).toMatch(/<meta name="description" content="[^"]{50,}">/);
    expect(html, `${path} canonical`).toContain(
      `<link rel="canonical" href="${siteOrigin()}${path === '/' ? '/' : path}">`,
    );
    expect(html.match(/<h1[\s>]/g), `${path} has one h1`).toHaveLength(1);
    const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
    expect(textOf(main).split(' ').length, `${path} main text`).toBeGreaterThan(60);
    for (const [, json] of html.matchAll(
      /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g,
    )) {
      const data = JSON.parse(json!) as { '@context'?: string };
      expect(data['@context'], `${path} JSON-LD`).toBe('https://schema.org');
    }
  }
});

test("no page's indexable text carries the picture states' words, though its pictures keep both states", async ({
  request,
}) => {
  const paths = await sitemapPaths(request);
  let frames = 0;
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    const text = textOf(html);
    for (const words of Object.values(PICTURE_STATE_WORDS))
      expect(text.includes(words), `${path} shows crawlers "${words}"`).toBe(false);
    const pageFrames = html.match(/class="picture-placeholder[^"]*"[^>]*data-text="[^"]*"/g) ?? [];
    for (const frame of pageFrames)
      expect(frame, path).toContain(`data-text="${PICTURE_STATE_WORDS.loading}"`);
    frames += pageFrames.length;
  }
  expect(frames).toBeGreaterThan(10);
});

test('every internal link answers 200 or is a declared redirect', async ({ request }) => {
  const pages = [...(await sitemapPaths(request)), ...errorPages];
  const checked = new Map<string, number>();
  for (const page of pages) {
    const html = await (await request.get(page)).text();
    for (const [, href] of html.matchAll(/<a [^>]*href="([^"#]*)(?:#[^"]*)?"/g)) {
      if (!href || !href.startsWith('/') || href.startsWith('//')) continue;
      const path = href.split('?')[0]!;
      if (!checked.has(path))
        checked.set(path, (await request.get(path, { maxRedirects: 0 })).status());
      const status = checked.get(path)!;
      const ok =
        status === 200 || ((status === 301 || status === 302) && findRedirect(path) !== undefined);
      expect(ok, `${page} links to ${path}, which answers ${status}`).toBe(true);
    }
  }
  expect(checked.size).toBeGreaterThan(5);
});

test('the error pages and redirect stubs stay out of the sitemap', async ({ request }) => {
  const paths = await sitemapPaths(request);
  for (const path of [
    '/404.html',
    '/gone',
    '/services/not-found',
    '/who-we-are',
    '/emergency-electrician-auckland',
  ]) {
    expect(paths).not.toContain(path);
  }
});
