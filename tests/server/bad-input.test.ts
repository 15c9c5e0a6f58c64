/**
 * Bad input, bounded and on loopback only: a few thousand random and malformed requests to the
 * pages, to POST /api/leads and as raw HTTP over a socket, mixed with valid quote requests whose
 * content the test records. Passes when no answer is a 5xx, no answer leaks a file from outside
 * the build or redirects off the site, the server is still up and answering at the end, and
 * every stored row passes validateLead and is exactly one of the valid requests that were
 * acknowledged (nothing else stored, nothing acknowledged lost).
 *
 * Deterministic: FUZZ_SEED picks another sequence (the seed is printed with the counts).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_SERVICE_OPTIONS } from '../../src/config/quote.ts';
import { FIELD_MAX_LENGTHS, validateLead } from '../../src/lib/validation.ts';
import {
  builtClient,
  builtFiles,
  CANARY,
  mapLimit,
  rawExchange,
  requireBuild,
  send,
  startServer,
  type Answer,
  type RunningServer,
  type SendOptions,
} from './support/server.ts';

requireBuild();

const SEED = Number(process.env['FUZZ_SEED'] ?? 20_261_122);
const COUNTS = { pages: 1500, api: 1600, raw: 400 };
const CONCURRENCY = 12;
const SITE_ORIGIN = 'https://www.example.com';

// ---------------------------------------------------------------- randomness

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = mulberry32(SEED);
const int = (below: number) => Math.floor(random() * below);
const between = (low: number, high: number) => low + int(high - low + 1);
const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
const chance = (probability: number) => random() < probability;

const NASTY = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'; DROP TABLE leads; --",
  '${7*7}{{7*7}}',
  '=HYPERLINK("http://x")',
  '\u202e\u200b\ufeff',
  '\u0000',
  '\u0007\u001b[31m',
  '\r\n',
  '\r',
  '\t',
  '%00%s%n',
  '../../etc/passwd',
  'Ōtāhuhu',
  '🙂👩🏽‍🔧',
  '𝔘𝔫𝔦',
  '\u2028',
  '&amp;&lt;',
];
const WORDS = [
  'power',
  'point',
  'switchboard',
  'Howick',
  'kitchen',
  'light',
  'RCD',
  'tripping',
  'Dave',
  'Aroha',
  'Tāmaki',
  'heat pump',
  'EV charger',
];

/** Mixed text of `low` to `high` code points that starts and ends with a letter (so trimming keeps it) */
function words(low: number, high: number): string {
  const target = between(low, high);
  if (target <= 2) return 'xz'.slice(0, target);
  const inner: string[] = [];
  while (inner.length < target - 2) inner.push(...(chance(0.25) ? pick(NASTY) : pick(WORDS)), ' ');
  return `x${inner.slice(0, target - 2).join('')}z`;
}

/** What the endpoint stores for a submitted value: CRLF and CR become LF, then trimmed */
const normalise = (value: string) => value.replace(/\r\n?/g, '\n').trim();

// ---------------------------------------------------------------- form bodies

type Fields = Record<string, string>;
type Entry = [name: string, value: string | { filename: string; content: string }];

function urlencoded(entries: readonly Entry[]): string {
  return entries
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(typeof value === 'string' ? value : value.content)}`)
    .join('&');
}

interface MultipartStyle {
  quotedBoundary?: boolean;
  preamble?: boolean;
  noFinalCrlf?: boolean;
}

function multipart(entries: readonly Entry[], style: MultipartStyle = {}): { body: Buffer; contentType: string } {
  const boundary = `----fuzz${int(1e12).toString(36)}${int(1e12).toString(36)}`;
  const parts = entries.map(([name, value]) => {
    const disposition = typeof value === 'string' ? `form-data; name="${name}"` : `form-data; name="${name}"; filename="${value.filename}"`;
    const type = typeof value === 'string' ? '' : 'Content-Type: text/plain\r\n';
    return `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n${typeof value === 'string' ? value : value.content}\r\n`;
  });
  const text = `${style.preamble ? 'This is the preamble.\r\n' : ''}${parts.join('')}--${boundary}--${style.noFinalCrlf ? '' : '\r\n'}`;
  const contentType = `multipart/form-data; boundary=${style.quotedBoundary ? `"${boundary}"` : boundary}`;
  return { body: Buffer.from(text, 'utf8'), contentType };
}

// ---------------------------------------------------------------- valid leads

interface ValidSubmission {
  token: string;
  fields: Fields;
  json: boolean;
  request: SendOptions;
}

function validFields(token: string): Fields {
  const email = `${pick(['aroha', 'dave.smith', 'o+tag', 'ā', 'x'])}.${token.toLowerCase()}@${pick(['example.co.nz', 'example.com', 'mail.example.nz'])}`;
  const message = `${token} ${words(10, chance(0.1) ? FIELD_MAX_LENGTHS.message - token.length - 1 : 400)}`;
  if (chance(0.4)) return { form_source: 'Hero Form', name: words(2, chance(0.1) ? FIELD_MAX_LENGTHS.name : 40), email, message };
  const digits = Array.from({ length: between(7, 12) }, () => String(int(10))).join('');
  return {
    form_source: 'Quote Form',
    name: words(1, chance(0.1) ? FIELD_MAX_LENGTHS.name : 40),
    email,
    phone: pick([digits, `+64 ${digits}`, `(09) ${digits.slice(0, 3)}-${digits.slice(3)}`]),
    address: words(1, chance(0.1) ? FIELD_MAX_LENGTHS.address : 80),
    service: pick(QUOTE_SERVICE_OPTIONS),
    message,
  };
}

function entriesOf(fields: Fields): Entry[] {
  const entries: Entry[] = Object.entries(fields);
  // Fields a form does not have are ignored; an empty honeypot is not spam
  if (chance(0.2)) entries.push(['_gotcha', '']);
  if (chance(0.2)) entries.push(['utm_source', words(1, 20)]);
  return entries.sort(() => random() - 0.5);
}

function requestHeaders(json: boolean, port: number): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: json ? pick(['application/json', 'application/json, text/plain, */*']) : 'text/html,application/xhtml+xml,*/*;q=0.8',
  };
  if (chance(0.5)) headers['Origin'] = pick([SITE_ORIGIN, `http://127.0.0.1:${port}`]);
  if (chance(0.5))
    headers['Referer'] = pick([`${SITE_ORIGIN}/quote`, `http://127.0.0.1:${port}/`, 'not a url', `${SITE_ORIGIN}//evil.example/x`]);
  if (chance(0.3)) headers['User-Agent'] = pick(['Mozilla/5.0 (fuzz)', '\u00ff\u00fe invalid UTF-8 \u00c3', 'x'.repeat(2000)]);
  if (chance(0.1)) headers['X-Padding'] = 'p'.repeat(8000);
  return headers;
}

function validSubmission(token: string, port: number): ValidSubmission {
  const fields = validFields(token);
  const json = chance(0.75);
  const headers = requestHeaders(json, port);
  const entries = entriesOf(fields);
  if (chance(0.5)) {
    return {
      token,
      fields,
      json,
      request: {
        method: 'POST',
        path: '/api/leads',
        headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: urlencoded(entries),
      },
    };
  }
  // Multipart that RFC 7578 allows, including its less common forms
  const { body, contentType } = multipart(entries, { quotedBoundary: chance(0.1), preamble: chance(0.1), noFinalCrlf: chance(0.1) });
  return {
    token,
    fields,
    json,
    request: { method: 'POST', path: '/api/leads', headers: { ...headers, 'Content-Type': contentType }, body },
  };
}

// ---------------------------------------------------------------- invalid requests to /api/leads

interface InvalidRequest {
  kind: string;
  request: SendOptions;
  /** Statuses this kind of request may get */
  expect: readonly number[];
}

const invalidEmails = ['no-at-sign', 'a@b', 'a b@example.com', '@example.com', 'x@y.', 'two@@example.com', ''];
const invalidPhones = ['abc1234567', '12345', '021 555 0100 ext 5', '+64-21-<script>', '\u0661\u0662\u0663\u0664\u0665\u0666\u0667'];
const invalidServices = ['Plumbing', 'other', '<script>alert(1)</script>', 'Other\u0000', 'Residential'];
const invalidSources = ['Contact', '', 'quote form', 'Quote Form\u0000', 'Hero', '<script>'];

/** A copy of a valid lead with one rule broken, so validateLead must refuse it */
function brokenFields(token: string): { kind: string; fields: Fields } {
  const fields = validFields(token);
  const hero = fields['form_source'] === 'Hero Form';
  const required = hero ? ['name', 'email', 'message'] : ['name', 'email', 'phone', 'address', 'service', 'message'];
  const field = pick(required);
  switch (int(7)) {
    case 0:
      delete fields[field];
      return { kind: `missing ${field}`, fields };
    case 1:
      fields[field] = pick(['   ', '\r\n\t ', '\u00a0', '']);
      return { kind: `blank ${field}`, fields };
    case 2: {
      const max = FIELD_MAX_LENGTHS[field as keyof typeof FIELD_MAX_LENGTHS];
      const over = between(max + 1, max + 40);
      fields[field] = field === 'email' ? `${'a'.repeat(over)}@example.com` : field === 'phone' ? '1'.repeat(over) : 'ō'.repeat(over);
      return { kind: `too long ${field}`, fields };
    }
    case 3:
      fields['email'] = pick(invalidEmails);
      return { kind: 'bad email', fields };
    case 4:
      if (hero) {
        if (chance(0.5)) fields['name'] = pick(['A', 'ā', '🙂']);
        else fields['message'] = `${token.slice(0, 3)} x`;
        return { kind: 'hero too short', fields };
      }
      if (chance(0.5)) fields['phone'] = pick(invalidPhones);
      else fields['service'] = pick(invalidServices);
      return { kind: 'bad phone or service', fields };
    case 5:
      fields['form_source'] = pick(invalidSources);
      return { kind: 'unknown form', fields };
    default:
      // The quote form's fields under the hero form's name, without what the hero form needs
      if (hero) {
        fields['message'] = '';
        return { kind: 'blank message', fields };
      }
      fields['form_source'] = 'Hero Form';
      fields['name'] = 'Z';
      return { kind: 'hero rules', fields };
  }
}

function invalidRequest(token: string, port: number): InvalidRequest {
  const json = chance(0.6);
  const headers = requestHeaders(json, port);
  const post = (body: string | Buffer, contentType: string | undefined, extra: Record<string, string> = {}): SendOptions => ({
    method: 'POST',
    path: '/api/leads',
    headers: { ...headers, ...(contentType ? { 'Content-Type': contentType } : {}), ...extra },
    body,
  });
  const form = 'application/x-www-form-urlencoded';
  const valid = () => validFields(token);
  switch (int(16)) {
    case 0:
    case 1:
    case 2: {
      const { kind, fields } = brokenFields(token);
      if (chance(0.5)) return { kind, request: post(urlencoded(Object.entries(fields)), form), expect: [422] };
      const { body, contentType } = multipart(Object.entries(fields));
      return { kind, request: post(body, contentType), expect: [422] };
    }
    case 3: {
      const fields = valid();
      const field = pick(Object.keys(fields));
      const entries: Entry[] = [...Object.entries(fields), [field, chance(0.5) ? fields[field]! : 'second value']];
      const { body, contentType } = multipart(entries);
      return { kind: 'duplicate field', request: chance(0.5) ? post(urlencoded(entries), form) : post(body, contentType), expect: [422] };
    }
    case 4: {
      const fields = valid();
      const field = pick(Object.keys(fields));
      const entries: Entry[] = Object.entries(fields).map(([name, value]) => [
        name,
        name === field ? { filename: 'x.txt', content: value } : value,
      ]);
      const { body, contentType } = multipart(entries);
      return { kind: 'field sent as a file', request: post(body, contentType), expect: [422] };
    }
    case 5: {
      const entries: Entry[] = [...Object.entries(valid()), ['_gotcha', pick(['http://spam.example', 'x', ' y '])]];
      return { kind: 'honeypot filled', request: post(urlencoded(entries), form), expect: json ? [200] : [303] };
    }
    case 6: {
      const good = Buffer.from(urlencoded(Object.entries(valid())));
      const at = int(good.length);
      const bad = Buffer.concat([
        good.subarray(0, at),
        Buffer.from(pick([[0xff], [0xc0, 0xae], [0xed, 0xa0, 0x80], [0xe0, 0xa4], [0xf8, 0x88, 0x80, 0x80, 0x80]])),
        good.subarray(at),
      ]);
      if (chance(0.5)) return { kind: 'invalid UTF-8 (urlencoded)', request: post(bad, form), expect: [400] };
      const { body, contentType } = multipart(Object.entries(valid()));
      const cut = body.indexOf('\r\n\r\n') + 4;
      return {
        kind: 'invalid UTF-8 (multipart)',
        request: post(Buffer.concat([body.subarray(0, cut), Buffer.from([0xff, 0xfe]), body.subarray(cut)]), contentType),
        expect: [400],
      };
    }
    case 7: {
      const body = `${urlencoded(Object.entries(valid()))}&name=${pick(['%E0%A4%A', '%zz', '%', '%ff', '%C0%AE', '%ED%A0%80'])}`;
      return { kind: 'bad percent-encoding', request: post(body, form), expect: [400] };
    }
    case 8: {
      const { body, contentType } = multipart(Object.entries(valid()));
      const text = body.toString('utf8');
      const boundary = contentType.split('boundary=')[1]!;
      const broken = pick<[string, string, string]>([
        ['no closing boundary', text.replace(`--${boundary}--\r\n`, ''), contentType],
        ['no boundary parameter', text, 'multipart/form-data'],
        ['wrong boundary', text, `multipart/form-data; boundary=${boundary}x`],
        ['bare LF line ends', text.replaceAll('\r\n', '\n'), contentType],
        ['part without Content-Disposition', text.replaceAll('Content-Disposition: form-data; ', 'X-Nothing: '), contentType],
        ['truncated last part', text.slice(0, text.length - between(boundary.length + 8, boundary.length + 40)), contentType],
        ['garbage', `--${boundary}\r\n\u0000\u0001garbage`, contentType],
      ]);
      return { kind: `broken multipart: ${broken[0]}`, request: post(broken[1], broken[2]), expect: [400] };
    }
    case 9: {
      const [type, body] = pick<[string | undefined, string]>([
        ['application/json', JSON.stringify(valid())],
        ['text/plain', urlencoded(Object.entries(valid()))],
        [undefined, urlencoded(Object.entries(valid()))],
        ['multipart/mixed; boundary=x', '--x--'],
        ['application/xml', '<lead><name>x</name></lead>'],
        ['application/x-www-form-urlencodedx', urlencoded(Object.entries(valid()))],
        ['form-data', urlencoded(Object.entries(valid()))],
      ]);
      return { kind: `wrong type ${type}`, request: post(body, type), expect: [415] };
    }
    case 10: {
      const padding = 'a'.repeat(between(65 * 1024, 200 * 1024));
      const body = `${urlencoded(Object.entries(valid()))}&message=${padding}`;
      const chunked = chance(0.5) ? { 'Transfer-Encoding': 'chunked' } : {};
      return {
        kind: chunked['Transfer-Encoding'] ? 'too large (chunked)' : 'too large',
        request: post(body, form, chunked),
        expect: [413],
      };
    }
    case 11: {
      const origin = pick([
        'https://evil.example',
        'null',
        'http://www.example.com.evil.example',
        'https://www.example.com:444',
        'not a url',
      ]);
      return { kind: 'cross-site origin', request: post(urlencoded(Object.entries(valid())), form, { Origin: origin }), expect: [403] };
    }
    case 12: {
      const method = pick(['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']);
      return {
        kind: `method ${method}`,
        request: {
          method,
          path: pick(['/api/leads', '/api/leads?x=1']),
          headers,
          body: method === 'GET' || method === 'HEAD' ? undefined : urlencoded(Object.entries(valid())),
        },
        expect: [405],
      };
    }
    case 13: {
      // Wrong shapes: arrays, numbered and nested names, thousands of fields
      const shape = pick(['arrays', 'many', 'long names']);
      let body: string;
      if (shape === 'arrays') body = urlencoded(Object.entries(valid()).map(([name, value]) => [`${name}[]`, value]));
      else if (shape === 'many') body = Array.from({ length: between(2000, 6000) }, (_, index) => `f${index}=${index}`).join('&');
      else body = urlencoded(Object.entries(valid()).map(([name, value]) => [`${name}${'x'.repeat(between(1, 5000))}`, value]));
      return { kind: `wrong shape: ${shape}`, request: post(body, form), expect: Buffer.byteLength(body) > 64 * 1024 ? [413] : [422] };
    }
    case 14: {
      const bytes = Buffer.from(Array.from({ length: between(0, 3000) }, () => int(256)));
      // Random bytes are almost never valid UTF-8, and never a complete valid lead
      return { kind: 'random bytes', request: post(bytes, pick([form, 'multipart/form-data; boundary=abc'])), expect: [400, 422] };
    }
    default: {
      const field = pick(['name', 'message', 'address']);
      const fields = valid();
      fields[field] = `${pick(NASTY.slice(0, 2))}${fields[field]}`;
      fields['email'] = pick(invalidEmails.slice(0, 5));
      const { body, contentType } = multipart(Object.entries(fields));
      return { kind: 'script in a field of an invalid lead', request: post(body, contentType), expect: [422] };
    }
  }
}

// ---------------------------------------------------------------- page paths

const SEGMENTS = [
  'services',
  'areas',
  'quote',
  'about',
  'projects',
  '_astro',
  'gone',
  'blog',
  'category',
  'testimonial',
  'api',
  'leads',
  'electrician-botany',
  '..',
  '.',
  '%2e%2e',
  '%2E%2e',
  '.%2e',
  '%2e',
  '%2f',
  '%2F',
  '%5c',
  '\\',
  '%00',
  '%',
  '%z',
  '%zz',
  '%c0%ae',
  '%c0%af',
  '%e0%80%ae',
  '%ff',
  '%fe%ff',
  '%ed%a0%80',
  '%f4%90%80%80',
  'canary.txt',
  'index.html',
  '404.html',
  'etc',
  'passwd',
  '%252e%252e',
  '~',
  ';',
  '%3b',
  '%23',
  '%3f',
  '%C4%81',
  '%F0%9F%99%82',
  '\u00ff',
  '\u00e9',
  'server',
  'entry.mjs',
  'client',
  'favicon.svg',
  'sitemap.xml',
  '',
  '%20',
  '+',
];
const SEPARATORS = ['/', '/', '/', '/', '//', '/./', '%2f', '/%2e/'];

const KNOWN_PATHS = builtFiles()
  .map((file) => file.urlPath)
  .filter((path) => !path.startsWith('/_astro/') || chance(0.05));

/** A real address, sometimes changed a little: an escaped letter, a case change, a suffix */
function nearlyRealPath(): string {
  const path = pick(KNOWN_PATHS);
  const letters = [...path.matchAll(/[a-z]/g)];
  switch (int(6)) {
    case 0: {
      if (letters.length === 0) return path;
      const { index } = pick(letters);
      return `${path.slice(0, index)}%${path.charCodeAt(index!).toString(16)}${path.slice(index! + 1)}`;
    }
    case 1:
      return path.toUpperCase();
    case 2:
      return `${path}${pick(['/', '//', '/x', '%20', '.html', '/index.html', '~', '%2f', '/..', '?a=1'])}`;
    default:
      return path;
  }
}

function randomPath(): string {
  if (chance(0.03)) return `/${'a/'.repeat(between(1100, 2600))}`;
  if (chance(0.4)) return nearlyRealPath();
  let path = '';
  for (let index = between(1, 5); index > 0; index--) path += pick(SEPARATORS) + pick(SEGMENTS);
  if (!path.startsWith('/')) path = `/${path}`;
  if (chance(0.15)) path += '/';
  if (chance(0.25)) path += `?${pick(['a=1', '%zz', 'x=%00', '../..', 'q=<script>', `${'p'.repeat(500)}`, '=&&=='])}`;
  return path;
}

function pageRequest(): SendOptions {
  const method = chance(0.8) ? pick(['GET', 'GET', 'HEAD']) : pick(['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE', 'PROPFIND']);
  const headers: Record<string, string> = {};
  if (chance(0.4))
    headers['Accept-Encoding'] = pick(['br', 'gzip', 'br;q=x, gzip;q=', '*', 'identity;q=0', 'gzip;q=0.5, *', ',,,;;;', 'x'.repeat(3000)]);
  if (chance(0.2)) headers['If-None-Match'] = pick(['*', 'W/', '"', '"x", W/"y"', ',', 'W/"*"', 'x'.repeat(2000)]);
  if (chance(0.2))
    headers['If-Modified-Since'] = pick(['yesterday', 'Thu, 01 Jan 1970 00:00:00 GMT', 'Fri, 31 Dec 9999 23:59:59 GMT', '-1', '']);
  if (chance(0.1)) headers['Range'] = pick(['bytes=0-10', 'bytes=-1', 'bytes=99999999-', 'lines=1-2']);
  if (chance(0.1)) headers['Host'] = pick(['evil.example', '[::1]', 'a b', '', 'x:99999', `${'h'.repeat(300)}.example`]);
  if (chance(0.05)) headers['X-Forwarded-For'] = '1.2.3.4, 5.6.7.8';
  const body = method !== 'GET' && method !== 'HEAD' && method !== 'TRACE' && chance(0.5) ? 'x=1&y=<script>' : undefined;
  return { method, path: randomPath(), headers, body };
}

// ---------------------------------------------------------------- raw HTTP

interface RawCase {
  kind: string;
  chunks: Array<string | Buffer>;
  gapMs?: number;
  /** A status the server must answer with (besides never a 5xx) */
  expect?: number;
}

function rawCase(port: number): RawCase {
  const host = `Host: 127.0.0.1:${port}\r\n`;
  const get = (path = '/') => `GET ${path} HTTP/1.1\r\n${host}\r\n`;
  const truncatedLead = () => {
    // form_source last, cut inside its value: what arrives within Content-Length is never a valid lead
    const body = `${urlencoded(Object.entries(validFields('RAW')).filter(([name]) => name !== 'form_source'))}&form_source=Quote+Form`;
    const declared = Buffer.byteLength(body) - between(2, 8);
    return `POST /api/leads HTTP/1.1\r\n${host}Content-Type: application/x-www-form-urlencoded\r\nAccept: application/json\r\nContent-Length: ${declared}\r\n\r\n${body}`;
  };
  switch (int(20)) {
    case 0:
      return { kind: 'random bytes', chunks: [Buffer.from(Array.from({ length: between(1, 3000) }, () => int(256)))] };
    case 1:
      return {
        kind: 'garbage request line',
        chunks: [
          `${pick(['GET', 'G E T', 'get', '\u0000GET', 'GET\t'])} ${pick(['/', '/ /', 'x', '/\u0001', ''])} ${pick(['HTTP/1.1', 'HTTP/1', 'HTTP/1.1 extra', 'HTTPS/1.1', ''])}\r\n${host}\r\n`,
        ],
      };
    case 2:
      return {
        kind: 'CL and TE together',
        chunks: [`POST /api/leads HTTP/1.1\r\n${host}Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`],
        expect: 400,
      };
    case 3:
      return {
        kind: 'two different Content-Lengths',
        chunks: [`POST / HTTP/1.1\r\n${host}Content-Length: 1\r\nContent-Length: 2\r\n\r\nab`],
        expect: 400,
      };
    case 4:
      return {
        kind: 'bad Content-Length',
        chunks: [
          `POST /api/leads HTTP/1.1\r\n${host}Content-Length: ${pick(['-1', 'abc', '1e3', '0x10', '99999999999999999999'])}\r\n\r\nx`,
        ],
      };
    case 5:
      return {
        kind: 'bad chunk',
        chunks: [
          `POST /api/leads HTTP/1.1\r\n${host}Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n${pick(['zz', '-1', 'ffffffffffffffffff', '5;' + 'e'.repeat(20_000)])}\r\nhello\r\n0\r\n\r\n`,
        ],
      };
    case 6:
      return {
        kind: 'header over 16 KB',
        chunks: [`GET / HTTP/1.1\r\n${host}X-Big: ${'a'.repeat(between(17_000, 40_000))}\r\n\r\n`],
        expect: 431,
      };
    case 7:
      return {
        kind: 'thousands of headers',
        chunks: [`GET / HTTP/1.1\r\n${host}${Array.from({ length: between(2100, 3000) }, (_, index) => `X-${index}: 1\r\n`).join('')}\r\n`],
      };
    case 8:
      return {
        kind: 'bad header syntax',
        chunks: [
          `GET / HTTP/1.1\r\n${host}${pick(['No colon', 'Bad Name: x', 'X: a\u0000b', ' Folded: x', 'X: y\r\n continued', ': empty name', 'X-\u00ff: y'])}\r\n\r\n`,
        ],
      };
    case 9:
      return {
        kind: 'HTTP/0.9, HTTP/2 preface or TLS',
        chunks: [
          pick([
            'GET /\r\n',
            'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
            Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03]),
          ]),
        ],
      };
    case 10:
      return {
        kind: 'pipelined good then bad',
        chunks: [`${get('/')}${get('/services')}${pick(['BAD\r\n\r\n', 'GET / HTTP/1.1\r\nNo colon\r\n\r\n'])}`],
      };
    case 11:
      return {
        kind: 'pipelined pages',
        chunks: [Array.from({ length: between(2, 8) }, () => get(pick(['/', '/quote', '/nope', '/gone', '/who-we-are', '/%zz']))).join('')],
      };
    case 12:
      return { kind: 'Content-Length shorter than the body', chunks: [truncatedLead()] };
    case 13: {
      const body = 'form_source=Hero+Form&name=Ab';
      return {
        kind: 'Content-Length longer than the body, then close',
        chunks: [
          `POST /api/leads HTTP/1.1\r\n${host}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length + between(1, 500)}\r\n\r\n${body}`,
        ],
      };
    }
    case 14: {
      const request = get(pick(['/', '/services', '/sitemap.xml']));
      const cuts = [between(1, 10), between(11, 30)].filter((cut) => cut < request.length);
      const chunks = [request.slice(0, cuts[0]), request.slice(cuts[0], cuts[1]), request.slice(cuts[1])];
      return { kind: 'request in slow pieces', chunks, gapMs: between(1, 15), expect: 200 };
    }
    case 15:
      return {
        kind: 'odd request target',
        chunks: [
          `${pick(['GET http://evil.example/ HTTP/1.1', 'GET * HTTP/1.1', 'OPTIONS * HTTP/1.1', 'CONNECT evil.example:443 HTTP/1.1', 'GET evil.example HTTP/1.1', 'GET /a b HTTP/1.1', 'GET /\u00ff\u00fe HTTP/1.1', 'GET /\u0001 HTTP/1.1'])}\r\n${host}\r\n`,
        ],
      };
    case 16:
      return {
        kind: 'no Host, or two',
        chunks: [
          pick([
            `GET / HTTP/1.1\r\n\r\n`,
            `GET / HTTP/1.1\r\n${host}${host}\r\n`,
            `POST /api/leads HTTP/1.1\r\nHost: \r\nContent-Length: 0\r\n\r\n`,
          ]),
        ],
      };
    case 17:
      return {
        kind: 'Expect: 100-continue',
        chunks: [
          `POST /api/leads HTTP/1.1\r\n${host}Expect: 100-continue\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5\r\n\r\n`,
          'a=b&c',
        ],
        gapMs: 5,
      };
    case 18:
      return { kind: 'incomplete headers, then close', chunks: [`GET / HTTP/1.1\r\n${host}X-Half: ${'a'.repeat(int(100))}`] };
    default:
      return {
        kind: 'invalid UTF-8 and NUL in the path',
        chunks: [
          Buffer.concat([
            Buffer.from('GET /'),
            Buffer.from(pick([[0xff], [0xc0, 0xaf], [0x00], [0xe2, 0x80]])),
            Buffer.from(`x HTTP/1.1\r\n${host}\r\n`),
          ]),
        ],
      };
  }
}

// ---------------------------------------------------------------- the run

/** sha256 of every file in dist/client, compressed copies included: what a 200 may contain */
function builtDigests(): Set<string> {
  const digests = new Set<string>();
  for (const name of readdirSync(builtClient, { recursive: true, encoding: 'utf8' })) {
    const path = join(builtClient, name);
    if (statSync(path).isFile()) digests.add(createHash('sha256').update(readFileSync(path)).digest('hex'));
  }
  return digests;
}

interface Tally {
  requests: Record<string, number>;
  statuses: Record<string, Record<number, number>>;
}

function count(tally: Tally, group: string, status: number) {
  tally.requests[group] = (tally.requests[group] ?? 0) + 1;
  tally.statuses[group] ??= {};
  tally.statuses[group][status] = (tally.statuses[group][status] ?? 0) + 1;
}

function describeAnswer(answer: Answer): string {
  return `${answer.status} ${answer.text().slice(0, 120).replace(/\s+/g, ' ')}`;
}

const PAGE_STATUSES = [200, 301, 302, 304, 400, 404, 405, 410, 414];
/** What the quote endpoint may answer a request the page fuzzer sends it */
const API_STATUSES = [403, 413, 415, 422];

let server: RunningServer;
const tally: Tally = { requests: {}, statuses: {} };
const acknowledged = new Map<string, ValidSubmission & { id?: number }>();

beforeAll(async () => {
  // Same-site posts are judged against SITE_URL: this test's origin, not the configured one
  server = await startServer({ env: { SITE_URL: SITE_ORIGIN } });
});
afterAll(async () => {
  if (server) await server.kill();
});

describe('bad input', () => {
  it(`${COUNTS.pages} random and hostile page requests: no 5xx, nothing from outside the build, no redirect off the site`, async () => {
    const problems: string[] = [];
    const digests = builtDigests();
    const requests = Array.from({ length: COUNTS.pages }, pageRequest);
    await mapLimit(requests, CONCURRENCY, async (request) => {
      const label = `${request.method} ${request.path.slice(0, 100)}`;
      let answer: Answer;
      try {
        answer = await send(server, request);
      } catch (error) {
        problems.push(`${label}: no answer (${(error as Error).message})`);
        return;
      }
      count(tally, 'pages', answer.status);
      const allowed = request.path.startsWith('/api') ? [...PAGE_STATUSES, ...API_STATUSES] : PAGE_STATUSES;
      if (!allowed.includes(answer.status)) problems.push(`${label}: ${describeAnswer(answer)}`);
      if (answer.body.includes(CANARY)) problems.push(`${label}: leaked a file from outside the build`);
      if (answer.status === 200 && request.method === 'GET' && !request.path.startsWith('/api/')) {
        if (!digests.has(createHash('sha256').update(answer.body).digest('hex')))
          problems.push(`${label}: 200 with a body that is no built file`);
      }
      const location = answer.headers['location'];
      if (location !== undefined && (!location.startsWith('/') || /^\/[/\\]/.test(location) || /[\r\n]/.test(location))) {
        problems.push(`${label}: redirects to ${location}`);
      }
    });
    expect(problems).toEqual([]);
  });

  it(`${COUNTS.api} requests to /api/leads, valid and malformed: the expected refusals, no 5xx`, async () => {
    const problems: string[] = [];
    const jobs = Array.from({ length: COUNTS.api }, (_, index) => {
      const token = `T${index}X${SEED.toString(36)}`;
      return chance(0.12) ? { valid: validSubmission(token, server.port) } : { invalid: invalidRequest(token, server.port) };
    });
    await mapLimit(jobs, CONCURRENCY, async (job) => {
      const request = job.valid ? job.valid.request : job.invalid!.request;
      const kind = job.valid ? 'valid lead' : job.invalid!.kind;
      let answer: Answer;
      try {
        answer = await send(server, request);
      } catch (error) {
        problems.push(`${kind}: no answer (${(error as Error).message})`);
        return;
      }
      count(tally, 'api', answer.status);
      const json = /application\/json/.test(String((request.headers as Record<string, string>)['Accept']));
      if (answer.status >= 500) problems.push(`${kind}: ${describeAnswer(answer)}`);
      if (job.valid) {
        if (json) {
          const reply = answer.status === 200 ? (JSON.parse(answer.text()) as { ok?: boolean; id?: number }) : {};
          if (reply.ok !== true || !Number.isInteger(reply.id) || reply.id! <= 0)
            problems.push(`valid lead ${job.valid.token}: ${describeAnswer(answer)}`);
          else acknowledged.set(job.valid.token, { ...job.valid, id: reply.id! });
        } else if (answer.status !== 303 || answer.headers['location'] !== '/quote/thanks') {
          problems.push(`valid lead ${job.valid.token} (no JavaScript): ${describeAnswer(answer)}`);
        } else acknowledged.set(job.valid.token, job.valid);
        return;
      }
      const invalid = job.invalid!;
      if (!invalid.expect.includes(answer.status))
        problems.push(`${kind}: expected ${invalid.expect.join(' or ')}, got ${describeAnswer(answer)}`);
      if (invalid.kind === 'honeypot filled' && json && answer.text() !== '{"ok":true,"id":0}') problems.push(`honeypot: ${answer.text()}`);
      if (request.method !== 'HEAD' && answer.status !== 303 && answer.status !== 200) {
        const type = String(answer.headers['content-type']);
        if (json && !type.startsWith('application/json') && answer.status !== 404) problems.push(`${kind}: asked for JSON, got ${type}`);
        // What the visitor typed is shown back escaped, never as markup
        if (/<script>alert\(1\)<\/script>|<img src=x onerror/.test(answer.text()))
          problems.push(`${kind}: markup from the request in the answer`);
      }
    });
    expect(problems).toEqual([]);
    expect(acknowledged.size, 'valid leads acknowledged').toBeGreaterThan(100);
  });

  it(`${COUNTS.raw} malformed HTTP exchanges over raw sockets: never a 5xx`, async () => {
    const problems: string[] = [];
    const cases = Array.from({ length: COUNTS.raw }, () => rawCase(server.port));
    await mapLimit(cases, CONCURRENCY, async (rawRequest) => {
      const exchange = await rawExchange(server.port, rawRequest.chunks, { gapMs: rawRequest.gapMs ?? 0, timeoutMs: 3000 });
      count(tally, 'raw', exchange.statuses[0] ?? 0);
      for (const status of exchange.statuses) {
        if (status >= 500) problems.push(`${rawRequest.kind}: ${exchange.received.slice(0, 200)}`);
      }
      if (rawRequest.expect && exchange.statuses[0] !== rawRequest.expect) {
        problems.push(`${rawRequest.kind}: expected ${rawRequest.expect}, got ${exchange.received.slice(0, 100) || 'nothing'}`);
      }
      if (exchange.received.includes(CANARY)) problems.push(`${rawRequest.kind}: leaked a file from outside the build`);
    });
    expect(problems).toEqual([]);
  });

  it('the server is still up and answering, and logged no failure', async () => {
    expect(server.child.exitCode, 'the server process exited').toBeNull();
    for (const path of ['/', '/quote', '/services']) {
      const answer = await send(server, { path });
      expect(answer.status, path).toBe(200);
    }
    expect(server.output()).not.toMatch(/Request failed|Internal Server Error|Could not render|Unhandled|uncaught/i);
  });

  it('stored exactly the acknowledged valid leads, each as sent and each passing validateLead', async () => {
    const exit = await server.stop();
    expect(exit.code, 'exit code after SIGTERM').toBe(0);
    const db = new DatabaseSync(server.leadsDb, { readOnly: true });
    const rows = db.prepare('SELECT * FROM leads ORDER BY id').all() as Array<Record<string, string | number | null>>;
    db.close();
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const row of rows) {
      const fields: Fields = {};
      for (const name of ['form_source', 'name', 'email', 'phone', 'address', 'service', 'message']) {
        if (row[name] !== null) fields[name] = String(row[name]);
      }
      const invalid = validateLead(fields);
      if (invalid.length > 0) problems.push(`row ${row['id']} fails validateLead: ${JSON.stringify(invalid)}`);
      const token = /^(T\d+X[0-9a-z]+) /.exec(fields['message'] ?? '')?.[1];
      const sent = token ? acknowledged.get(token) : undefined;
      if (!token || !sent) {
        problems.push(`row ${row['id']} came from no acknowledged valid request: ${JSON.stringify(fields).slice(0, 200)}`);
        continue;
      }
      if (seen.has(token)) problems.push(`${token} stored twice`);
      seen.add(token);
      if (sent.id !== undefined && sent.id !== row['id']) problems.push(`${token}: acknowledged as ${sent.id}, stored as ${row['id']}`);
      const expected = Object.fromEntries(Object.entries(sent.fields).map(([name, value]) => [name, normalise(value)]));
      const inOrder = (record: Fields) =>
        JSON.stringify(
          Object.keys(record)
            .sort()
            .map((name) => [name, record[name]]),
        );
      if (inOrder(fields) !== inOrder(expected))
        problems.push(`${token}: stored ${inOrder(fields).slice(0, 300)}, sent ${inOrder(expected).slice(0, 300)}`);
    }
    const missing = [...acknowledged.keys()].filter((token) => !seen.has(token));
    expect(problems).toEqual([]);
    expect(missing, 'acknowledged but not stored').toEqual([]);
    expect(rows.length).toBe(acknowledged.size);
    console.log(
      `bad-input (seed ${SEED}): ${JSON.stringify(tally.requests)} requests; statuses ${JSON.stringify(tally.statuses)}; ` +
        `${acknowledged.size} valid leads acknowledged, ${rows.length} rows stored`,
    );
  });
});
