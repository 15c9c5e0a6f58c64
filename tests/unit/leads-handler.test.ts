import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { business } from '../../src/config/business.ts';
import { QUOTE_SERVICE_OPTIONS } from '../../src/config/quote.ts';
import { FIELD_MAX_LENGTHS, HERO_FIELDS, QUOTE_FIELDS } from '../../src/lib/validation.ts';
import { leadEmailText } from '../../src/server/notify/channels/email.ts';
import { handleLeadRequest, type LeadHandlerOptions } from '../../src/server/leads/handler.ts';
import { DISCARD_LIMITS } from '../../src/server/http/request-body.ts';
import { MAX_BODY_BYTES } from '../../src/server/leads/form-body.ts';
import { inProcessStore } from '../../src/server/db/async-store.ts';
import type { Outbox } from '../../src/server/notify/outbox.ts';
import { createRateLimiter } from '../../src/server/support/rate-limit.ts';
import { createApp } from '../../src/server/app.ts';
import { rateLimitAddress } from '../../src/server/support/rate-limit.ts';
import { reloadFacts } from '../../src/server/support/live-facts.ts';
import { openLeadStore } from '../../src/server/db/store.ts';
import { type LeadStore } from '../../src/server/db/records.ts';
import { leadStorePerTest } from '../support/leads.ts';

/** The site's origin in these tests: passed in, not the configured one */
const SITE = 'https://sparky.test';
const ENDPOINT = 'http://127.0.0.1:4321/api/leads';
const CLIENT = '203.0.113.7';
const JSON_ACCEPT = { Accept: 'application/json' };
const BROWSER_ACCEPT = { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const URLENCODED = 'application/x-www-form-urlencoded';

const quoteFields = {
  form_source: 'Quote Form',
  name: 'Aroha Smith',
  email: 'aroha@example.co.nz',
  phone: '021 555 0199',
  address: '12 Picton Street, Howick',
  service: 'Electrical Repairs',
  message: 'The kitchen power points trip the RCD.',
};
const heroFields = {
  form_source: 'Hero Form',
  name: 'Tama',
  email: 'tama@example.nz',
  message: 'Need a heated towel rail fitted.',
};

let dir: string;
let store: LeadStore;
leadStorePerTest('leads-handler-', (opened) => ({ dir, store } = opened));
/** How many times the handler woke the outbox (after storing a lead) */
let wakes: number;
const outbox: Outbox = {
  channelNames: ['email', 'ntfy'],
  start: () => {},
  wake: () => wakes++,
  isWorking: () => true,
  idle: async () => {},
  close: async () => {},
};

beforeEach(() => {
  wakes = 0;
});

function handle(request: Request, options: Partial<LeadHandlerOptions> = {}, client = CLIENT) {
  return handleLeadRequest(request, client, {
    siteUrl: SITE,
    store: inProcessStore(store),
    outbox,
    log: () => {},
    ...options,
  });
}

function multipart(
  fields: Record<string, string>,
  headers: Record<string, string> = JSON_ACCEPT,
): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return new Request(ENDPOINT, { method: 'POST', body: form, headers });
}

function urlencoded(
  body: string | Record<string, string>,
  headers: Record<string, string> = JSON_ACCEPT,
): Request {
  const text = typeof body === 'string' ? body : new URLSearchParams(body).toString();
  return new Request(ENDPOINT, {
    method: 'POST',
    body: text,
    headers: { 'Content-Type': URLENCODED, ...headers },
  });
}

/** A chunked body (no Content-Length) that counts how much of it was pulled */
function endlessBody(chunkBytes: number) {
  const stats = { pulledBytes: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      stats.pulledBytes += chunkBytes;
      controller.enqueue(new Uint8Array(chunkBytes).fill(0x61));
    },
    cancel() {
      stats.cancelled = true;
    },
  });
  return { stream, stats };
}

/** A body of `totalBytes` in chunks of `chunkBytes`, with no Content-Length unless given one */
function finiteBody(totalBytes: number, chunkBytes: number) {
  const stats = { pulledBytes: 0, cancelled: false, ended: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stats.pulledBytes >= totalBytes) {
        stats.ended = true;
        return controller.close();
      }
      stats.pulledBytes += chunkBytes;
      controller.enqueue(new Uint8Array(chunkBytes).fill(0x61));
    },
    cancel() {
      stats.cancelled = true;
    },
  });
  return { stream, stats };
}

function streamingRequest(
  stream: ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
): Request {
  return new Request(ENDPOINT, {
    method: 'POST',
    body: stream,
    duplex: 'half',
    headers: { 'Content-Type': URLENCODED, ...JSON_ACCEPT, ...headers },
  } as RequestInit);
}

describe('refusals before the body is read', () => {
  it('405 with Allow: POST for other methods', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'OPTIONS']) {
      const response = await handle(new Request(ENDPOINT, { method, headers: JSON_ACCEPT }));
      expect(response.status, method).toBe(405);
      expect(response.headers.get('Allow')).toBe('POST');
    }
  });

  it('415 for bodies that are not form posts', async () => {
    for (const contentType of ['application/json', 'text/plain', 'multipart/mixed; boundary=x']) {
      const response = await handle(
        new Request(ENDPOINT, {
          method: 'POST',
          body: '{"name":"x"}',
          headers: { 'Content-Type': contentType, ...JSON_ACCEPT },
        }),
      );
      expect(response.status, contentType).toBe(415);
    }
    const noType = new Request(ENDPOINT, {
      method: 'POST',
      body: new Uint8Array([1, 2]),
      headers: JSON_ACCEPT,
    });
    expect((await handle(noType)).status).toBe(415);
  });

  it('413 from Content-Length alone, parsing none of the body and dropping at most the discard limit of it', async () => {
    const chunk = 8 * 1024;
    const { stream, stats } = endlessBody(chunk);
    const response = await handle(
      streamingRequest(stream, { 'Content-Length': String(MAX_BODY_BYTES + 1) }),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      errors: [{ message: expect.stringContaining('64 KB') }],
    });
    expect(stats.cancelled).toBe(true);
    expect(stats.pulledBytes).toBeLessThanOrEqual(DISCARD_LIMITS.bytes + 2 * chunk);
  });

  it('413 for a chunked body past the limit, keeping no more than the limit and dropping at most the discard limit', async () => {
    const chunk = 8 * 1024;
    const { stream, stats } = endlessBody(chunk);
    const response = await handle(streamingRequest(stream));
    expect(response.status).toBe(413);
    expect(stats.cancelled).toBe(true);
    // Besides: the chunk that passed each limit, and one the stream queued ahead
    expect(stats.pulledBytes).toBeLessThanOrEqual(
      MAX_BODY_BYTES + DISCARD_LIMITS.bytes + 3 * chunk,
    );
    expect(store.countLeads()).toBe(0);
  });

  it('reads a body it refuses to its end before answering, so that the client still sending it gets the answer', async () => {
    const refusals: Array<[status: number, headers: Record<string, string>]> = [
      [413, { 'Content-Length': String(200 * 1024) }],
      [413, {}],
      [403, { Origin: 'https://evil.example' }],
      [415, { 'Content-Type': 'application/json' }],
    ];
    for (const [status, headers] of refusals) {
      const { stream, stats } = finiteBody(200 * 1024, 8 * 1024);
      const response = await handle(streamingRequest(stream, headers));
      expect(response.status, JSON.stringify(headers)).toBe(status);
      expect(stats, JSON.stringify(headers)).toEqual({
        pulledBytes: 200 * 1024,
        cancelled: false,
        ended: true,
      });
    }
  });

  it('answers once the discard time has passed when the rest of a refused body stops arriving', async () => {
    const stalled = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new Uint8Array(1024)),
      pull: () => new Promise(() => {}),
    });
    const started = performance.now();
    const response = await handle(
      streamingRequest(stalled, { 'Content-Length': String(200 * 1024) }),
      {
        discard: { bytes: DISCARD_LIMITS.bytes, ms: 200 },
      },
    );
    expect(response.status).toBe(413);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('accepts a body just under the limit', async () => {
    const padding = 'x'.repeat(MAX_BODY_BYTES - 1000);
    const body = `${new URLSearchParams(quoteFields)}&padding=${padding}`;
    expect((await handle(urlencoded(body))).status).toBe(200);
  });

  it('403 for a cross-site Origin; same-site and missing Origins pass', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://sparky.test.evil.example']) {
      const response = await handle(multipart(quoteFields, { ...JSON_ACCEPT, Origin: origin }));
      expect(response.status, origin).toBe(403);
    }
    expect(store.countLeads()).toBe(0);
    for (const origin of [SITE, 'http://127.0.0.1:4321']) {
      expect(
        (await handle(multipart(quoteFields, { ...JSON_ACCEPT, Origin: origin }))).status,
        origin,
      ).toBe(200);
    }
    expect((await handle(multipart(quoteFields))).status).toBe(200);
    expect(store.countLeads()).toBe(3);
  });

  it('429 with Retry-After past the limit per client, then allows again after the window', async () => {
    let now = 1_000_000;
    const rateLimiter = createRateLimiter({ limit: 2, now: () => now });
    const send = (client = CLIENT) => handle(multipart(quoteFields), { rateLimiter }, client);
    expect((await send()).status).toBe(200);
    now += 20_000;
    expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('40');
    expect((await send('198.51.100.1')).status).toBe(200);
    now += 40_000;
    expect((await send()).status).toBe(200);
    expect(store.countLeads()).toBe(4);
  });
});

describe('validation and bad input', () => {
  it('422 with the errors JSON, storing nothing', async () => {
    const response = await handle(
      multipart({ ...quoteFields, email: 'not-an-email', phone: '12' }),
    );
    expect(response.status).toBe(422);
    expect(response.headers.get('Content-Type')).toBe('application/json');
    expect(await response.json()).toEqual({
      errors: [
        { field: 'email', message: 'Please enter a valid email address.' },
        { field: 'phone', message: expect.stringContaining('at least 7 digits') },
      ],
    });
    expect(store.countLeads()).toBe(0);
  });

  it('applies the hero rules to hero posts', async () => {
    const response = await handle(urlencoded({ ...heroFields, message: 'short' }));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      errors: [{ field: 'message', message: expect.stringContaining('at least 10') }],
    });
  });

  it('422 for an unknown form_source', async () => {
    const response = await handle(multipart({ ...quoteFields, form_source: 'Evil Form' }));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      errors: [{ field: 'form_source', message: expect.any(String) }],
    });
  });

  it('400 for broken multipart and invalid UTF-8, never a 5xx', async () => {
    const brokenMultipart = new Request(ENDPOINT, {
      method: 'POST',
      body: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nAroha',
      headers: { 'Content-Type': 'multipart/form-data; boundary=xyz', ...JSON_ACCEPT },
    });
    const noBoundary = new Request(ENDPOINT, {
      method: 'POST',
      body: 'name=x',
      headers: { 'Content-Type': 'multipart/form-data', ...JSON_ACCEPT },
    });
    const rawInvalidUtf8 = new Request(ENDPOINT, {
      method: 'POST',
      body: new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x3d, 0xff, 0xfe]),
      headers: { 'Content-Type': URLENCODED, ...JSON_ACCEPT },
    });
    const escapedInvalidUtf8 = urlencoded(`${new URLSearchParams(quoteFields)}&name=%FF%FE`);
    const badEscape = urlencoded('name=%E0%A4%A&email=x');
    const multipartInvalidUtf8 = new Request(ENDPOINT, {
      method: 'POST',
      body: new Uint8Array([
        ...new TextEncoder().encode('--b\r\nContent-Disposition: form-data; name="name"\r\n\r\n'),
        0xc3,
        0x28,
        ...new TextEncoder().encode('\r\n--b--\r\n'),
      ]),
      headers: { 'Content-Type': 'multipart/form-data; boundary=b', ...JSON_ACCEPT },
    });
    for (const [label, request] of Object.entries({
      brokenMultipart,
      noBoundary,
      rawInvalidUtf8,
      escapedInvalidUtf8,
      badEscape,
      multipartInvalidUtf8,
    })) {
      const response = await handle(request);
      expect(response.status, label).toBe(400);
      expect(await response.json(), label).toEqual({ errors: [{ message: expect.any(String) }] });
    }
    expect(store.countLeads()).toBe(0);
  });

  it('422 for a field sent twice or as a file', async () => {
    const twice = await handle(
      urlencoded(`${new URLSearchParams(quoteFields)}&email=other%40example.nz`),
    );
    expect(twice.status).toBe(422);
    expect(await twice.json()).toEqual({
      errors: [{ field: 'email', message: 'This field was sent more than once.' }],
    });

    const form = new FormData();
    for (const [name, value] of Object.entries(quoteFields))
      if (name !== 'message') form.append(name, value);
    form.append('message', new Blob(['a file, not text'], { type: 'text/plain' }), 'message.txt');
    const file = await handle(
      new Request(ENDPOINT, { method: 'POST', body: form, headers: JSON_ACCEPT }),
    );
    expect(file.status).toBe(422);
    expect(await file.json()).toEqual({
      errors: [{ field: 'message', message: 'This field must be text, not a file.' }],
    });
    expect(store.countLeads()).toBe(0);
  });

  it('checks each field against its maximum before any pattern runs on it, line breaks included', async () => {
    for (const [fields, names] of [
      [heroFields, HERO_FIELDS],
      [quoteFields, QUOTE_FIELDS],
    ] as const) {
      for (const field of names) {
        const max = FIELD_MAX_LENGTHS[field];
        // Over the maximum even once its CRLFs are single newlines and its ends are trimmed
        const value = 'a\r\n'.repeat(Math.ceil(max / 2) + 1);
        for (const request of [multipart, urlencoded]) {
          // Built before the spy: serialising FormData runs a pattern of its own, in the sender
          const sent = request({ ...fields, [field]: value });
          const lengths: number[] = [];
          // eslint-disable-next-line @typescript-eslint/unbound-method -- called on its RegExp below
          const exec = RegExp.prototype.exec;
          vi.spyOn(RegExp.prototype, 'exec').mockImplementation(function (
            this: RegExp,
            input: string,
          ) {
            lengths.push(String(input).length);
            return exec.call(this, input);
          });
          let response: Response;
          try {
            response = await handle(sent);
          } finally {
            vi.restoreAllMocks();
          }
          const where = `${fields.form_source} ${field} (${request.name})`;
          expect(response.status, where).toBe(422);
          expect(await response.json(), where).toEqual({
            errors: [{ field, message: expect.stringContaining(`to ${max} characters or fewer`) }],
          });
          expect(
            lengths.filter((length) => length > max),
            `${where}: patterns run on values over the maximum`,
          ).toEqual([]);
        }
      }
    }
    expect(store.countLeads()).toBe(0);
  });

  it('measures a value once its CRLFs are single newlines, so line breaks never take it over its maximum', async () => {
    const max = FIELD_MAX_LENGTHS.message;
    const message = 'a\r\n'.repeat(Math.floor((max + 1) / 2));
    expect(message.length).toBeGreaterThan(max);
    const response = await handle(urlencoded({ ...quoteFields, message }));
    expect(response.status).toBe(200);
    expect(store.listLeads()[0]?.message).toHaveLength(max - 1);
  });

  it('503 (not a false success) when the lead cannot be stored', async () => {
    store.close();
    const response = await handle(multipart(quoteFields));
    expect(response.status).toBe(503);
    expect(wakes).toBe(0);
  });

  it('gives the phone number of the facts published last, with or without JavaScript, when the lead cannot be stored', async () => {
    const published = { ...business, phone: { display: '021 555 0199', e164: '+64215550199' } };
    const file = join(mkdtempSync(join(tmpdir(), 'facts-')), 'business.json');
    writeFileSync(file, JSON.stringify(published));
    store.close();
    try {
      reloadFacts(file);
      const json = await handle(multipart(quoteFields));
      expect(JSON.stringify(await json.json())).toContain(published.phone.display);
      const page = await (await handle(urlencoded(quoteFields, BROWSER_ACCEPT))).text();
      expect(page).toContain(`href="tel:${published.phone.e164}"`);
      expect(page).not.toContain(business.phone.display);
    } finally {
      writeFileSync(file, JSON.stringify(business));
      reloadFacts(file);
      rmSync(dirname(file), { recursive: true, force: true });
    }
  });
});

describe('the honeypot', () => {
  it('answers like a success and stores nothing', async () => {
    const json = await handle(multipart({ ...quoteFields, _gotcha: 'http://spam.example' }));
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ ok: true, id: expect.any(Number) });

    const native = await handle(urlencoded({ ...heroFields, _gotcha: 'x' }, BROWSER_ACCEPT));
    expect(native.status).toBe(303);
    expect(native.headers.get('Location')).toBe('/quote/thanks');

    // Even invalid spam is "accepted", so bots learn nothing from the answer
    expect((await handle(urlencoded({ email: 'x', _gotcha: 'x' }))).status).toBe(200);
    expect(store.countLeads()).toBe(0);
    expect(wakes).toBe(0);
  });

  it('an empty honeypot is a real request', async () => {
    expect((await handle(multipart({ ...quoteFields, _gotcha: '' }))).status).toBe(200);
    expect(store.countLeads()).toBe(1);
  });
});

describe('storing valid requests', () => {
  const browser = 'Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0';

  it('multipart quote form: every field, form_source, page and user agent, before the JSON answer', async () => {
    const response = await handle(
      multipart(quoteFields, {
        ...JSON_ACCEPT,
        Referer: `${SITE}/quote?from=nav`,
        'User-Agent': browser,
        Origin: SITE,
      }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; id: number };
    expect(body).toEqual({ ok: true, id: expect.any(Number) });
    expect(store.getLead(body.id)).toMatchObject({
      formSource: 'Quote Form',
      name: quoteFields.name,
      email: quoteFields.email,
      phone: quoteFields.phone,
      address: quoteFields.address,
      service: quoteFields.service,
      message: quoteFields.message,
      page: '/quote?from=nav',
      userAgent: browser,
      deliveries: [
        {
          channel: 'email',
          status: 'pending',
          attempts: 0,
          deliveredAt: null,
          lastError: null,
          nextAttemptAt: expect.any(String),
        },
        {
          channel: 'ntfy',
          status: 'pending',
          attempts: 0,
          deliveredAt: null,
          lastError: null,
          nextAttemptAt: expect.any(String),
        },
      ],
    });
    expect(wakes).toBe(1);
  });

  it('url-encoded hero form: trims, normalises line breaks, ignores unknown and other-form fields', async () => {
    const response = await handle(
      urlencoded(
        {
          ...heroFields,
          name: '  Tama  ',
          message: 'Line one\r\nLine two ',
          phone: '09 555 0142',
          admin: 'true',
        },
        { ...JSON_ACCEPT, Referer: 'http://127.0.0.1:4321/', 'User-Agent': 'x'.repeat(800) },
      ),
    );
    expect(response.status).toBe(200);
    const [lead] = store.listLeads();
    expect(lead).toMatchObject({
      formSource: 'Hero Form',
      name: 'Tama',
      email: heroFields.email,
      message: 'Line one\nLine two',
      phone: null,
      address: null,
      service: null,
      page: '/',
    });
    expect(lead?.userAgent).toHaveLength(500);
    expect(Object.values(lead ?? {})).not.toContain('true');
  });

  it("keeps each field but the message on one line, so none can add a line of its own to the owner's e-mail", async () => {
    const service = QUOTE_SERVICE_OPTIONS.find((option) => option.includes(' '))!;
    const response = await handle(
      urlencoded({
        ...quoteFields,
        name: ' Aroha\r\n\tSmith ',
        phone: '021\u2028555\u0085 0199',
        address: '1 Test St\nPhone: 0800 999 999',
        service: service.replace(' ', '\r\n'),
        message: 'First line.\r\nSecond line.',
      }),
    );
    expect(response.status).toBe(200);
    const lead = store.listLeads()[0]!;
    expect(lead).toMatchObject({
      name: 'Aroha Smith',
      phone: '021 555 0199',
      address: '1 Test St Phone: 0800 999 999',
      service,
      message: 'First line.\nSecond line.',
    });
    expect(
      leadEmailText(lead, 'https://sparks.example.nz')
        .split('\n')
        .filter((line) => line.startsWith('Phone:')),
    ).toEqual(['Phone: 021 555 0199']);
  });

  it('stores any mix of whitespace and line breaks in a one-line field as single spaces', async () => {
    const SPACING = [
      ' ',
      '\t',
      '\n',
      '\r',
      '\r\n',
      '\v',
      '\f',
      '\u0085',
      '\u00a0',
      '\u2028',
      '\u2029',
      '\u3000',
    ];
    const spacing = fc
      .array(fc.constantFrom(...SPACING), { minLength: 1, maxLength: 4 })
      .map((run) => run.join(''));
    const word = fc.string({
      unit: fc.constantFrom('a', 'Ō', '1', '-', '#', '🙂'),
      minLength: 1,
      maxLength: 6,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(spacing, word), { minLength: 1, maxLength: 6 }),
        spacing,
        async (pieces, end) => {
          const typed = `${pieces.map(([space, text]) => `${space}${text}`).join('')}${end}`;
          expect(
            (await handle(urlencoded({ ...quoteFields, name: typed, address: typed }))).status,
          ).toBe(200);
          const lead = store.listLeads()[0]!;
          const expected = pieces.map(([, text]) => text).join(' ');
          expect([lead.name, lead.address], JSON.stringify(typed)).toEqual([expected, expected]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('does not record a cross-site Referer as the page', async () => {
    await handle(
      multipart(quoteFields, { ...JSON_ACCEPT, Referer: 'https://elsewhere.example/quote' }),
    );
    expect(store.listLeads()[0]?.page).toBeNull();
  });

  it('stores script tags as the text that was typed', async () => {
    const name = '<script>alert("x")</script>';
    const message = '<img src=x onerror=alert(1)> & "quotes" \'too\'';
    const response = await handle(multipart({ ...quoteFields, name, message }));
    expect(response.status).toBe(200);
    expect(store.listLeads()[0]).toMatchObject({ name, message });
  });

  it('queues no deliveries when no channel is configured', async () => {
    await handle(multipart(quoteFields), { outbox: null });
    expect(store.listLeads()[0]?.deliveries).toEqual([]);
  });
});

describe('native form posts (no JavaScript)', () => {
  it('303 to the thank-you page on success', async () => {
    const response = await handle(
      multipart(quoteFields, { ...BROWSER_ACCEPT, Origin: SITE, Referer: `${SITE}/quote` }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/quote/thanks');
    expect(store.countLeads()).toBe(1);
  });

  it('422 HTML page listing the problems, repeating the input escaped, linking back, where no built page can be read', async () => {
    const response = await handle(
      urlencoded(
        {
          ...heroFields,
          name: '<b>Bold</b>',
          email: '"><script>alert(1)</script>',
          message: 'short',
        },
        { ...BROWSER_ACCEPT, Referer: `${SITE}/services/ceiling-fans` },
      ),
    );
    expect(response.status).toBe(422);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain('<li><strong>Email:</strong> Please enter a valid email address.</li>');
    expect(html).toContain('<strong>Message:</strong> Please provide more details');
    expect(html).toContain('&lt;b&gt;Bold&lt;/b&gt;');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<a href="/services/ceiling-fans">Back to the form</a>');
    expect(store.countLeads()).toBe(0);
  });

  it('422 with the form page itself, filled in and marked, when the built page can be read', async () => {
    const form =
      '<form aria-label="Quote request" method="post"><input type="hidden" name="form_source" value="Hero Form"/>' +
      '<input id="h-name" class="field" name="name"/><input id="h-email" type="email" class="field" name="email"/>' +
      '<textarea id="h-message" class="field" name="message"></textarea></form>';
    const pages: Record<string, string> = {
      '/': `<html><head><title>Home</title></head><body>${form}</body></html>`,
    };
    const readPage = async (path: string) =>
      path in pages ? { html: pages[path]!, csp: "default-src 'self'; form-action 'self'" } : null;
    const response = await handle(
      urlencoded({ ...heroFields, name: 'A', message: 'short' }, BROWSER_ACCEPT),
      { readPage },
    );
    expect(response.status).toBe(422);
    expect(response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('Content-Security-Policy')).toContain("form-action 'self'");
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const html = await response.text();
    expect(html).toContain('<title>Error: Home</title>');
    expect(html).toContain('name="email" value="tama@example.nz"/>');
    expect(html).toContain(
      '<p id="h-name-error" class="field-error">Please enter your full name (at least 2 characters).</p>',
    );
    expect(html).toContain('aria-describedby="h-message-error">short</textarea>');
    expect(store.countLeads()).toBe(0);

    // Scripts still get JSON, and a form with no page gets the plain problem page
    const json = await handle(urlencoded({ ...heroFields, name: 'A' }), { readPage });
    expect(await json.json()).toEqual({
      errors: [{ field: 'name', message: 'Please enter your full name (at least 2 characters).' }],
    });
    const plain = await (
      await handle(urlencoded({ ...quoteFields, email: 'x' }, BROWSER_ACCEPT), { readPage })
    ).text();
    expect(plain).toContain('<a href="/quote">Back to the form</a>');
  });

  it('links back to /quote when the Referer is missing or another site', async () => {
    for (const headers of [
      BROWSER_ACCEPT,
      { ...BROWSER_ACCEPT, Referer: 'https://elsewhere.example/form' },
    ]) {
      const html = await (await handle(urlencoded({ ...quoteFields, email: 'x' }, headers))).text();
      expect(html).toContain('<a href="/quote">Back to the form</a>');
    }
  });

  it('never links to another host through a same-site Referer', async () => {
    const html = await (
      await handle(
        urlencoded(
          { ...quoteFields, email: 'x' },
          { ...BROWSER_ACCEPT, Referer: `${SITE}//evil.example/x` },
        ),
      )
    ).text();
    expect(html).toContain('<a href="/quote">Back to the form</a>');
  });

  it('answers other refusals with a readable page too', async () => {
    const response = await handle(
      multipart(quoteFields, { ...BROWSER_ACCEPT, Origin: 'https://evil.example' }),
    );
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('only accepted from our own website');
  });
});

/** No built pages: a native post with a mistake gets the plain problem page */
const noSite = { isPage: () => false, readPage: () => Promise.resolve(null) };

describe('the lead service (environment wiring)', () => {
  it('answers 503, not a false success, while LEADS_DB cannot be opened, and stores once it can', async () => {
    const blocker = join(dir, 'runtime');
    writeFileSync(blocker, '');
    const path = join(blocker, 'leads.sqlite');
    const service = createApp(
      { LEADS_DB: path, LEADS_RATE_LIMIT: '2', SITE_URL: SITE },
      { site: noSite, built: null, log: () => {} },
    );
    try {
      const failed = await service.respond(multipart(quoteFields), CLIENT);
      expect(failed.status).toBe(503);
      expect(await failed.json()).toEqual({
        errors: [{ message: expect.stringContaining('call us') }],
      });

      // The next request tries again: with the directory there, the lead is stored
      rmSync(blocker);
      expect(
        (await service.respond(multipart(quoteFields, { ...JSON_ACCEPT, Origin: SITE }), CLIENT))
          .status,
      ).toBe(200);
      expect((await service.respond(multipart(quoteFields), CLIENT)).status).toBe(429);
    } finally {
      await service.close();
    }
    const reader = openLeadStore(path);
    expect(reader.listLeads().map((lead) => [lead.name, lead.deliveries])).toEqual([
      [quoteFields.name, []],
    ]);
    reader.close();
  });
});

describe('the rate limit behind a trusted proxy', () => {
  it('counts an IPv6 visitor rotating addresses inside one /64 as one client', async () => {
    const service = createApp(
      {
        LEADS_DB: join(dir, 'proxied.sqlite'),
        LEADS_RATE_LIMIT: '3',
        TRUST_PROXY: '1',
        SITE_URL: SITE,
      },
      { site: noSite, built: null, log: () => {} },
    );
    try {
      const statuses: number[] = [];
      for (let host = 1; host <= 5; host++) {
        const request = multipart(quoteFields, {
          ...JSON_ACCEPT,
          'X-Forwarded-For': `2001:db8:1234:5678::${host.toString(16)}`,
        });
        statuses.push((await service.respond(request, '127.0.0.1')).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const neighbour = multipart(quoteFields, {
        ...JSON_ACCEPT,
        'X-Forwarded-For': '2001:db8:1234:5679::1',
      });
      expect((await service.respond(neighbour, '127.0.0.1')).status).toBe(200);
    } finally {
      await service.close();
    }
  });
});

describe('the rate-limit address', () => {
  const request = new Request('http://127.0.0.1/api/leads', {
    method: 'POST',
    headers: { 'X-Forwarded-For': '203.0.113.9, 198.51.100.7' },
  });

  it('ignores X-Forwarded-For unless the proxy is trusted', () => {
    expect(rateLimitAddress(request.headers.get('x-forwarded-for'), '127.0.0.1', {})).toBe(
      '127.0.0.1',
    );
  });

  it('uses the address the trusted proxy added last', () => {
    expect(
      rateLimitAddress(request.headers.get('x-forwarded-for'), '127.0.0.1', { TRUST_PROXY: '1' }),
    ).toBe('198.51.100.7');
    expect(rateLimitAddress(null, '10.0.0.5', { TRUST_PROXY: '1' })).toBe('10.0.0.5');
  });
});
