/**
 * What a shared link and a search engine read from every built page: a 1200 × 630 sharing card
 * that exists in the build, and one business entity that says the same thing wherever it appears.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { describe, expect, it } from 'vitest';
import { business } from '../../src/config/business.ts';
import { isOwnerPath } from '../../src/lib/owner-api.ts';
import { businessId, hasGeoPrecision, isProfileUrl } from '../../src/lib/seo/json-ld.ts';
import { loadSiteFiles } from '../../src/server/http/site-files.ts';
import { builtOrigin, clientDir } from '../support/build.ts';

const origin = builtOrigin();

/**
 * Every page a visitor can land on: the sitemap's, the error pages, not the redirect stubs, nor
 * the owner's pages (behind his sign-in, never shared)
 */
const pages = [...(await loadSiteFiles(clientDir)).entries()]
  .filter(([path, file]) => file.contentType.startsWith('text/html') && !isOwnerPath(path))
  .map(([path, file]) => ({ path, html: readFileSync(file.absolutePath, 'utf8') }))
  .filter((page) => !page.html.includes('http-equiv="refresh"'));

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`)
    .exec(html)?.[1]
    ?.replaceAll('&amp;', '&');

type Node = Record<string, unknown>;

function jsonLd(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as unknown,
  );
}

/** Every object in the JSON-LD of a page, however deeply nested */
function nodesOf(value: unknown): Node[] {
  if (Array.isArray(value)) return value.flatMap(nodesOf);
  if (value === null || typeof value !== 'object') return [];
  return [value as Node, ...Object.values(value).flatMap(nodesOf)];
}

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
      expect(checked.get(file), `${path}: ${url.pathname}`).toMatchObject({
        format: 'jpeg',
        width: 1200,
        height: 630,
      });
      expect(metaContent(html, 'og:image:width'), path).toBe('1200');
      expect(metaContent(html, 'og:image:height'), path).toBe('630');
      expect(
        metaContent(html, 'og:image:alt')?.startsWith(business.name),
        `${path} og:image:alt`,
      ).toBe(true);
      expect(metaContent(html, 'twitter:card'), path).toBe('summary_large_image');
      expect(metaContent(html, 'twitter:image'), path).toBe(image);
    }
  });
});

describe('the business entity', () => {
  const id = businessId(origin);
  const perPage = pages.map(({ path, html }) => {
    const mentions = nodesOf(jsonLd(html)).filter((node) => node['@id'] === id);
    return {
      path,
      full: mentions.filter((node) => Object.keys(node).length > 1),
      references: mentions.length,
    };
  });
  const described = perPage.filter((page) => page.full.length > 0);

  it('is described on the pages about the business', () => {
    expect(described.length).toBeGreaterThan(30);
    for (const path of [
      '/',
      '/about',
      '/services',
      '/services/ceiling-fans',
      '/areas/electrician-botany',
      '/projects',
    ]) {
      expect(described.map((page) => page.path)).toContain(path);
    }
  });

  it('says the same thing on every page, once per page, with the home page as its url', () => {
    const [first] = described[0]!.full;
    expect(first).toMatchObject({ '@type': 'Electrician', url: `${origin}/`, name: business.name });
    for (const page of described) {
      expect(page.full, `${page.path} describes the business once`).toHaveLength(1);
      expect(page.full[0], page.path).toEqual(first);
    }
  });

  it('is only pointed at by @id elsewhere, and only on pages that describe it', () => {
    for (const page of perPage) {
      if (page.references > page.full.length)
        expect(page.full.length, `${page.path} points at a business it does not describe`).toBe(1);
    }
  });

  it('has its geo to five decimal places or none, and links only profiles that exist', () => {
    const [node] = described[0]!.full as [
      { geo?: { latitude: number; longitude: number }; sameAs?: string[] },
    ];
    if (node.geo) expect(hasGeoPrecision(node.geo)).toBe(true);
    for (const url of node.sameAs ?? []) expect(isProfileUrl(url), url).toBe(true);
  });

  it("carries the business's one rating, and no page states a rating of its own", () => {
    const [node] = described[0]!.full;
    expect(node!['aggregateRating']).toEqual({
      '@type': 'AggregateRating',
      ratingValue: business.claims.rating.value,
      bestRating: business.claims.rating.best,
      worstRating: business.claims.rating.worst,
      reviewCount: business.reviewSite.reviewCount,
    });
    for (const { path, html } of pages) {
      const ratings = nodesOf(jsonLd(html)).filter((item) => item['@type'] === 'AggregateRating');
      for (const rating of ratings)
        expect(rating, `${path} states the business's rating only`).toEqual(
          node!['aggregateRating'],
        );
      // Each page that rates describes the business, so the one rating comes once a page
      expect(ratings.length, path).toBe(perPage.find((page) => page.path === path)!.full.length);
    }
  });
});
