import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  contactShareSentence,
  funnelSentence,
  speedSentence,
} from '../../src/lib/numbers-words.ts';
import { OWNER_BROWSER_KEY } from '../../src/lib/owner-browser.ts';
import { pageKindOf } from '../../src/lib/page-kind.ts';
import { areaPages, homePath, projectsPath, quotePath } from '../../src/config/routes.ts';
import { funnelOf, speedOf } from '../../src/server/stats/report.ts';
import { headingOf } from '../../src/server/stats/page-titles.ts';
import { sourceOfReferer } from '../../src/server/stats/sources.ts';
import {
  BUCKET_EDGES,
  bucketOf,
  p75Of,
  THRESHOLDS,
  VITAL_METRICS,
  type VitalMetric,
} from '../../src/server/stats/vitals.ts';

const OWN = ['harbour.example.nz', 'localhost'];

describe('where a visit came from', () => {
  it('tells search, maps, social, direct and other sites apart by the host alone', () => {
    expect(sourceOfReferer('https://www.google.com/', OWN)).toEqual({
      source: 'search',
      site: null,
    });
    expect(sourceOfReferer('https://www.google.co.nz/search?q=electrician+howick', OWN)).toEqual({
      source: 'search',
      site: null,
    });
    expect(sourceOfReferer('https://duckduckgo.com/', OWN)?.source).toBe('search');
    expect(sourceOfReferer('https://maps.google.com/', OWN)?.source).toBe('maps');
    expect(sourceOfReferer('https://maps.app.goo.gl/abc', OWN)?.source).toBe('maps');
    expect(sourceOfReferer('https://www.facebook.com/', OWN)).toEqual({
      source: 'social',
      site: null,
    });
    expect(sourceOfReferer('https://l.instagram.com/?u=x', OWN)?.source).toBe('social');
    expect(sourceOfReferer(null, OWN)).toEqual({ source: 'direct', site: null });
    expect(sourceOfReferer('', OWN)).toEqual({ source: 'direct', site: null });
    expect(
      sourceOfReferer('android-app://com.google.android.googlequicksearchbox/', OWN)?.source,
    ).toBe('search');
    expect(
      sourceOfReferer('https://www.nocowboys.co.nz/businesses/x?ref=1#top', OWN, 'cross-site'),
    ).toEqual({ source: 'other', site: 'nocowboys.co.nz' });
    // Not fooled by a name inside another site's name
    expect(sourceOfReferer('https://notgoogle.com/', OWN, 'cross-site')).toEqual({
      source: 'other',
      site: 'notgoogle.com',
    });
    // An address is another site, unnamed
    expect(sourceOfReferer('http://203.0.113.9/', OWN, 'cross-site')).toEqual({
      source: 'other',
      site: null,
    });
  });

  it('names another site only when the browser says the visit came from another site', () => {
    const spam = 'https://cheap-seo-offer.example/';
    expect(sourceOfReferer(spam, OWN, 'cross-site')?.site).toBe('cheap-seo-offer.example');
    expect(sourceOfReferer(spam, OWN, 'same-site')?.site).toBe('cheap-seo-offer.example');
    for (const fetchSite of [undefined, null, '', 'none', 'same-origin', 'Cross-Site'])
      expect(sourceOfReferer(spam, OWN, fetchSite)).toEqual({ source: 'other', site: null });
  });

  it('is none for a step inside the site', () => {
    expect(sourceOfReferer('https://harbour.example.nz/services', OWN)).toBeNull();
    expect(sourceOfReferer('http://localhost:4321/', OWN)).toBeNull();
  });

  it('keeps nothing of any Referer but a host name, never a path or a query', () => {
    const referer = fc.webUrl({ withQueryParameters: true, withFragments: true });
    fc.assert(
      fc.property(fc.oneof(referer, fc.string(), fc.constant(null)), (value) => {
        const source = sourceOfReferer(value, OWN, 'cross-site');
        if (source === null) return;
        expect(['search', 'maps', 'social', 'direct', 'other']).toContain(source.source);
        if (source.site === null) return;
        expect(source.source).toBe('other');
        expect(source.site).toMatch(/^[a-z0-9.-]+$/);
        expect(source.site.length).toBeLessThanOrEqual(253);
        expect(new URL(value!).hostname.toLowerCase()).toContain(source.site);
      }),
    );
  });
});

/** A histogram of readings, as the store keeps it */
function histogram(metric: VitalMetric, readings: number[]) {
  const counts = new Map<number, number>();
  for (const value of readings) {
    const bucket = bucketOf(metric, value);
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  return counts;
}

describe('the 75th percentile from histograms', () => {
  it("is the upper edge of the bucket the 75th reading falls in, rated by Google's limits", () => {
    // 900 ms falls in the bucket (800, 900]
    expect(p75Of('LCP', histogram('LCP', [850, 880, 870, 5200]))).toEqual({
      readings: 4,
      p75: 900,
      above: null,
      rating: 'good',
    });
    expect(p75Of('LCP', histogram('LCP', [850, 3000, 3200, 3900]))?.rating).toBe(
      'needs-improvement',
    );
    expect(p75Of('CLS', histogram('CLS', [0, 0, 0.3, 0.5]))?.rating).toBe('poor');
    expect(p75Of('INP', histogram('INP', []))).toBeNull();
    expect(p75Of('TTFB', histogram('TTFB', [99_000, 99_000]))).toMatchObject({
      p75: null,
      above: 20_000,
    });
  });

  it("at Google's limits is exact: the limits are bucket edges", () => {
    for (const metric of VITAL_METRICS) {
      expect(BUCKET_EDGES[metric]).toContain(THRESHOLDS[metric].good);
      expect(BUCKET_EDGES[metric]).toContain(THRESHOLDS[metric].poor);
      expect(p75Of(metric, histogram(metric, [THRESHOLDS[metric].good]))?.rating).toBe('good');
    }
  });

  it('is never below the true 75th percentile, and no more than one bucket above it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...VITAL_METRICS),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 200 }),
        (metric, fractions) => {
          const edges = BUCKET_EDGES[metric];
          const readings = fractions.map((fraction) => fraction * edges.at(-1)!);
          const sorted = [...readings].sort((a, b) => a - b);
          const trueP75 = sorted[Math.ceil(sorted.length * 0.75) - 1]!;
          const { p75 } = p75Of(metric, histogram(metric, readings))!;
          expect(p75).not.toBeNull();
          expect(p75!).toBeGreaterThanOrEqual(trueP75);
          expect(bucketOf(metric, p75!)).toBe(bucketOf(metric, trueP75));
        },
      ),
    );
  });

  it('adds up the days of each page kind and says it in his words', () => {
    const lcp = (bucket: number, count: number) => ({
      day: '2026-11-20',
      pageKind: 'home',
      metric: 'LCP',
      bucket,
      count,
    });
    const [home] = speedOf([
      lcp(bucketOf('LCP', 850), 2),
      { ...lcp(bucketOf('LCP', 850), 1), day: '2026-11-21' },
      lcp(bucketOf('LCP', 9000), 1),
    ]);
    expect(home!.pageKind).toBe('home');
    expect(speedSentence(home!.metrics[0]!)).toBe(
      'Pages appear in 0.9 s for 3 of 4 visitors — good',
    );
    // Fewer than four: the figure is the slowest visit's, so it holds for each of them
    const [few] = speedOf([lcp(bucketOf('LCP', 850), 1), lcp(bucketOf('LCP', 2000), 1)]);
    expect(speedSentence(few!.metrics[0]!)).toBe(
      'Pages appear in 2 s for every visit measured — good',
    );
  });
});

describe('the numbers in words', () => {
  it('says the contact share as visitors in 100 and the funnel as steps', () => {
    expect(contactShareSentence(4 / 100)).toBe(
      'Visitors who called, e-mailed or asked for a quote: 4 in 100',
    );
    expect(contactShareSentence(0.001)).toContain('fewer than 1 in 100');
    const status = (value: string) => ({
      createdAt: '2026-11-02T00:00:00.000Z',
      formSource: 'Quote Form',
      page: '/quote',
      status: value as 'new',
    });
    const funnel = funnelOf({ from: '2026-11-01', to: '2026-11-28' }, [
      status('new'),
      status('contacted'),
      status('quoted'),
      status('won'),
      status('lost'),
      status('spam'),
    ]);
    expect(funnel).toMatchObject({ requests: 5, contacted: 4, quoted: 2, won: 1, wonShare: 0.2 });
    expect(funnelSentence(funnel)).toBe(
      '5 requests → 4 contacted → 2 quoted → 1 won: 1 of 5 won (20%).',
    );
  });

  it('names kinds of page from their paths', () => {
    expect(pageKindOf(homePath)).toBe('home');
    expect(pageKindOf(quotePath)).toBe('quote');
    expect(pageKindOf(projectsPath)).toBe('projects');
    expect(pageKindOf(areaPages[0]!.href)).toBe('area');
  });

  it('reads a page heading as text', () => {
    expect(headingOf('<h1 class="x">Lights &amp; <em>fans</em>\n</h1>')).toBe('Lights & fans');
    expect(headingOf('<p>none</p>')).toBeNull();
  });

  it("has the public scripts spell the owner browser's key as the owner app writes it", () => {
    expect(readFileSync('src/client/owner-browser-mark.ts', 'utf8')).toContain(
      `'${OWNER_BROWSER_KEY}'`,
    );
  });
});
