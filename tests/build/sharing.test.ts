/** What a shared link reads from every built page: a 1200 × 630 sharing card that exists in the build */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { describe, expect, it } from 'vitest';
import { business } from '../../src/config/business.ts';
import { loadSiteFiles } from '../../src/server/site-files.ts';
import { builtOrigin, clientDir } from './support.ts';

const origin = builtOrigin();

/** Every page a visitor can land on: the sitemap's, the error pages, not the redirect stubs */
const pages = [...loadSiteFiles(clientDir).entries()]
  .filter(([, file]) => file.contentType.startsWith('text/html'))
  .map(([path, file]) => ({ path, html: readFileSync(file.absolutePath, 'utf8') }))
  .filter((page) => !page.html.includes('http-equiv="refresh"'));

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1]?.replaceAll('&amp;', '&');

describe('sharing cards', () => {
  it('finds the pages, error pages included', () => {
    expect(pages.length).toBeGreaterThan(40);
    for (const path of ['/404.html', '/gone', '/services/not-found', '/quote', '/testimonials']) {
      expect(pages.map((page) => page.path)).toContain(path);
    }
  });

  it('gives every page a 1200 × 630 JPEG card of the build, with its size, a text alternative and a large Twitter card', async () => {
    const checked = new Map<string, Metadata>();
    for (const { path, html } of pages) {
      const image = metaContent(html, 'og:image');
      expect(image, `${path} og:image`).toBeDefined();
      const url = new URL(image!);
      expect(url.origin, `${path} og:image is absolute on the site's origin`).toBe(origin);
      const file = join(clientDir, url.pathname);
      expect(existsSync(file), `${path}: ${url.pathname} is in the build`).toBe(true);
      if (!checked.has(file)) checked.set(file, await sharp(file).metadata());
      expect(checked.get(file), `${path}: ${url.pathname}`).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
      expect(metaContent(html, 'og:image:width'), path).toBe('1200');
      expect(metaContent(html, 'og:image:height'), path).toBe('630');
      expect(metaContent(html, 'og:image:alt')?.startsWith(business.name), `${path} og:image:alt`).toBe(true);
      expect(metaContent(html, 'twitter:card'), path).toBe('summary_large_image');
      expect(metaContent(html, 'twitter:image'), path).toBe(image);
    }
  });
});
