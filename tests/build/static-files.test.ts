/**
 * The static host's `_redirects` and `_headers` of the build, read the way Netlify reads them
 * (`_redirects` through netlify-redirect-parser, Netlify's own parser), and the redirects also the
 * way Cloudflare Pages reads them (it drops a line whose status is not a plain 200/3xx).
 */
import { readFileSync } from 'node:fs';
import { parseAllRedirects } from 'netlify-redirect-parser';
import { describe, expect, it } from 'vitest';
import { isOwnerPath, ownerPaths } from '../../src/lib/owner-api.ts';
import {
  gonePagePath,
  matchesRule,
  redirects,
  retiredPaths,
  serviceNotFoundPath,
} from '../../src/config/routes.ts';
import { loadSiteFiles } from '../../src/server/http/site-files.ts';
import { renderHeadersFile } from '../../src/integrations/static-host.ts';
import {
  expectedSecurityHeaders,
  inlineHashes,
  metaCsp,
  pageCspProblems,
} from '../support/security-headers.ts';
import {
  gonePaths,
  notFoundPaths,
  specRedirects,
  unknownServicePath,
} from '../support/status-table.ts';
import { buildFile, builtOrigin, clientDir } from '../support/build.ts';

interface NetlifyRule {
  from: string;
  to: string;
  status?: number;
  force: boolean;
  query: Record<string, string>;
  conditions: Record<string, unknown>;
}

const redirectsPath = buildFile('client', '_redirects');
const headersPath = buildFile('client', '_headers');
const parsed = await parseAllRedirects({
  redirectsFiles: [redirectsPath],
  configRedirects: [],
  minimal: true,
});
const rules = parsed.redirects as NetlifyRule[];
const files = await loadSiteFiles(clientDir);
const origin = builtOrigin();

/** What Netlify does with a request path: the first matching rule applies unless a file shadows it */
function netlifyAnswer(path: string): { status: number; to: string } {
  for (const rule of rules) {
    if (!matchesRule(rule.from, path)) continue;
    if (!rule.force && files.has(path)) break;
    return { status: rule.status ?? 301, to: rule.to };
  }
  return { status: files.get(path)?.status ?? 404, to: path };
}

describe('_redirects, parsed with netlify-redirect-parser', () => {
  it('parses without errors, with no conditions or query matching', () => {
    expect(parsed.errors).toEqual([]);
    expect(rules.length).toBeGreaterThan(redirects.length + retiredPaths.length);
    for (const rule of rules) {
      expect(rule.conditions, rule.from).toEqual({});
      expect(rule.query, rule.from).toEqual({});
    }
  });

  it('holds every redirect of routes.ts with its status and target, forced where the build has a page', () => {
    for (const redirect of redirects) {
      const own = rules.filter((rule) => rule.from === redirect.from);
      expect(own.length, redirect.from).toBeGreaterThan(0);
      for (const rule of own)
        expect(rule, redirect.from).toMatchObject({ to: redirect.to, status: redirect.status });
      const shadowsPage = [...files.keys()].some((path) => matchesRule(redirect.from, path));
      expect(own[0]?.force, `${redirect.from} forced`).toBe(shadowsPage);
    }
  });

  it('redirects every path of SPEC.md permanently, even where the build wrote a page there', () => {
    for (const [from, location] of specRedirects) {
      expect(netlifyAnswer(from), from).toEqual({ status: 301, to: location });
      // With a trailing slash too, in one hop, on hosts that match the slash literally
      expect(netlifyAnswer(`${from}/`), `${from}/`).toEqual({ status: 301, to: location });
    }
    // The build does write pages at redirected paths (meta refresh for hosts without redirects)
    expect(files.has('/who-we-are')).toBe(true);
  });

  it('answers retired paths 410 with the Page Gone page', () => {
    for (const path of retiredPaths) {
      expect(rules.find((rule) => rule.from === path)).toMatchObject({
        to: gonePagePath,
        status: 410,
      });
    }
    for (const path of gonePaths)
      expect(netlifyAnswer(path), path).toEqual({ status: 410, to: gonePagePath });
    expect(files.get(gonePagePath)?.status).toBe(410);
  });

  it('ends with the 404 fallbacks, unforced so pages still answer', () => {
    expect(rules.at(-2)).toMatchObject({
      from: '/services/*',
      to: serviceNotFoundPath,
      status: 404,
      force: false,
    });
    expect(rules.at(-1)).toMatchObject({ from: '/*', to: '/404.html', status: 404, force: false });
    expect(netlifyAnswer(unknownServicePath)).toEqual({ status: 404, to: serviceNotFoundPath });
    for (const path of notFoundPaths)
      expect(netlifyAnswer(path), path).toEqual({ status: 404, to: '/404.html' });
    expect(netlifyAnswer('/services/residential')).toEqual({
      status: 200,
      to: '/services/residential',
    });
    expect(netlifyAnswer('/')).toEqual({ status: 200, to: '/' });
  });

  it("answers the owner's page 404 over its built file: it needs the Node server's sign-in", () => {
    expect(files.has(ownerPaths.page)).toBe(true);
    expect(netlifyAnswer(ownerPaths.page)).toEqual({ status: 404, to: '/404.html' });
    expect(netlifyAnswer(`${ownerPaths.page}/anything`)).toEqual({ status: 404, to: '/404.html' });
  });

  it('points every rule at a page of the build', () => {
    for (const rule of rules) expect(files.has(rule.to), `${rule.from} → ${rule.to}`).toBe(true);
  });

  it('keeps every redirect, and its trailing-slash form, for Cloudflare Pages, which drops forced and 4xx lines', () => {
    const cloudflare = new Map<string, { to: string; status: number }>();
    for (const line of readFileSync(redirectsPath, 'utf8').split('\n')) {
      const [from, to, status = '302'] = line.trim().split(/\s+/);
      if (!from || !to || from.startsWith('#')) continue;
      const code = Number(status);
      if (![200, 301, 302, 303, 307, 308].includes(code) || cloudflare.has(from)) continue;
      cloudflare.set(from, { to, status: code });
    }
    const expected = redirects.flatMap((r) =>
      (r.from.endsWith('/*') ? [r.from] : [r.from, `${r.from}/`]).map((from) => [
        from,
        { to: r.to, status: r.status },
      ]),
    );
    expect(Object.fromEntries(cloudflare)).toEqual(Object.fromEntries(expected));
  });
});

/** Netlify's `_headers` format: a path at the start of a line, then indented `Name: value` lines */
function parseHeadersFile(text: string): {
  blocks: Map<string, Record<string, string>>;
  errors: string[];
} {
  const blocks = new Map<string, Record<string, string>>();
  const errors: string[] = [];
  let current: Record<string, string> | undefined;
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '' || line.trim().startsWith('#')) return;
    if (!/^\s/.test(line)) {
      if (!line.startsWith('/') || blocks.has(line.trim()))
        errors.push(`line ${index + 1}: bad or repeated path ${line}`);
      current = {};
      blocks.set(line.trim(), current);
      return;
    }
    const header = /^\s+([a-z0-9-]+):\s*(\S.*)$/i.exec(line);
    if (!current || !header) errors.push(`line ${index + 1}: not a header of a path: ${line}`);
    else if (header[1]! in current) errors.push(`line ${index + 1}: repeated ${header[1]}`);
    else current[header[1]!] = header[2]!.trim();
  });
  return { blocks, errors };
}

describe('_headers', () => {
  const { blocks, errors } = parseHeadersFile(readFileSync(headersPath, 'utf8'));
  // The owner's page is the Node server's alone: a static host answers it 404 (see _redirects)
  const pagePaths = [...files]
    .filter(([path, file]) => file.contentType.startsWith('text/html') && !isOwnerPath(path))
    .map(([path]) => path);
  const htmlOf = (path: string) => readFileSync(files.get(path)!.absolutePath, 'utf8');

  it('parses as path blocks of headers', () => {
    expect(errors).toEqual([]);
    expect(pagePaths.length).toBeGreaterThan(40);
  });

  it('sends the security headers on every path, without a second CSP', () => {
    expect(blocks.get('/*')).toEqual(
      expectedSecurityHeaders({ https: new URL(origin).protocol === 'https:' }),
    );
  });

  it('sends Strict-Transport-Security only when the site is served over https', () => {
    const secure = parseHeadersFile(renderHeadersFile('https://sparky.test', []));
    expect(secure.blocks.get('/*')?.['Strict-Transport-Security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    const pages = pagePaths.map((path) => ({
      path,
      status: files.get(path)!.status,
      html: htmlOf(path),
    }));
    const plain = parseHeadersFile(renderHeadersFile('http://localhost:4321', pages));
    expect(plain.errors).toEqual([]);
    expect(plain.blocks.get('/*')).toEqual(expectedSecurityHeaders({ https: false }));
    expect(plain.blocks.get('/*')).not.toHaveProperty('Strict-Transport-Security');
  });

  it('caches hashed assets for a year', () => {
    expect(blocks.get('/_astro/*')).toEqual({
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });

  it("gives every page its own CSP plus frame-ancestors 'none', nothing inline for scripts, its inline scripts and styles hashed", () => {
    let inlineScripts = 0;
    let inlineStyles = 0;
    for (const path of pagePaths) {
      const headers = blocks.get(path);
      const html = htmlOf(path);
      expect(pageCspProblems(headers?.['Content-Security-Policy'], html), path).toEqual([]);
      expect(headers?.['Cache-Control'], path).toBe('no-cache');
      expect(Object.keys(headers ?? {}).sort(), path).toEqual([
        'Cache-Control',
        'Content-Security-Policy',
      ]);
      const { scripts, styles } = inlineHashes(html);
      inlineScripts += scripts.length;
      inlineStyles += styles.length;
    }
    // The pages do have inline scripts and styles, so the hash checks above were not vacuous
    expect(inlineScripts).toBeGreaterThan(0);
    expect(inlineStyles).toBeGreaterThan(0);
  });

  it("finds a changed inline script: a hash of the page's script is what the policy carries", () => {
    const html = htmlOf('/');
    const csp = blocks.get('/')?.['Content-Security-Policy'];
    expect(pageCspProblems(csp, html)).toEqual([]);
    const tampered = html.replace(/<script>([\s\S]*?)<\/script>/, '<script>$1;</script>');
    expect(tampered).not.toBe(html);
    expect(
      pageCspProblems(csp, tampered).some((problem) => problem.includes('not in script-src')),
    ).toBe(true);
    expect(metaCsp(html)).toBeDefined();
  });
});
