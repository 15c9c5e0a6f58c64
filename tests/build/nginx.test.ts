/**
 * Debian's nginx serving the static build with the config the build generated
 * (dist/nginx/site.conf): the status table of DESIGN.md, the same answers as the Node server
 * (run here side by side on the same build), precompressed files, caching and security headers.
 * Skipped, with the reason printed, where nginx is not installed (CI installs nginx-light).
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aliases, redirects } from '../../src/config/routes.ts';
import { isOwnerPath, ownerPaths } from '../../src/lib/owner-api.ts';
import { loadSiteFiles, openSite, type SiteFile } from '../../src/server/http/site-files.ts';
import { createSiteServer } from '../../src/server/http/site-server.ts';
import { expectedSecurityHeaders, pageCspProblems } from '../support/security-headers.ts';
import {
  gonePaths,
  hostilePaths,
  notFoundPaths,
  specRedirects,
  unknownServicePath,
} from '../support/status-table.ts';
import { buildFile, builtOrigin, clientDir } from '../support/build.ts';
import { hasNginx, startNginx, warnWithoutNginx, type RunningNginx } from '../support/nginx.ts';

warnWithoutNginx('the nginx tests');

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function fetchRaw(
  port: number,
  path: string,
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method, headers, agent: false, timeout: 5_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

const files = hasNginx ? await loadSiteFiles(clientDir) : new Map<string, SiteFile>();

describe.skipIf(!hasNginx)('nginx serving the static build with dist/nginx/site.conf', () => {
  const siteConf = hasNginx ? buildFile('nginx', 'site.conf') : '';
  const origin = builtOrigin();
  let nginx: RunningNginx | undefined;
  let nginxPort = 0;
  let node: Server | undefined;
  let nodePort = 0;
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetchRaw(nginxPort, path, 'GET', headers);
  const head = (path: string) => fetchRaw(nginxPort, path, 'HEAD');

  beforeAll(async () => {
    nginx = await startNginx(
      (port) => ['server {', `  listen 127.0.0.1:${port};`, `  include ${siteConf};`, '}'],
      '/robots.txt',
    );
    nginxPort = nginx.port;
    node = createSiteServer({ site: await openSite(clientDir), siteUrl: origin });
    await new Promise<void>((resolve) => node?.listen(0, '127.0.0.1', resolve));
    nodePort = (node.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await nginx?.stop();
    await new Promise((resolve) => (node ? node.close(resolve) : resolve(undefined)));
  });

  it('redirects every path of SPEC.md with its exact Location, for GET and HEAD', async () => {
    expect(specRedirects).toHaveLength(redirects.length);
    for (const [from, location] of specRedirects) {
      for (const answer of [await get(from), await head(from)]) {
        expect(answer.status, from).toBe(301);
        expect(answer.headers.location, from).toBe(location);
      }
    }
  });

  it('keeps the query string on redirects, as the Node server does', async () => {
    expect((await get('/who-we-are?ref=old&x=1')).headers.location).toBe('/about?ref=old&x=1');
    expect((await get('/testimonial/jane/more?x=1')).headers.location).toBe('/testimonials?x=1');
  });

  it('answers retired paths 410 with the Page Gone page', async () => {
    for (const path of gonePaths) {
      const answer = await get(path);
      expect(answer.status, path).toBe(410);
      const html = answer.body.toString();
      expect(html, path).toContain('Page Gone');
      expect(html, path).toContain(
        'This page has been permanently removed and is no longer available.',
      );
      expect((await head(path)).status, path).toBe(410);
    }
  });

  it('answers unknown paths 404 with the Not Found page', async () => {
    // The owner's page is the Node server's alone (behind its sign-in)
    for (const path of [
      ...notFoundPaths,
      '/about/index.html',
      '/index.html.gz',
      '/_astro/missing.js',
      ownerPaths.page,
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      const html = answer.body.toString();
      expect(html, path).toMatch(/<h1[^>]*>404/);
      expect(html, path).toContain('Page Not Found');
      expect(html, path).toContain('Go to Homepage');
      expect((await head(path)).status, path).toBe(404);
    }
  });

  it('answers an unknown service slug 404 with Service not found', async () => {
    for (const path of [
      unknownServicePath,
      '/services/not-found',
      '/services/residential/index.html',
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.toString(), path).toContain('Service not found');
      expect(answer.body.toString(), path).toMatch(
        /<a href="\/services"[^>]*>View All Services<\/a>/,
      );
    }
  });

  it('serves the alias pages with the canonical at the main path', async () => {
    for (const alias of aliases) {
      const answer = await get(alias.path);
      expect(answer.status, alias.path).toBe(200);
      expect(answer.body.toString(), alias.path).toContain(
        `<link rel="canonical" href="${origin}${alias.canonical}">`,
      );
    }
  });

  it('redirects a trailing slash to the address without it', async () => {
    const answer = await get('/services/?a=1');
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe('/services?a=1');
    expect((await get('/areas/electrician-howick/')).headers.location).toBe(
      '/areas/electrician-howick',
    );
    // An old address goes to its new one in one hop
    for (const [from, location] of specRedirects) {
      const old = await get(`${from}/?ref=1`);
      expect([old.status, old.headers.location], `${from}/`).toEqual([301, `${location}?ref=1`]);
    }
    // An empty segment is refused, as by the Node server, not merged into one slash
    expect((await get('/services//residential')).status).toBe(400);
    expect((await get('/about//')).status).toBe(400);
    expect((await get('/')).status).toBe(200);
  });

  it('refuses other methods and hostile paths', async () => {
    expect((await fetchRaw(nginxPort, '/services', 'DELETE')).status).toBe(405);
    expect((await fetchRaw(nginxPort, '/quote', 'POST')).status).toBe(405);
    for (const path of hostilePaths) {
      const answer = await get(path);
      expect([400, 404], path).toContain(answer.status);
      expect(answer.body.toString(), path).not.toContain('root:');
    }
  });

  it('serves the precompressed gzip copy when the client accepts gzip', async () => {
    const plain = await get('/about');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(readFileSync(files.get('/about')!.absolutePath))).toBe(true);
    const zipped = await get('/about', { 'Accept-Encoding': 'gzip' });
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zipped.body.equals(readFileSync(files.get('/about')!.gzipPath!))).toBe(true);
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
  });

  it('caches hashed assets for a year, pages not at all', async () => {
    const [asset, file] = [...files].find(
      ([path, f]) => path.startsWith('/_astro/') && path.endsWith('.js') && f.gzipPath,
    )!;
    const answer = await get(asset, { 'Accept-Encoding': 'gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body).equals(readFileSync(file.absolutePath))).toBe(true);
    expect((await get('/services')).headers['cache-control']).toBe('no-cache');
  });

  it('sends the security headers and the page CSP on a page, the 404 and the 410', async () => {
    const cases: [path: string, status: number, page: string][] = [
      ['/services', 200, '/services'],
      ['/no-such-page', 404, '/404.html'],
      [unknownServicePath, 404, '/services/not-found'],
      ['/category/anything', 410, '/gone'],
    ];
    for (const [path, status, page] of cases) {
      const answer = await get(path);
      expect(answer.status, path).toBe(status);
      for (const [name, value] of Object.entries(
        expectedSecurityHeaders({ https: origin.startsWith('https:') }),
      )) {
        expect(answer.headers[name.toLowerCase()], `${path} ${name}`).toBe(value);
      }
      if (!origin.startsWith('https:'))
        expect(answer.headers['strict-transport-security'], path).toBeUndefined();
      const html = readFileSync(files.get(page)!.absolutePath, 'utf8');
      const csp = answer.headers['content-security-policy'];
      expect(Array.isArray(csp), `${path}: one CSP header`).toBe(false);
      expect(pageCspProblems(csp as string | undefined, html), path).toEqual([]);
      expect(answer.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(answer.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('answers like the Node server: status, Location, type, caching, CSP, security headers and body', async () => {
    const asset = [...files.keys()].find((path) => path.startsWith('/_astro/'))!;
    // The owner's page is the Node server's alone, behind its sign-in; nginx answers it 404 (above)
    const paths = [
      ...[...files.keys()].filter((path) => !isOwnerPath(path)),
      ...specRedirects.map(([from]) => from),
      ...specRedirects.map(([from]) => `${from}?utm_source=x&b=2`),
      ...gonePaths,
      ...notFoundPaths,
      unknownServicePath,
      '/services/',
      '/services/?a=1',
      '/about/',
      '/about/index.html',
      '/gone/index.html',
      '/services/not-found/index.html',
      '/index.html.gz',
      `${asset}.gz`,
      '/_astro',
      '/_astro/missing.js',
      '/category',
      '/servicesx',
      '/ab%6Fut',
      '/services//residential',
      '/about//',
      '/a%2F%2Fb',
      '/quote?next=https://example.com/x',
    ];
    const compared = [
      'location',
      'content-type',
      'cache-control',
      'content-security-policy',
      ...Object.keys(expectedSecurityHeaders({ https: true })).map((name) => name.toLowerCase()),
    ];
    const differences: string[] = [];
    for (const path of new Set(paths)) {
      for (const method of ['GET', 'HEAD']) {
        const [fromNginx, fromNode] = [
          await fetchRaw(nginxPort, path, method),
          await fetchRaw(nodePort, path, method),
        ];
        if (fromNginx.status !== fromNode.status)
          differences.push(
            `${method} ${path}: status ${fromNginx.status} (nginx) vs ${fromNode.status} (Node)`,
          );
        // Redirects and refusals (400, 405) carry each server's own short body; pages and files must match
        const servesContent = [200, 404, 410].includes(fromNode.status);
        for (const name of servesContent
          ? compared
          : compared.filter((header) => header !== 'content-type')) {
          if (fromNginx.headers[name] !== fromNode.headers[name]) {
            differences.push(
              `${method} ${path}: ${name} ${String(fromNginx.headers[name])} (nginx) vs ${String(fromNode.headers[name])} (Node)`,
            );
          }
        }
        if (method === 'GET' && servesContent && !fromNginx.body.equals(fromNode.body)) {
          differences.push(`${method} ${path}: bodies differ`);
        }
      }
    }
    expect(differences).toEqual([]);
  });
});
