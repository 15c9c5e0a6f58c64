/**
 * How the Node server serves the build: every file with the right status, Content-Type,
 * Content-Length and caching, GET and HEAD alike; brotli and gzip by negotiation; ETag and Last-Modified with
 * 304s; 405 for other methods; hostile paths answered 400 or 404, never a file from outside
 * dist/client and never a 5xx.
 */
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRedirect, gonePagePath, isRetired } from '../../src/config/routes.ts';
import { isOwnerPath } from '../../src/lib/owner-api.ts';
import { ownerServiceWorkerPath } from '../../src/lib/owner-manifest.ts';
import { THANKS_PATH } from '../../src/server/leads/responses.ts';
import { KEEP_ALIVE_MS } from '../../src/server/http/site-server.ts';
import {
  builtFiles,
  CANARY,
  declaredStatus,
  mapLimit,
  requireBuild,
  send,
  sleep,
  startServer,
  type Answer,
  type BuiltFile,
  type RunningServer,
} from '../support/server.ts';

requireBuild();

/** Content types by extension, written out here rather than read from the server's own table */
const EXPECTED_TYPES: Record<string, RegExp> = {
  html: /^text\/html; ?charset=utf-8$/i,
  css: /^text\/css; ?charset=utf-8$/i,
  js: /^(text|application)\/javascript; ?charset=utf-8$/i,
  mjs: /^(text|application)\/javascript; ?charset=utf-8$/i,
  json: /^application\/json(; ?charset=utf-8)?$/i,
  webmanifest: /^application\/manifest\+json(; ?charset=utf-8)?$/i,
  xml: /^(application|text)\/xml(; ?charset=utf-8)?$/i,
  txt: /^text\/plain; ?charset=utf-8$/i,
  svg: /^image\/svg\+xml(; ?charset=utf-8)?$/i,
  avif: /^image\/avif$/,
  webp: /^image\/webp$/,
  jpg: /^image\/jpeg$/,
  jpeg: /^image\/jpeg$/,
  png: /^image\/png$/,
  gif: /^image\/gif$/,
  ico: /^image\/(x-icon|vnd\.microsoft\.icon)$/,
  woff2: /^font\/woff2$/,
  woff: /^font\/woff$/,
};
const TEXT_EXTENSIONS = new Set([
  'html',
  'css',
  'js',
  'mjs',
  'json',
  'webmanifest',
  'xml',
  'txt',
  'svg',
]);
const extensionOf = (file: BuiltFile) =>
  /\.([a-z0-9]+)$/i.exec(file.relativePath)?.[1]?.toLowerCase() ?? '';

/** Static-host configuration files (`_headers`, `_redirects`) are not part of the site */
// The owner's page answers by session (tests/server/owner.test.ts), not as a public file, and the
// thank-you page is worded at each request (tests/server/acknowledgement.test.ts)
const files = builtFiles().filter(
  (file) =>
    (!file.relativePath.startsWith('_') || file.relativePath.startsWith('_astro/')) &&
    !isOwnerPath(file.urlPath) &&
    file.urlPath !== THANKS_PATH,
);
const urlOf = (file: BuiltFile) => encodeURI(file.urlPath);

function expectedStatus(file: BuiltFile): number {
  const redirect = findRedirect(file.urlPath);
  if (redirect) return redirect.status;
  return file.relativePath.endsWith('.html')
    ? declaredStatus(readFileSync(file.absolutePath, 'utf8'))
    : 200;
}
const withBody = files.filter((file) => expectedStatus(file) < 300);

/** Headers that may differ between two answers to the same request */
const VOLATILE = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
]);
function stableHeaders(answer: Answer): Record<string, unknown> {
  return Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !VOLATILE.has(name)));
}

let server: RunningServer;
const get = (path: string, headers: Record<string, string> = {}) => send(server, { path, headers });

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('every built file', () => {
  it('answers GET and HEAD alike, with its status, Content-Type and caching', async () => {
    expect(files.length).toBeGreaterThan(50);
    const problems: string[] = [];
    await mapLimit(files, 8, async (file) => {
      const path = urlOf(file);
      const status = expectedStatus(file);
      const getAnswer = await get(path);
      const headAnswer = await send(server, { path, method: 'HEAD' });
      const where = `${path} (${file.relativePath})`;
      if (getAnswer.status !== status)
        problems.push(`${where}: GET answered ${getAnswer.status}, expected ${status}`);
      if (headAnswer.status !== getAnswer.status)
        problems.push(`${where}: HEAD answered ${headAnswer.status}, GET ${getAnswer.status}`);
      if (headAnswer.body.length > 0) problems.push(`${where}: HEAD sent a body`);
      expect
        .soft(stableHeaders(headAnswer), `${where}: HEAD headers`)
        .toEqual(stableHeaders(getAnswer));
      if (status >= 300 && status < 400) return;

      // A retired path shows the Page Gone page, whatever the build left there
      const source = isRetired(file.urlPath)
        ? files.find((other) => other.urlPath === gonePagePath)!
        : file;
      if (!getAnswer.body.equals(readFileSync(source.absolutePath)))
        problems.push(`${where}: the body is not ${source.relativePath}`);
      const type = String(getAnswer.headers['content-type']);
      const expectedType = EXPECTED_TYPES[extensionOf(file)];
      if (!expectedType)
        problems.push(`${where}: the test knows no Content-Type for .${extensionOf(file)}`);
      else if (!expectedType.test(type)) problems.push(`${where}: Content-Type ${type}`);
      if (getAnswer.headers['content-encoding'])
        problems.push(`${where}: encoded without Accept-Encoding`);
      // The length up front, so a client knows when the answer is whole and may reuse the connection
      if (getAnswer.headers['content-length'] !== String(getAnswer.body.length))
        problems.push(`${where}: Content-Length ${getAnswer.headers['content-length']}`);
      if (headAnswer.headers['content-length'] !== getAnswer.headers['content-length'])
        problems.push(`${where}: HEAD's Content-Length ${headAnswer.headers['content-length']}`);

      const cache = String(getAnswer.headers['cache-control']);
      if (file.relativePath.startsWith('_astro/')) {
        if (cache !== 'public, max-age=31536000, immutable')
          problems.push(`${where}: hashed asset with Cache-Control ${cache}`);
        // Only a file whose name changes with its content may be cached for ever
        if (!/\.[\w-]{8,}\.[a-z0-9]+$/i.test(file.relativePath))
          problems.push(`${where}: immutable but its name has no hash`);
      } else if (file.relativePath.endsWith('.html') || file.urlPath === ownerServiceWorkerPath) {
        // A page, and the owner's service worker, are checked for a newer copy on every visit
        if (!/\bno-cache\b/.test(cache) || /immutable/.test(cache))
          problems.push(`${where}: HTML or service worker with Cache-Control ${cache}`);
      } else if (/immutable/.test(cache) || !/\bmax-age=\d+/.test(cache)) {
        problems.push(`${where}: unhashed file with Cache-Control ${cache}`);
      }
      if (!/^"[^"]+"$|^W\/"[^"]+"$/.test(String(getAnswer.headers['etag'])))
        problems.push(`${where}: no ETag`);
      if (Number.isNaN(Date.parse(String(getAnswer.headers['last-modified']))))
        problems.push(`${where}: no Last-Modified`);
    });
    expect(problems).toEqual([]);
  });

  it('text files over 1 KB are precompressed with brotli and gzip at build time', () => {
    const uncompressed = files
      .filter((file) => TEXT_EXTENSIONS.has(extensionOf(file)))
      .filter((file) => readFileSync(file.absolutePath).length > 1024)
      .filter((file) => !file.hasBrotli || !file.hasGzip)
      .map((file) => file.relativePath);
    expect(uncompressed).toEqual([]);
  });
});

describe('compression by negotiation', () => {
  const compressed = withBody.filter((file) => file.hasBrotli && file.hasGzip);
  const decoders: Record<string, (body: Buffer) => Buffer> = {
    br: (body) => brotliDecompressSync(body),
    gzip: (body) => gunzipSync(body),
    none: (body) => body,
  };
  const cases: Array<[acceptEncoding: string, expected: 'br' | 'gzip' | 'none']> = [
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['deflate, gzip;q=0.8', 'gzip'],
    ['identity', 'none'],
    ['', 'none'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0', 'none'],
    ['br;q=0, gzip;q=0, identity', 'none'],
  ];

  it.each(cases)(
    'Accept-Encoding "%s" gets %s, and the body decodes to the file',
    async (acceptEncoding, expected) => {
      expect(compressed.length).toBeGreaterThan(20);
      const problems: string[] = [];
      await mapLimit(compressed, 8, async (file) => {
        const answer = await get(
          urlOf(file),
          acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {},
        );
        const encoding = answer.headers['content-encoding'] ?? 'none';
        if (encoding !== expected) problems.push(`${file.urlPath}: ${encoding}`);
        else if (!decoders[expected]!(answer.body).equals(readFileSync(file.absolutePath)))
          problems.push(`${file.urlPath}: body differs`);
        if (answer.headers['content-length'] !== String(answer.body.length))
          problems.push(`${file.urlPath}: Content-Length ${answer.headers['content-length']}`);
        if (!/accept-encoding/i.test(String(answer.headers['vary'])))
          problems.push(`${file.urlPath}: no Vary: Accept-Encoding`);
      });
      expect(problems).toEqual([]);
    },
  );

  it('images are never content-encoded', async () => {
    const images = withBody
      .filter((file) => /\.(?:avif|webp|jpe?g|png)$/.test(file.relativePath))
      .slice(0, 30);
    expect(images.length).toBeGreaterThan(0);
    for (const file of images) {
      const answer = await get(urlOf(file), { 'Accept-Encoding': 'br, gzip' });
      expect(answer.headers['content-encoding'], file.urlPath).toBeUndefined();
    }
  });
});

describe('revalidation', () => {
  const samples = [
    '/',
    '/services',
    '/sitemap.xml',
    withBody.find((file) => /^_astro\/.+\.js$/.test(file.relativePath))!.urlPath,
  ];
  samples.push(withBody.find((file) => /^_astro\/.+\.svg$/.test(file.relativePath))!.urlPath);

  it.each(samples)(
    '%s answers 304 to its own ETag or Last-Modified, and 200 otherwise',
    async (path) => {
      const first = await get(path, { 'Accept-Encoding': 'br' });
      expect(first.status).toBe(200);
      const etag = String(first.headers['etag']);
      const lastModified = String(first.headers['last-modified']);
      const bare = etag.replace(/^W\//, '');
      const earlier = new Date(Date.parse(lastModified) - 86_400_000).toUTCString();
      const cases: Array<[headers: Record<string, string>, status: number]> = [
        [{ 'If-None-Match': etag }, 304],
        [{ 'If-None-Match': `W/${bare}` }, 304],
        [{ 'If-None-Match': `"something-else", ${etag}` }, 304],
        [{ 'If-None-Match': '*' }, 304],
        [{ 'If-None-Match': '"something-else"' }, 200],
        [{ 'If-Modified-Since': lastModified }, 304],
        [{ 'If-Modified-Since': new Date(Date.parse(lastModified) + 60_000).toUTCString() }, 304],
        [{ 'If-Modified-Since': earlier }, 200],
        [{ 'If-Modified-Since': 'not a date' }, 200],
        // If-None-Match decides when both are sent
        [{ 'If-None-Match': '"something-else"', 'If-Modified-Since': lastModified }, 200],
      ];
      for (const [headers, status] of cases) {
        for (const method of ['GET', 'HEAD']) {
          const answer = await send(server, {
            path,
            method,
            headers: { ...headers, 'Accept-Encoding': 'br' },
          });
          const label = `${method} ${path} with ${JSON.stringify(headers)}`;
          expect(answer.status, label).toBe(status);
          if (status === 304) {
            expect(answer.body.length, label).toBe(0);
            expect(answer.headers['etag'], label).toBe(etag);
            expect(answer.headers['cache-control'], label).toBe(first.headers['cache-control']);
          }
        }
      }
    },
  );

  it('gives each encoding of a file its own ETag, and answers 304 only to the ETag of the body it would send', async () => {
    const compressed = withBody.filter((file) => file.hasBrotli && file.hasGzip);
    const paths = [
      '/',
      '/services',
      compressed.find((file) => /^_astro\/.+\.js$/.test(file.relativePath))!.urlPath,
    ];
    const encodings = { none: 'identity', gzip: 'gzip', br: 'gzip, deflate, br' } as const;
    for (const path of paths) {
      expect(
        compressed.map((file) => file.urlPath),
        path,
      ).toContain(path);
      const etags: Record<string, string> = {};
      for (const [encoding, acceptEncoding] of Object.entries(encodings)) {
        const answer = await get(path, { 'Accept-Encoding': acceptEncoding });
        expect(answer.headers['content-encoding'] ?? 'none', path).toBe(encoding);
        etags[encoding] = String(answer.headers['etag']);
      }
      expect(new Set(Object.values(etags)).size, `${path}: ${JSON.stringify(etags)}`).toBe(3);
      for (const [encoding, acceptEncoding] of Object.entries(encodings)) {
        for (const [tagged, etag] of [...Object.entries(etags), ['any', '*'] as const]) {
          const answer = await get(path, {
            'Accept-Encoding': acceptEncoding,
            'If-None-Match': etag,
          });
          const label = `${path}: ${encoding} asked for with the ETag of ${tagged}`;
          const current = tagged === encoding || tagged === 'any';
          expect(answer.status, label).toBe(current ? 304 : 200);
          expect(answer.headers['etag'], label).toBe(etags[encoding]);
          expect(answer.headers['vary'], label).toMatch(/accept-encoding/i);
          if (!current) expect(answer.headers['content-encoding'] ?? 'none', label).toBe(encoding);
        }
      }
    }
  });

  it('error pages are never answered 304', async () => {
    for (const path of ['/no-such-page', '/gone', '/services/no-such-service']) {
      const first = await get(path);
      expect(first.status, path).toBeGreaterThanOrEqual(404);
      const again = await get(path, {
        'If-None-Match': String(first.headers['etag']),
        'If-Modified-Since': String(first.headers['last-modified']),
      });
      expect(again.status, path).toBe(first.status);
      expect(again.text(), path).toBe(first.text());
    }
  });
});

describe('methods', () => {
  const paths = [
    '/',
    '/services',
    '/quote',
    '/sitemap.xml',
    urlOf(withBody.find((f) => f.relativePath.endsWith('.js'))!),
    '/no-such-page',
    '/gone',
    '/who-we-are',
  ];
  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND'])(
    '%s on pages and files answers 405 with Allow: GET, HEAD',
    async (method) => {
      for (const path of paths) {
        const answer = await send(server, {
          path,
          method,
          headers: { 'Content-Type': 'text/plain' },
          body: method === 'TRACE' ? undefined : 'x=1',
        });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers['allow'], `${method} ${path}`).toBe('GET, HEAD');
      }
    },
  );
});

describe('hostile paths', () => {
  const hostile = [
    '/..%2f..%2fetc/passwd',
    '/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/../canary.txt',
    '/../../canary.txt',
    '/../../index.html',
    '/..%2fcanary.txt',
    '/..%2f..%2findex.html',
    '/%2e%2e/canary.txt',
    '/.%2e/canary.txt',
    '/%2e%2e%5ccanary.txt',
    '/..%5c..%5ccanary.txt',
    '/..\\canary.txt',
    '/%252e%252e/%252e%252e/canary.txt',
    '/%c0%ae%c0%ae/canary.txt',
    '/%c0%ae%c0%ae%c0%af%c0%ae%c0%ae%c0%afcanary.txt',
    '/%e0%80%ae%e0%80%ae/canary.txt',
    '/%C0%AF',
    '/%E0%A4%A',
    '/%',
    '/%zz',
    '/%ff',
    '/%ed%a0%80',
    '/%00',
    '/a%00b',
    '/index.html%00.txt',
    '/services%00/../canary.txt',
    '/_astro/..%2f..%2fcanary.txt',
    '/_astro/%2e%2e/%2e%2e/canary.txt',
    '/_astro/../../canary.txt',
    '//etc/passwd',
    '//canary.txt',
    '/./index.html',
    '/%2e/index.html',
    '/..;/canary.txt',
    '/server/entry.mjs',
    '/../server/entry.mjs',
    '/..%2fserver%2fentry.mjs',
    '/canary.txt',
    '/client/index.html',
    '/index.html/..',
    '/services/..',
    '/services/%2e%2e',
    '/etc/passwd',
    '/proc/self/environ',
    '/%2fetc%2fpasswd',
  ];

  it.each(hostile)(
    '%s is answered 400 or 404 with nothing from outside the build',
    async (path) => {
      for (const method of ['GET', 'HEAD']) {
        const answer = await send(server, { path, method });
        expect([400, 404], `${method} ${path}`).toContain(answer.status);
        const body = answer.text();
        expect(body).not.toContain(CANARY);
        expect(body).not.toMatch(/root:.*:0:0:|PATH=|import\s.*from\s/);
      }
    },
  );

  it('a path over the length limit is refused with a 4xx, not a 5xx', async () => {
    for (const path of [`/${'a'.repeat(5000)}`, `/${'%2e%2e/'.repeat(800)}canary.txt`]) {
      const answer = await get(path);
      expect([400, 404, 414]).toContain(answer.status);
      expect(answer.text()).not.toContain(CANARY);
    }
  });

  it('the server logged no failed request', () => {
    expect(server.output()).not.toMatch(/Request failed|Internal Server Error|Could not render/);
  });
});

describe('an idle connection', () => {
  it("is kept past Node's default 5 s, for as long as the server tells browsers", async () => {
    const socket = connect(Number(new URL(server.origin).port), '127.0.0.1');
    // The answer's head, or nothing once the server has closed the connection
    const ask = () =>
      new Promise<string>((answered) => {
        if (socket.readyState === 'closed' || socket.readableEnded) return answered('');
        socket.once('data', (data) => answered(data.toString('latin1')));
        socket.once('end', () => answered(''));
        socket.write('HEAD / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      });
    try {
      expect(await ask()).toMatch(
        new RegExp(`^keep-alive: timeout=${KEEP_ALIVE_MS / 1000}\r$`, 'im'),
      );
      // Well past Node's default and the second it adds before closing
      await sleep(8_000);
      expect(await ask()).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      socket.destroy();
    }
  });
});
