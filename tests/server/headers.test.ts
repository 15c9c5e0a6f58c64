/**
 * The security headers on every kind of answer the server gives: pages, files, redirects, 304s,
 * error pages, refusals of hostile paths, every answer of /api/leads, and the replies to HTTP
 * that Node's parser refuses. The Content-Security-Policy must allow nothing inline or eval'd for
 * scripts, forbid framing, and still let each page run its own inline scripts and the map embed.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THANKS_PATH, thanksPageAt } from '../../src/server/leads/thanks-page.ts';
import {
  builtFiles,
  rawExchange,
  requireBuild,
  send,
  startServer,
  type Answer,
  type RunningServer,
  type SendOptions,
} from '../support/server.ts';

requireBuild();

const SITE_URL = 'https://www.example.com';
const MAP_ORIGIN = 'https://www.openstreetmap.org';

const validLead = new URLSearchParams({
  form_source: 'Quote Form',
  name: 'Header Check',
  email: 'headers@example.co.nz',
  phone: '021 555 0100',
  address: '1 Test Street, Howick',
  service: 'Electrical Repairs',
  message: 'Checking the headers of the answer.',
}).toString();
const URLENCODED = { 'Content-Type': 'application/x-www-form-urlencoded' };
const JSON_ACCEPT = { Accept: 'application/json' };

/** Parses a policy into its directives: name → sources */
function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    // The first occurrence of a directive wins; browsers ignore the repeats
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** The sources that govern a fetch directive, following the fallback to default-src */
function effective(csp: Map<string, string[]>, directive: string): string[] | undefined {
  if (directive === 'script-src-elem' || directive === 'script-src-attr')
    return csp.get(directive) ?? effective(csp, 'script-src');
  return csp.get(directive) ?? csp.get('default-src');
}

function headerCount(answer: Pick<Answer, 'rawHeaders'>, name: string): number {
  return answer.rawHeaders.filter((value, index) => index % 2 === 0 && value.toLowerCase() === name)
    .length;
}

/** Every problem with the security headers of one answer */
function headerProblems(
  answer: Pick<Answer, 'headers' | 'rawHeaders'>,
  { https }: { https: boolean },
): string[] {
  const problems: string[] = [];
  const header = (name: string) => {
    const value = answer.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  const policy = header('content-security-policy');
  if (!policy) problems.push('no Content-Security-Policy');
  else {
    if (headerCount(answer, 'content-security-policy') !== 1)
      problems.push('more than one Content-Security-Policy header');
    const csp = parseCsp(policy);
    if (!csp.get('frame-ancestors')?.includes("'none'"))
      problems.push(`frame-ancestors is not 'none': ${policy}`);
    for (const directive of ['script-src', 'script-src-elem', 'script-src-attr']) {
      const sources = effective(csp, directive);
      if (!sources) problems.push(`nothing restricts ${directive}`);
      else {
        const loose = sources.filter((source) =>
          /^'unsafe-|^\*$|^(?:https?|data|blob):$/i.test(source),
        );
        if (loose.length > 0) problems.push(`${directive} allows ${loose.join(' ')}`);
      }
    }
    if (effective(csp, 'object-src')?.join(' ') !== "'none'")
      problems.push('object-src is not none');
    if (!csp.has('base-uri')) problems.push('no base-uri');
  }
  if (header('x-content-type-options') !== 'nosniff')
    problems.push(`X-Content-Type-Options: ${header('x-content-type-options')}`);
  if (header('referrer-policy') !== 'strict-origin-when-cross-origin')
    problems.push(`Referrer-Policy: ${header('referrer-policy')}`);
  const permissions = header('permissions-policy') ?? '';
  const features = new Map(
    permissions.split(',').map((item) => item.trim().split('=') as [string, string]),
  );
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
    if (features.get(feature) !== '()')
      problems.push(`Permissions-Policy does not turn off ${feature}: ${permissions}`);
  }
  for (const [feature, allow] of features)
    if (allow !== '()') problems.push(`Permissions-Policy allows ${feature}=${allow}`);
  const hsts = header('strict-transport-security');
  if (https) {
    const maxAge = Number(/max-age=(\d+)/.exec(hsts ?? '')?.[1] ?? 0);
    if (maxAge < 15_552_000) problems.push(`Strict-Transport-Security: ${hsts}`);
  } else if (hsts !== undefined)
    problems.push(`Strict-Transport-Security over plain http: ${hsts}`);
  return problems;
}

/** An answer read from a raw socket, for replies to HTTP that a normal client cannot send */
function parseRawAnswer(text: string): Pick<Answer, 'status' | 'headers' | 'rawHeaders'> {
  const [head = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const rawHeaders: string[] = [];
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    rawHeaders.push(name, value);
    headers[name.toLowerCase()] = headers[name.toLowerCase()]
      ? `${headers[name.toLowerCase()]}, ${value}`
      : value;
  }
  return { status: Number(statusLine.split(' ')[1]), headers, rawHeaders };
}

const pages = builtFiles().filter((file) => file.relativePath.endsWith('.html'));

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ env: { SITE_URL } });
});
afterAll(async () => {
  await server?.stop();
});

describe('security headers', () => {
  it('are on every page, file, redirect, 304 and error answer', async () => {
    const script = builtFiles().find((file) => file.relativePath.endsWith('.js'))!.urlPath;
    const requests: Array<{ label: string; expect: number } & SendOptions> = [
      ...pages.map((page) => ({
        label: `GET ${page.urlPath}`,
        path: encodeURI(page.urlPath),
        expect: 0,
      })),
      ...pages
        .filter((page) => page.urlPath !== '/' && !page.urlPath.endsWith('.html'))
        .map((page) => ({
          label: `GET ${page.urlPath}/`,
          path: `${encodeURI(page.urlPath)}/`,
          expect: 301,
        })),
      { label: 'HEAD /', method: 'HEAD', path: '/', expect: 200 },
      {
        label: 'GET / with a gzip body',
        path: '/',
        headers: { 'Accept-Encoding': 'gzip' },
        expect: 200,
      },
      {
        label: 'GET an image',
        path: builtFiles().find((file) => /^_astro\/.+\.svg$/.test(file.relativePath))!.urlPath,
        expect: 200,
      },
      { label: 'GET a script', path: script, expect: 200 },
      {
        label: 'GET a script in brotli',
        path: script,
        headers: { 'Accept-Encoding': 'br' },
        expect: 200,
      },
      { label: 'GET /sitemap.xml', path: '/sitemap.xml', expect: 200 },
      { label: 'GET /robots.txt', path: '/robots.txt', expect: 200 },
      { label: 'GET /favicon.svg', path: '/favicon.svg', expect: 200 },
      { label: 'GET a redirect', path: '/who-we-are', expect: 301 },
      { label: 'GET a prefix redirect', path: '/testimonial/someone?x=1', expect: 301 },
      { label: 'GET unknown page', path: '/no-such-page', expect: 404 },
      { label: 'GET unknown service', path: '/services/no-such-service', expect: 404 },
      { label: 'GET unknown page with trailing slash', path: '/no-such-page/', expect: 301 },
      { label: 'GET retired', path: '/category/news', expect: 410 },
      { label: 'GET traversal', path: '/..%2f..%2fetc/passwd', expect: 400 },
      { label: 'GET bad escape', path: '/%E0%A4%A', expect: 400 },
      { label: 'GET NUL', path: '/a%00b', expect: 400 },
      { label: 'GET long URL', path: `/${'x'.repeat(3000)}`, expect: 414 },
      { label: 'POST a page', method: 'POST', path: '/services', body: 'a=b', expect: 405 },
      { label: 'DELETE a file', method: 'DELETE', path: script, expect: 405 },
      { label: 'TRACE a page', method: 'TRACE', path: '/', expect: 405 },
    ];
    const problems: string[] = [];
    for (const request of requests) {
      const answer = await send(server, request);
      if (request.expect && answer.status !== request.expect)
        problems.push(`${request.label}: status ${answer.status}, expected ${request.expect}`);
      for (const problem of headerProblems(answer, { https: true }))
        problems.push(`${request.label} (${answer.status}): ${problem}`);
      const etag = answer.headers['etag'];
      if (answer.status === 200 && etag) {
        const revalidated = await send(server, {
          ...request,
          headers: { ...request.headers, 'If-None-Match': etag },
        });
        if (revalidated.status !== 304)
          problems.push(`${request.label}: revalidation answered ${revalidated.status}`);
        for (const problem of headerProblems(revalidated, { https: true }))
          problems.push(`${request.label} (304): ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('are on every answer of the quote endpoint', async () => {
    const requests: Array<{ label: string; expect: number } & SendOptions> = [
      {
        label: 'valid lead, JSON',
        method: 'POST',
        path: '/api/leads',
        headers: { ...URLENCODED, ...JSON_ACCEPT },
        body: validLead,
        expect: 200,
      },
      {
        label: 'valid lead, no JavaScript',
        method: 'POST',
        path: '/api/leads',
        headers: URLENCODED,
        body: validLead,
        expect: 303,
      },
      {
        label: 'invalid lead, JSON',
        method: 'POST',
        path: '/api/leads',
        headers: { ...URLENCODED, ...JSON_ACCEPT },
        body: 'form_source=Quote+Form',
        expect: 422,
      },
      {
        label: 'invalid lead, HTML',
        method: 'POST',
        path: '/api/leads',
        headers: URLENCODED,
        body: 'form_source=Quote+Form&name=<script>',
        expect: 422,
      },
      {
        label: 'wrong type',
        method: 'POST',
        path: '/api/leads',
        headers: { 'Content-Type': 'text/plain', ...JSON_ACCEPT },
        body: 'hello',
        expect: 415,
      },
      {
        label: 'too large',
        method: 'POST',
        path: '/api/leads',
        headers: URLENCODED,
        body: `message=${'a'.repeat(70_000)}`,
        expect: 413,
      },
      {
        label: 'bad encoding',
        method: 'POST',
        path: '/api/leads',
        headers: URLENCODED,
        body: 'name=%E0%A4%A',
        expect: 400,
      },
      {
        label: 'cross-site',
        method: 'POST',
        path: '/api/leads',
        headers: { ...URLENCODED, Origin: 'https://evil.example' },
        body: validLead,
        expect: 403,
      },
      { label: 'GET', path: '/api/leads', expect: 405 },
      { label: 'GET, JSON', path: '/api/leads', headers: JSON_ACCEPT, expect: 405 },
      { label: 'HEAD', method: 'HEAD', path: '/api/leads', expect: 405 },
      { label: 'OPTIONS', method: 'OPTIONS', path: '/api/leads', expect: 405 },
      { label: 'TRACE', method: 'TRACE', path: '/api/leads', expect: 405 },
      { label: 'unknown API path', path: '/api/nope', expect: 404 },
      {
        label: 'unknown API path, POST',
        method: 'POST',
        path: '/api/nope',
        headers: URLENCODED,
        body: validLead,
        expect: 404,
      },
      {
        label: 'trailing slash',
        method: 'POST',
        path: '/api/leads/',
        headers: URLENCODED,
        body: validLead,
        expect: 404,
      },
      { label: 'traversal into the API', path: '/api/%2e%2e/leads', expect: 400 },
    ];
    const problems: string[] = [];
    for (const request of requests) {
      const answer = await send(server, request);
      if (answer.status !== request.expect)
        problems.push(`${request.label}: status ${answer.status}, expected ${request.expect}`);
      for (const problem of headerProblems(answer, { https: true }))
        problems.push(`${request.label} (${answer.status}): ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it("are on the replies to HTTP that Node's parser refuses", async () => {
    const malformed: Array<[label: string, bytes: string, status: number]> = [
      ['garbage', 'HELLO THERE\r\n\r\n', 400],
      ['bad header line', 'GET / HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n', 400],
      [
        'smuggling',
        'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
        400,
      ],
      [
        'header over 16 KB',
        `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        431,
      ],
      ['bad version', 'GET / HTTP/7.1\r\nHost: x\r\n\r\n', 400],
    ];
    const problems: string[] = [];
    for (const [label, bytes, status] of malformed) {
      const exchange = await rawExchange(server.port, [bytes]);
      const answer = parseRawAnswer(exchange.received);
      if (answer.status !== status)
        problems.push(`${label}: status ${answer.status}, expected ${status}`);
      for (const problem of headerProblems(answer, { https: true }))
        problems.push(`${label} (${answer.status}): ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it('no Strict-Transport-Security when SITE_URL is plain http, and the other headers still', async () => {
    const plain = await startServer({
      env: { SITE_URL: 'http://localhost:8080', LEADS_RATE_LIMIT: '1' },
    });
    try {
      const problems: string[] = [];
      const requests: Array<{ label: string; expect: number } & SendOptions> = [
        { label: 'home', path: '/', expect: 200 },
        { label: 'not found', path: '/nope', expect: 404 },
        {
          label: 'first lead',
          method: 'POST',
          path: '/api/leads',
          headers: { ...URLENCODED, ...JSON_ACCEPT },
          body: validLead,
          expect: 200,
        },
        // LEADS_RATE_LIMIT=1: the second post in the minute is refused
        {
          label: 'rate limited',
          method: 'POST',
          path: '/api/leads',
          headers: { ...URLENCODED, ...JSON_ACCEPT },
          body: validLead,
          expect: 429,
        },
      ];
      for (const request of requests) {
        const answer = await send(plain, request);
        if (answer.status !== request.expect)
          problems.push(`${request.label}: status ${answer.status}, expected ${request.expect}`);
        for (const problem of headerProblems(answer, { https: false }))
          problems.push(`${request.label} (${answer.status}): ${problem}`);
      }
      expect(problems).toEqual([]);
    } finally {
      await plain.stop();
    }
  });
});

describe('page policies', () => {
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const executable = (attributes: string) => {
    const type = /\btype="([^"]*)"/.exec(attributes)?.[1]?.toLowerCase();
    return type === undefined || type === '' || type === 'module' || type === 'text/javascript';
  };

  it('allow each inline script and style of the page by hash, and the map embed, and nothing else inline', async () => {
    const problems: string[] = [];
    let pagesWithMap = 0;
    for (const page of pages) {
      const answer = await send(server, { path: encodeURI(page.urlPath) });
      if (answer.status >= 300 && answer.status < 400) continue;
      const html = answer.text();
      // The thank-you page is the built one with its reply time filled in (acknowledgement.test.ts)
      const built = readFileSync(page.absolutePath, 'utf8');
      if (
        answer.status === 200 &&
        html !== (page.urlPath === THANKS_PATH ? thanksPageAt(built) : built)
      )
        problems.push(`${page.urlPath}: not the built page`);
      const csp = parseCsp(String(answer.headers['content-security-policy']));
      const scriptSources = effective(csp, 'script-src-elem') ?? [];
      const styleSources = effective(csp, 'style-src') ?? [];
      for (const [, attributes = '', body = ''] of html.matchAll(
        /<script\b([^>]*)>([\s\S]*?)<\/script>/g,
      )) {
        if (!executable(attributes) || /\bsrc=/.test(attributes)) continue;
        if (!scriptSources.includes(hash(body)))
          problems.push(`${page.urlPath}: inline script ${hash(body)} not in script-src`);
      }
      for (const [, body = ''] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) {
        if (!styleSources.includes(hash(body)))
          problems.push(`${page.urlPath}: inline style ${hash(body)} not in style-src`);
      }
      // Blocked without 'unsafe-inline', so the build must not need them
      for (const [attribute] of html.matchAll(/\s(?:on[a-z]+|style)=["']/gi))
        problems.push(`${page.urlPath}: inline attribute${attribute}`);
      const frameSources = effective(csp, 'frame-src') ?? [];
      const loose = frameSources.filter((source) => /^\*$|^(?:https?|data|blob):$/i.test(source));
      if (loose.length > 0) problems.push(`${page.urlPath}: frame-src allows ${loose.join(' ')}`);
      for (const [, url = ''] of html.matchAll(/data-map-load="([^"]+)"/g)) {
        pagesWithMap++;
        const origin = new URL(url.replaceAll('&amp;', '&')).origin;
        if (origin !== MAP_ORIGIN) problems.push(`${page.urlPath}: the map comes from ${origin}`);
        if (!frameSources.includes(origin))
          problems.push(`${page.urlPath}: frame-src does not allow the map at ${origin}`);
      }
    }
    expect(pagesWithMap, 'pages that offer the OpenStreetMap embed').toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});
