import { describe, expect, it } from 'vitest';
import { findRedirect, isRetired, matchesRule } from '../../src/config/routes.ts';
import { parseTarget } from '../../src/server/http/request-target.ts';
import { pageCsp } from '../../src/server/http/security-headers.ts';
import { renderRedirectsFile, sitemapEntries } from '../../src/integrations/static-host.ts';
import { fillTokens } from '../../src/lib/text.ts';
import { business, yearsClaim } from '../../src/config/business.ts';

describe('route rules', () => {
  it('matches a wildcard only below its prefix', () => {
    expect(matchesRule('/category/*', '/category/news')).toBe(true);
    expect(matchesRule('/category/*', '/category/')).toBe(false);
    expect(matchesRule('/category/*', '/categoryx')).toBe(false);
    expect(matchesRule('/gone', '/gone/x')).toBe(false);
  });

  it('finds redirects and retired paths', () => {
    expect(findRedirect('/testimonial/sam')).toMatchObject({ to: '/testimonials', status: 301 });
    // The old reviews address itself, which the wildcard below it does not cover
    expect(findRedirect('/testimonial')).toMatchObject({ to: '/testimonials', status: 301 });
    expect(findRedirect('/services/residential-electrician')?.to).toBe('/services/residential');
    expect(findRedirect('/services/residential')).toBeUndefined();
    expect(isRetired('/category/tips/old')).toBe(true);
    expect(isRetired('/blog')).toBe(true);
    expect(isRetired('/blogs')).toBe(false);
  });

  it('writes _redirects with redirects before the 410 and 404 fallbacks', () => {
    const lines = renderRedirectsFile().trim().split('\n');
    expect(lines[0]).toBe('/testimonial/*  /testimonials  301');
    expect(lines).toContain('/category/*  /gone  410');
    expect(lines).toContain('/services/*  /services/not-found  404');
    expect(lines.at(-1)).toBe('/*  /404.html  404');
  });
});

describe('parseTarget', () => {
  it('decodes ordinary paths and keeps the query', () => {
    expect(parseTarget('/services?x=1')).toEqual({ path: '/services', search: '?x=1' });
    expect(parseTarget('/areas/electrician-%C5%8Dt%C4%81huhu')).toEqual({
      path: '/areas/electrician-ōtāhuhu',
      search: '',
    });
  });

  it('refuses traversal, NUL bytes, broken encoding and over-long targets', () => {
    for (const bad of [
      '/..%2f..%2fetc/passwd',
      '/a/../b',
      '/a%00',
      '/%E0%A4%A',
      '/%',
      'http://evil/',
      '/a\\..\\b',
      '//etc/passwd',
    ]) {
      expect(parseTarget(bad), bad).toHaveProperty('error', 400);
    }
    expect(parseTarget(`/${'a'.repeat(3000)}`)).toEqual({ error: 414 });
  });
});

describe('sitemapEntries', () => {
  const page = (path: string, head: string, status = 200) => ({
    path,
    status,
    html: `<head>${head}</head>`,
  });
  it('lists only 200 pages whose canonical is their own address', () => {
    const urls = sitemapEntries(
      [
        page('/', '<link rel="canonical" href="https://x.nz/">'),
        page('/quote', '<link rel="canonical" href="https://x.nz/quote">'),
        page(
          '/electrician-east-auckland',
          '<link rel="canonical" href="https://x.nz/areas/electrician-east-auckland">',
        ),
        page('/gone', '<meta name="robots" content="noindex">', 410),
        page(
          '/thanks',
          '<meta name="robots" content="noindex"><link rel="canonical" href="https://x.nz/thanks">',
        ),
      ],
      'https://x.nz',
    );
    expect(urls).toEqual(['https://x.nz/', 'https://x.nz/quote']);
  });
});

describe('fillTokens', () => {
  it('replaces fact tokens from business.ts and rejects unknown ones', () => {
    const years = `${business.claims.yearsExperience}+ years`;
    expect(yearsClaim).toBe(years);
    expect(fillTokens('{owner} has {years} behind him')).toBe(
      `${business.owner} has ${years} behind him`,
    );
    expect(fillTokens('{validity}, {satisfaction}')).toBe(
      `${business.claims.quoteValidDays} days, ${business.claims.satisfactionPercent}%`,
    );
    expect(() => fillTokens('{nobody}')).toThrow(/Unknown token/);
  });
});

describe('pageCsp', () => {
  it('adds frame-ancestors and base-uri once, keeping the page hashes', () => {
    const csp = pageCsp(
      "default-src 'self';base-uri 'self'; script-src 'self' 'sha256-abc='; style-src 'self';",
    );
    expect(csp).toBe(
      "default-src 'self'; base-uri 'self'; script-src 'self' 'sha256-abc='; style-src 'self'; frame-ancestors 'none'",
    );
    expect(csp.match(/base-uri/g)).toHaveLength(1);
  });
});
