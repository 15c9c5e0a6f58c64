import { describe, expect, it } from 'vitest';
import { redirects } from '../../src/config/routes.ts';
import { pageCsp, securityHeaders } from '../../src/server/http/security-headers.ts';
import {
  pageFileOf,
  renderNginxConfig,
  renderRedirectsFile,
  type BuiltPage,
} from '../../src/integrations/static-host.ts';

const cspA = "default-src 'self'; script-src 'self' 'sha256-AAA='";
const cspB = "default-src 'self'; script-src 'self' 'sha256-BBB='";
const html = (csp: string, status = 200) =>
  `<html><head><meta http-equiv="content-security-policy" content="${csp.replaceAll("'", '&#39;')}">` +
  (status === 200 ? '' : `<meta name="prerender-status-code" content="${status}">`) +
  '</head><body></body></html>';

const pages: BuiltPage[] = [
  { path: '/', status: 200, html: html(cspA) },
  { path: '/about', status: 200, html: html(cspB) },
  { path: '/services', status: 200, html: html(cspA) },
  { path: '/emergency-electrician-auckland', status: 200, html: html(cspA) },
  { path: '/who-we-are', status: 301, html: html(cspA, 301) },
  { path: '/blog', status: 410, html: html(cspA, 410) },
  { path: '/gone', status: 410, html: html(cspA, 410) },
  { path: '/404.html', status: 404, html: html(cspA, 404) },
  { path: '/services/not-found', status: 404, html: html(cspA, 404) },
];

const config = renderNginxConfig({
  root: '/srv/site/dist/client',
  origin: 'https://www.example.com',
  pages,
});

/** The body of `location <match> { … }`, one directive a line */
function locationBody(match: string): string[] {
  const start = config.indexOf(`\nlocation ${match} {\n`);
  expect(start, `location ${match}`).toBeGreaterThan(-1);
  const body = config.slice(start).split('\n').slice(2);
  return body.slice(0, body.indexOf('}')).map((line) => line.trim());
}

describe('the nginx config generated from routes.ts and the built pages', () => {
  it('serves dist/client with relative Locations and the precompressed copies', () => {
    expect(config).toContain('root "/srv/site/dist/client";\n');
    expect(config).toContain('absolute_redirect off;\n');
    expect(config).toContain('gzip_static on;\n');
    // `//` answers 400 as in the Node server instead of being merged into `/`
    expect(config).toContain('merge_slashes off;\n');
    expect(config).toContain('if ($uri ~ "//") {\n  return 400;\n}');
    expect(config).not.toMatch(/^[ \t]*server\s*\{/m);
  });

  it('answers every redirect of routes.ts with its status and target, query string kept', () => {
    for (const redirect of redirects) {
      const match = redirect.from.endsWith('/*')
        ? `^~ ${redirect.from.slice(0, -1)}`
        : `= ${redirect.from}`;
      expect(locationBody(match)).toEqual([
        `return ${redirect.status} ${redirect.to}$is_args$args;`,
      ]);
    }
    // The page the build wrote for a redirected path is never served as a page
    expect(config.match(/location = \/who-we-are \{/g)).toHaveLength(1);
  });

  it('sends an old address with a trailing slash straight to its new one, before the slash rule', () => {
    const oneHop = 'if ($uri ~ "^/who-we-are/$") {\n  return 301 /about$is_args$args;\n}';
    expect(config).toContain(oneHop);
    expect(config.indexOf(oneHop)).toBeLessThan(config.indexOf('# Any other trailing slash'));
    expect(config).toContain(
      'if ($uri ~ "^/testimonial/.+/$") {\n  return 301 /testimonials$is_args$args;\n}',
    );
    expect(config).toContain('if ($uri ~ "^/services/residential-electrician/$") {');
  });

  it('answers retired paths 410 with the Page Gone page, keeping the status', () => {
    expect(locationBody('= /blog')).toEqual(['return 410;']);
    expect(locationBody('= /gone')).toEqual(['return 410;']);
    expect(locationBody('^~ /category/')).toEqual(['return 410;']);
    // error_page without `=` keeps the 410; the page itself is reachable only that way
    expect(config).toContain('\nerror_page 410 /gone/index.html;\n');
    expect(locationBody('= /gone/index.html')).toContain('internal;');
  });

  it('answers unknown paths 404 with the right page', () => {
    expect(config).toContain('\nerror_page 404 /404.html;\n');
    expect(locationBody('/services/')).toContain('error_page 404 /services/not-found/index.html;');
    expect(locationBody('/')).toContain('try_files $uri =404;');
    expect(locationBody('= /404.html')).toContain('internal;');
  });

  it('serves each page from its directory with its own CSP and no-cache', () => {
    const about = locationBody('= /about');
    expect(about).toContain('try_files /about/index.html =404;');
    expect(about).toContain('set $cache_control "no-cache";');
    const aboutVariable = /set \$page_csp \$(\w+);/.exec(about.join('\n'))?.[1];
    const homeVariable = /set \$page_csp \$(\w+);/.exec(locationBody('= /').join('\n'))?.[1];
    expect(aboutVariable).toBeDefined();
    expect(homeVariable).toBeDefined();
    expect(aboutVariable).not.toBe(homeVariable);
    expect(config).toContain(`set $${aboutVariable} "${pageCsp(cspB)}";`);
    expect(config).toContain(`set $${homeVariable} "${pageCsp(cspA)}";`);
    expect(locationBody('= /emergency-electrician-auckland')).toContain(
      'try_files /emergency-electrician-auckland/index.html =404;',
    );
    expect(locationBody('= /')).toContain('try_files /index.html =404;');
  });

  it('adds every security header, the CSP and Cache-Control at server level, with always', () => {
    for (const [name, value] of Object.entries(securityHeaders('https://www.example.com'))) {
      expect(config).toContain(`\nadd_header ${name} "${value}" always;\n`);
    }
    expect(config).toContain('\nadd_header Content-Security-Policy $page_csp always;\n');
    expect(config).toContain('\nadd_header Cache-Control $cache_control always;\n');
    // A location with its own add_header would drop the inherited ones
    expect(config.match(/^[ \t]*add_header /gm)).toHaveLength(
      Object.keys(securityHeaders('https://www.example.com')).length + 2,
    );
    expect(locationBody('/_astro/')).toContain(
      'set $cache_control "public, max-age=31536000, immutable";',
    );
    expect(renderNginxConfig({ root: '/r', origin: 'http://localhost:4321', pages })).not.toContain(
      'Strict-Transport-Security',
    );
  });

  it('sets a CSP longer than nginx accepts in one parameter in pieces', () => {
    const long = `default-src 'self'; script-src 'self' ${Array.from({ length: 120 }, (_, i) => `'sha256-${String(i).padStart(43, 'x')}='`).join(' ')}`;
    const text = renderNginxConfig({
      root: '/r',
      origin: 'https://www.example.com',
      pages: [...pages.slice(1), { ...pages[0]!, html: html(long) }],
    });
    const name = /set \$page_csp \$(\w+);/.exec(text.slice(text.indexOf('location = / {')))?.[1];
    const pieces = text.split('\n').filter((line) => line.startsWith(`set $${name} `));
    expect(pieces.length).toBeGreaterThan(2);
    expect(Math.max(...pieces.map((line) => line.length))).toBeLessThan(4000);
    const joined = pieces
      .map((line, i) =>
        line.slice(`set $${name} "`.length + (i === 0 ? 0 : `\${${name}}`.length), -'";'.length),
      )
      .join('');
    expect(joined).toBe(pageCsp(long));
  });

  it('refuses a build without the error pages', () => {
    expect(() =>
      renderNginxConfig({
        root: '/r',
        origin: 'https://www.example.com',
        pages: pages.filter((p) => p.path !== '/gone'),
      }),
    ).toThrow(/no \/gone page/);
  });

  it('maps page paths to their files', () => {
    expect(pageFileOf('/')).toBe('/index.html');
    expect(pageFileOf('/services/residential')).toBe('/services/residential/index.html');
    expect(pageFileOf('/404.html')).toBe('/404.html');
  });
});

describe('_redirects with the built pages', () => {
  const lines = renderRedirectsFile(pages).trim().split('\n');

  it('forces the rules that cover a built page, and repeats a forced redirect unforced for Cloudflare', () => {
    const at = lines.indexOf('/who-we-are  /about  301!');
    expect(at).toBeGreaterThan(-1);
    expect(lines[at + 1]).toBe('/who-we-are  /about  301');
    expect(lines).toContain('/blog  /gone  410!');
    expect(lines).not.toContain('/blog  /gone  410');
  });

  it('gives each exact redirect a trailing-slash rule with the same target and forcing', () => {
    const at = lines.indexOf('/who-we-are/  /about  301!');
    expect(at).toBeGreaterThan(-1);
    expect(lines[at + 1]).toBe('/who-we-are/  /about  301');
    expect(lines).toContain('/hot-water-repairs/  /services/hot-water-repairs  301');
    // A wildcard rule needs none; the bare old address has its own
    expect(lines.filter((line) => line.startsWith('/testimonial/'))).toEqual([
      '/testimonial/*  /testimonials  301',
      '/testimonial/  /testimonials  301',
    ]);
  });

  it("answers the Node server's own pages 404, forced over their built file, before the fallbacks", () => {
    const withOwner = renderRedirectsFile(pages, ['/owner']).trim().split('\n');
    expect(withOwner.slice(-4)).toEqual([
      '/owner  /404.html  404!',
      '/owner/*  /404.html  404!',
      ...lines.slice(-2),
    ]);
  });

  it('leaves rules with no page below them unforced', () => {
    expect(lines[0]).toBe('/testimonial/*  /testimonials  301');
    expect(lines).toContain('/category/*  /gone  410');
    expect(lines).toContain('/hot-water-repairs  /services/hot-water-repairs  301');
    expect(lines.slice(-2)).toEqual([
      '/services/*  /services/not-found  404',
      '/*  /404.html  404',
    ]);
  });
});
