/**
 * What the build carries for counting visits and taps:
 * - dist/, built with the settings of this test run (`npm test` builds first): built for the Node
 *   server (no PUBLIC_FORM_ENDPOINT), every page reports call and e-mail taps to /api/events with
 *   an inline module script of under 1 KB that the page's CSP allows by its hash; without
 *   PUBLIC_GOATCOUNTER_URL, no file of it mentions GoatCounter, and the CSP names no origin for it;
 * - a second build made here as a static deployment sets it (PUBLIC_FORM_ENDPOINT and
 *   PUBLIC_GOATCOUNTER_URL), into a temporary folder under test-results/: nothing reports to /api/events, the forms
 *   post to the form service, and every page loads count.js as GoatCounter documents it, with the
 *   CSP of its meta tag and of `_headers` allowing both.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/config/routes.ts';
import { formEndpoint } from '../../src/lib/csp.ts';
import { isOwnerPath } from '../../src/lib/owner-api.ts';
import { goatCounter } from '../../src/lib/goatcounter.ts';
import { loadSiteFiles } from '../../src/server/http/site-files.ts';
import { buildFile, clientDir, distDir } from '../support/build.ts';

buildFile('client', 'index.html');
const builtForServer = formEndpoint() === apiPaths.leads;
const countedWithGoatCounter = goatCounter() !== undefined;

/** A hosted GoatCounter site: its count.js comes from gc.zgo.at, another origin than the endpoint's */
const GOATCOUNTER_URL = 'https://example.goatcounter.com/count';
/** A hosted form service, as a static deployment uses (docs/static-hosting.md) */
const FORM_SERVICE_URL = 'https://formspree.io/f/example';
/** A whole build on two busy cores, with room to spare */
const BUILD_TIMEOUT_MS = 180_000;
const TAP_SCRIPT_LIMIT_BYTES = 1024;

/** Pages made from the site's layout: everything but the redirect stubs and the owner's pages */
async function layoutPages(client: string) {
  return [...(await loadSiteFiles(client))]
    .filter(
      ([path, file]) =>
        file.contentType.startsWith('text/html') && file.status !== 301 && !isOwnerPath(path),
    )
    .map(([path, file]) => ({ path, html: readFileSync(file.absolutePath, 'utf8') }));
}

const pages = await layoutPages(clientDir);

const inlineModules = (html: string) =>
  [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map(([, body = '']) => body);
const metaCsp = (html: string) =>
  /<meta http-equiv="content-security-policy" content="([^"]*)"/
    .exec(html)?.[1]
    ?.replaceAll('&#39;', "'") ?? '';
const directive = (csp: string, name: string) =>
  new RegExp(`(?:^|;)\\s*${name} ([^;]*)`).exec(csp)?.[1]?.split(' ') ?? [];
const scriptSrc = (html: string) => directive(metaCsp(html), 'script-src');
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Every text file of the build (pages, scripts, styles, host config), not images or compressed copies */
function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && !/\.(?:avif|webp|jpe?g|png|ico|woff2?|br|gz)$/.test(entry.name),
    )
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * `npm run build` with `env` added, into `dir` (its pages in dir/client, as in dist/). `dir` is
 * inside the repository: Astro renames files from its own folder into the output, which fails
 * across file systems (a tmpfs /tmp). A build still running at `timeoutMs` is killed, so none
 * outlives the test.
 */
async function buildInto(
  dir: string,
  env: Record<string, string>,
  timeoutMs: number,
): Promise<void> {
  await promisify(execFile)('npm', ['run', 'build', '--', '--outDir', join(dir, 'client')], {
    env: { ...process.env, ...env },
    maxBuffer: 16 * 1024 * 1024,
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
  });
}

describe('tap counting', () => {
  it('has pages to check', () => {
    expect(pages.length).toBeGreaterThan(20);
  });

  it.runIf(builtForServer)(
    'reports taps on every page, through a script of under 1 KB that the CSP allows by its hash',
    () => {
      for (const { path, html } of pages) {
        const reporters = inlineModules(html).filter((body) => body.includes('/api/events'));
        expect(reporters, path).toHaveLength(1);
        expect(reporters[0], path).toContain('sendBeacon');
        expect(Buffer.byteLength(reporters[0]!), path).toBeLessThan(TAP_SCRIPT_LIMIT_BYTES);
        expect(scriptSrc(html), path).toContain(sha256(reporters[0]!));
      }
    },
  );
});

describe('GoatCounter', () => {
  it.runIf(!countedWithGoatCounter)(
    'appears nowhere in the build without PUBLIC_GOATCOUNTER_URL',
    () => {
      const files = textFiles(distDir);
      expect(files.some((file) => file.endsWith('_headers'))).toBe(true);
      for (const file of files)
        expect(readFileSync(file, 'utf8'), file).not.toMatch(/goatcounter|zgo\.at/i);
      for (const { path, html } of pages)
        expect(
          scriptSrc(html).filter((source) => source.startsWith('http')),
          path,
        ).toEqual([]);
    },
  );

  describe('built for a static deployment, with a form service and PUBLIC_GOATCOUNTER_URL', () => {
    const { endpoint, script } = goatCounter({ PUBLIC_GOATCOUNTER_URL: GOATCOUNTER_URL })!;
    const scriptOrigin = new URL(script).origin;
    let buildDir = '';
    let counted: Awaited<ReturnType<typeof layoutPages>> = [];
    beforeAll(async () => {
      // test-results/ is ignored by git, the linters and the type check
      mkdirSync('test-results', { recursive: true });
      buildDir = mkdtempSync(join('test-results', 'static-build-'));
      const settings = {
        PUBLIC_GOATCOUNTER_URL: GOATCOUNTER_URL,
        PUBLIC_FORM_ENDPOINT: FORM_SERVICE_URL,
      };
      await buildInto(buildDir, settings, BUILD_TIMEOUT_MS - 5000);
      counted = await layoutPages(join(buildDir, 'client'));
    }, BUILD_TIMEOUT_MS);
    afterAll(() => {
      if (buildDir) rmSync(buildDir, { recursive: true, force: true });
    });

    it('reports nothing to /api/events, and its forms post to the form service, which the CSP allows', () => {
      for (const file of textFiles(buildDir))
        expect(readFileSync(file, 'utf8'), file).not.toContain('/api/events');
      const quote = counted.find(({ path }) => path === '/quote')!.html;
      expect(quote).toContain(`action="${FORM_SERVICE_URL}"`);
      expect(directive(metaCsp(quote), 'form-action')).toContain(new URL(FORM_SERVICE_URL).origin);
    });

    it('loads count.js on every page and lets the CSP allow it', () => {
      expect(counted.map(({ path }) => path)).toEqual(pages.map(({ path }) => path));
      const tag = `<script data-goatcounter="${endpoint}" async src="${script}"></script>`;
      for (const { path, html } of counted) {
        expect(html, path).toContain(tag);
        expect(scriptSrc(html), path).toContain(scriptOrigin);
        expect(directive(metaCsp(html), 'connect-src'), path).toContain(endpoint);
        expect(directive(metaCsp(html), 'img-src'), path).toContain(endpoint);
        const taps = inlineModules(html).filter((body) => body.includes('goatcounter'));
        expect(taps, path).toHaveLength(1);
        expect(Buffer.byteLength(taps[0]!), path).toBeLessThan(TAP_SCRIPT_LIMIT_BYTES);
        expect(scriptSrc(html), path).toContain(sha256(taps[0]!));
      }
    });

    it("puts the same allowance in the static host's CSP headers", () => {
      // Each block of _headers is a path and its headers; the pages' blocks carry their CSP
      const pagePaths = new Set(counted.map(({ path }) => path));
      const headerCsps = readFileSync(join(buildDir, 'client', '_headers'), 'utf8')
        .split('\n\n')
        .map((block) => block.split('\n'))
        .filter(([path]) => pagePaths.has(path ?? ''))
        .flatMap((lines) => lines.map((line) => line.trim()))
        .filter((line) => line.startsWith('Content-Security-Policy: '))
        .map((line) => line.slice('Content-Security-Policy: '.length));
      expect(headerCsps).toHaveLength(counted.length);
      for (const csp of headerCsps) {
        expect(directive(csp, 'script-src')).toContain(scriptOrigin);
        expect(directive(csp, 'connect-src')).toContain(endpoint);
      }
    });
  });
});
