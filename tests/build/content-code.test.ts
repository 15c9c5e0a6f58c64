/**
 * Content cannot carry code (issue 30), over every page of the build: each passes the build's own
 * check (src/integrations/page-code.ts: no `<meta http-equiv>` but the CSP's and the redirect
 * pages' refresh, no `<base>`, no event-handler attribute, nothing in a Markdown region Markdown
 * does not make), and each inline script and style, hashed here with an HTML parser, is one the
 * page's CSP allows, which lists only hashes Astro computed from the templates
 * (src/integrations/page-csp.ts). The area pages put their Markdown in a region, so the check of
 * the region is not vacuous.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { findRedirect } from '../../src/config/routes.ts';
import { pageCodeProblems } from '../../src/integrations/page-code.ts';
import { loadSiteFiles } from '../../src/server/http/site-files.ts';
import { inlineHashes, metaCsp, parseCsp } from '../support/security-headers.ts';
import { clientDir } from '../support/build.ts';

/** The level-2 headings inside the page's Markdown regions, read as a browser parses the page */
function regionHeadings(html: string): string[] {
  const headings: string[] = [];
  const visit = (node: DefaultTreeAdapterMap['node'], inRegion: boolean) => {
    const region =
      inRegion || ('attrs' in node && node.attrs.some((attr) => attr.name === 'data-markdown'));
    if (region && 'tagName' in node && node.tagName === 'h2')
      headings.push(node.attrs.find((attr) => attr.name === 'id')?.value ?? '');
    if ('childNodes' in node) for (const child of node.childNodes) visit(child, region);
  };
  visit(parse(html), false);
  return headings;
}

const pages = [...(await loadSiteFiles(clientDir)).entries()]
  .filter(([, file]) => file.contentType.startsWith('text/html'))
  .map(([path, file]) => ({ path, html: readFileSync(file.absolutePath, 'utf8') }));

describe('the built pages', () => {
  it('hold nothing that acts which the templates did not write', () => {
    expect(pages.length).toBeGreaterThan(40);
    for (const { path, html } of pages)
      expect(pageCodeProblems(html, { redirectTo: findRedirect(path)?.to }), path).toEqual([]);
    // The redirect pages' refresh is allowed, and only theirs
    expect(
      pages
        .filter(({ html }) => html.includes('http-equiv="refresh"'))
        .every(({ path }) => findRedirect(path)),
    ).toBe(true);
  });

  it('run only inline scripts and styles their CSP allows, and it allows only what the page runs', () => {
    for (const { path, html } of pages) {
      const policy = parseCsp(metaCsp(html) ?? '');
      const { scripts, styles } = inlineHashes(html);
      const hashes = (name: string) =>
        (policy.get(name) ?? []).filter((source) => source.startsWith("'sha"));
      expect(hashes('script-src').sort(), path).toEqual([...new Set(scripts)].sort());
      // The content editor alone allows inline styles, as Keystatic sets them
      if (policy.get('style-src')?.includes("'unsafe-inline'"))
        expect(path).toMatch(/^\/owner\/content$/);
      else expect(hashes('style-src').sort(), path).toEqual([...new Set(styles)].sort());
    }
  });

  it("put each area page's Markdown in one region, its headings inside", () => {
    const areas = readdirSync('src/content/areas').filter((file) => file.endsWith('.md'));
    expect(areas.length).toBeGreaterThan(5);
    for (const file of areas) {
      const path = `/areas/${file.replace(/\.md$/, '')}`;
      const html = pages.find((page) => page.path === path)?.html ?? '';
      expect(html.match(/<div data-markdown>/g), path).toHaveLength(1);
      const body = readFileSync(join('src/content/areas', file), 'utf8').split(/^---$/m)[2] ?? '';
      const headings = [...body.matchAll(/^## (.+)$/gm)].map((match) => match[1]!);
      expect(headings.length, path).toBeGreaterThan(0);
      expect(regionHeadings(html), path).toHaveLength(headings.length);
    }
  });
});
