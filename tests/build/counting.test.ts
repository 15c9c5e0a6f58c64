/**
 * What the build carries for counting visits and taps, against the settings it was built with
 * (the same environment as this test run, as `npm test` builds first):
 * - built for the Node server (no PUBLIC_FORM_ENDPOINT), every page reports call and e-mail taps
 *   to /api/events with an inline module script that the page's CSP allows by its hash;
 * - without PUBLIC_GOATCOUNTER_URL, no file of the build mentions GoatCounter, and the CSP names
 *   no origin for it; with it, every page loads count.js as GoatCounter documents it.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formEndpoint, LEADS_ENDPOINT } from '../../src/lib/csp.ts';
import { goatCounter } from '../../src/lib/goatcounter.ts';
import { loadSiteFiles } from '../../src/server/site-files.ts';
import { buildFile, clientDir, distDir } from './support.ts';

buildFile('client', 'index.html');
const builtForServer = formEndpoint() === LEADS_ENDPOINT;
const counter = goatCounter();

/** Pages made from the site's layout: everything but the redirect stubs */
const pages = [...loadSiteFiles(clientDir)]
  .filter(([, file]) => file.contentType.startsWith('text/html') && file.status !== 301)
  .map(([path, file]) => ({ path, html: readFileSync(file.absolutePath, 'utf8') }));

const inlineModules = (html: string) => [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map(([, body = '']) => body);
const metaCsp = (html: string) =>
  /<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(html)?.[1]?.replaceAll('&#39;', "'") ?? '';
const scriptSrc = (html: string) => /(?:^|;)\s*script-src ([^;]*)/.exec(metaCsp(html))?.[1]?.split(' ') ?? [];
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Every text file of the build (pages, scripts, styles, host config), not images or compressed copies */
function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !/\.(?:avif|webp|jpe?g|png|ico|woff2?|br|gz)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('tap counting', () => {
  it('has pages to check', () => {
    expect(pages.length).toBeGreaterThan(20);
  });

  it.runIf(builtForServer)('reports taps on every page, through a script the CSP allows by its hash', () => {
    for (const { path, html } of pages) {
      const reporters = inlineModules(html).filter((body) => body.includes('/api/events'));
      expect(reporters, path).toHaveLength(1);
      expect(reporters[0], path).toContain('sendBeacon');
      expect(scriptSrc(html), path).toContain(sha256(reporters[0]!));
    }
  });

  it.runIf(!builtForServer)('reports nothing to /api/events when the forms post to a form service', () => {
    for (const file of textFiles(distDir)) expect(readFileSync(file, 'utf8'), file).not.toContain('/api/events');
  });
});

describe('GoatCounter', () => {
  it.runIf(!counter)('appears nowhere in the build without PUBLIC_GOATCOUNTER_URL', () => {
    const files = textFiles(distDir);
    expect(files.some((file) => file.endsWith('_headers'))).toBe(true);
    for (const file of files) expect(readFileSync(file, 'utf8'), file).not.toMatch(/goatcounter|zgo\.at/i);
    for (const { path, html } of pages)
      expect(
        scriptSrc(html).filter((source) => source.startsWith('http')),
        path,
      ).toEqual([]);
  });

  it.runIf(counter)('loads count.js on every page and lets the CSP allow it', () => {
    const { endpoint, script } = counter!;
    const tag = `<script data-goatcounter="${endpoint}" async src="${script}"></script>`;
    for (const { path, html } of pages) {
      expect(html, path).toContain(tag);
      expect(scriptSrc(html), path).toContain(new URL(script).origin);
      expect(metaCsp(html), path).toMatch(new RegExp(`connect-src [^;]*${escaped(endpoint)}`));
      expect(metaCsp(html), path).toMatch(new RegExp(`img-src [^;]*${escaped(endpoint)}`));
      expect(
        inlineModules(html).filter((body) => body.includes('goatcounter')),
        path,
      ).toHaveLength(1);
    }
  });
});
