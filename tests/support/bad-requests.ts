/**
 * The requests the bad-input properties send, as fast-check arbitraries: valid quote requests
 * (url-encoded and multipart, in the forms browsers and scripts send), requests /api/leads must
 * refuse, page requests with real, nearly real and hostile paths, and malformed raw HTTP.
 * Every kind is one branch of a oneof, so a failure shrinks to the simplest request of its kind.
 */
import fc from 'fast-check';
import { QUOTE_SERVICE_OPTIONS } from '../../src/config/quote.ts';
import { FIELD_MAX_LENGTHS } from '../../src/lib/validation.ts';
import {
  FORM,
  formBody,
  multipart,
  urlencoded,
  type Body,
  type Encoding,
  type Entry,
  type MultipartStyle,
} from './form-bodies.ts';
import { chance, sometimes, someHeaders, withChance } from './properties.ts';
import { builtFiles, type SendOptions } from './server.ts';

/** The site's origin in these tests (the server runs with it as SITE_URL), so posts from it are same-site */
export const SITE_ORIGIN = 'https://www.example.com';

// ---------------------------------------------------------------- text

const NASTY = [
  ...[
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "'; DROP TABLE leads; --",
    '${7*7}{{7*7}}',
    '=HYPERLINK("http://x")',
  ],
  ...[
    '\u202e\u200b\ufeff',
    '\u0000',
    '\u0007\u001b[31m',
    '\r\n',
    '\r',
    '\t',
    '%00%s%n',
    '../../etc/passwd',
  ],
  ...['Ōtāhuhu', '🙂👩🏽‍🔧', '𝔘𝔫𝔦', '\u2028', '&amp;&lt;'],
];
const WORDS = [
  ...['power', 'point', 'switchboard', 'Howick', 'kitchen', 'light', 'RCD', 'tripping'],
  ...['Dave', 'Aroha', 'Tāmaki', 'heat pump', 'EV charger'],
];

/** Mixed text of `min` to `max` code points that starts and ends with a letter (so trimming keeps it) */
function text(min: number, max: number): fc.Arbitrary<string> {
  const piece = withChance(0.25, fc.constantFrom(...NASTY), fc.constantFrom(...WORDS));
  return fc
    .tuple(fc.integer({ min, max }), fc.array(piece, { minLength: 1, maxLength: 8 }))
    .map(([length, pieces]) => {
      if (length <= 2) return 'xz'.slice(0, length);
      const points: string[] = [];
      for (let index = 0; points.length < length - 2; index++)
        points.push(...pieces[index % pieces.length]!, ' ');
      return `x${points.slice(0, length - 2).join('')}z`;
    });
}
/** Text of up to `usual` code points, and in one case out of ten up to `max` */
const textUpTo = (min: number, usual: number, max: number) =>
  withChance(0.1, text(min, max), text(min, usual));

// ---------------------------------------------------------------- form bodies

export type Fields = Record<string, string>;
const encoded = (fields: Fields) => urlencoded(Object.entries(fields));
const form = (body: string | Buffer): Body => ({ body, contentType: FORM });

const plainMultipart: fc.Arbitrary<MultipartStyle> = fc
  .stringMatching(/^[0-9a-z]{8,16}$/)
  .map((id) => ({ boundary: `----fuzz${id}` }));
/** Multipart as RFC 7578 allows it, its less common forms included */
const anyMultipart: fc.Arbitrary<MultipartStyle> = fc
  .tuple(plainMultipart, chance(0.1), chance(0.1), chance(0.1))
  .map(([{ boundary }, quotedBoundary, preamble, noFinalCrlf]) => ({
    boundary,
    quotedBoundary,
    preamble,
    noFinalCrlf,
  }));
const urlencodedOr = (style: fc.Arbitrary<MultipartStyle>): fc.Arbitrary<Encoding> =>
  withChance(0.5, style, fc.constant('urlencoded'));

// ---------------------------------------------------------------- valid leads

const email = fc
  .tuple(
    fc.constantFrom('aroha', 'dave.smith', 'o+tag', 'ā', 'x'),
    fc.constantFrom('example.co.nz', 'example.com', 'mail.example.nz'),
  )
  .map(([local, domain]) => `${local}@${domain}`);
const digits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 7, maxLength: 12 });
const phone = fc.oneof(
  digits,
  digits.map((number) => `+64 ${number}`),
  digits.map((number) => `(09) ${number.slice(0, 3)}-${number.slice(3)}`),
);

/** What starts the message of each valid lead sent, `T00042`, so its stored row can be found */
export const tokenOf = (index: number) => `T${String(index).padStart(5, '0')}`;
const message = textUpTo(10, 400, FIELD_MAX_LENGTHS.message - tokenOf(0).length - 1);

const heroLead = fc.record({
  form_source: fc.constant('Hero Form'),
  name: textUpTo(2, 40, FIELD_MAX_LENGTHS.name),
  email,
  message,
});
const quoteLead = fc.record({
  form_source: fc.constant('Quote Form'),
  name: textUpTo(1, 40, FIELD_MAX_LENGTHS.name),
  email,
  phone,
  address: textUpTo(1, 80, FIELD_MAX_LENGTHS.address),
  service: fc.constantFrom(...QUOTE_SERVICE_OPTIONS),
  message,
});
/** A valid lead of either form, the hero form's in two cases out of five */
const validFields: fc.Arbitrary<Fields> = withChance(0.4, heroLead, quoteLead);

/** The token starts the message and joins the e-mail's local part */
function stamp([name, value]: Entry, token: string): Entry {
  if (name === 'message' && typeof value === 'string') return [name, `${token} ${value}`];
  if (name === 'email' && typeof value === 'string')
    return [name, value.replace('@', `.${token.toLowerCase()}@`)];
  return [name, value];
}

/** What a browser or a script sends with a post to /api/leads: JSON is asked for with `jsonShare` */
function postHeaders(port: number, jsonShare: number): fc.Arbitrary<Record<string, string>> {
  const accept = withChance(
    jsonShare,
    fc.constantFrom('application/json', 'application/json, text/plain, */*'),
    fc.constant('text/html,application/xhtml+xml,*/*;q=0.8'),
  );
  const others = someHeaders([
    ['Origin', 0.5, [SITE_ORIGIN, `http://127.0.0.1:${port}`]],
    [
      'Referer',
      0.5,
      [
        `${SITE_ORIGIN}/quote`,
        `http://127.0.0.1:${port}/`,
        'not a url',
        `${SITE_ORIGIN}//evil.example/x`,
      ],
    ],
    [
      'User-Agent',
      0.3,
      ['Mozilla/5.0 (fuzz)', '\u00ff\u00fe invalid UTF-8 \u00c3', 'x'.repeat(2000)],
    ],
    ['X-Padding', 0.1, ['p'.repeat(8000)]],
  ]);
  return fc.tuple(accept, others).map(([Accept, headers]) => ({ Accept, ...headers }));
}

export const acceptsJson = (request: SendOptions) =>
  /application\/json/.test(String((request.headers as Record<string, string>)['Accept']));

export interface LeadPost {
  fields: Fields;
  /** The fields, now and then with fields the form does not have (ignored; an empty honeypot is not spam), in any order */
  entries: Entry[];
  headers: Record<string, string>;
  encoding: Encoding;
}

export function leadPost(port: number): fc.Arbitrary<LeadPost> {
  const extras = fc.tuple(sometimes(0.2, fc.constant('')), sometimes(0.2, text(1, 20)));
  const shuffled = fc.tuple(validFields, extras).chain(([fields, [gotcha, utmSource]]) => {
    const entries: Entry[] = [...Object.entries(fields)];
    if (gotcha !== undefined) entries.push(['_gotcha', gotcha]);
    if (utmSource !== undefined) entries.push(['utm_source', utmSource]);
    return fc
      .shuffledSubarray(entries, { minLength: entries.length, maxLength: entries.length })
      .map((order) => ({ fields, entries: order }));
  });
  return fc
    .tuple(shuffled, postHeaders(port, 0.75), urlencodedOr(anyMultipart))
    .map(([{ fields, entries }, headers, encoding]) => ({ fields, entries, headers, encoding }));
}

/** The request for `post` with `token` stamped in, and the fields that should be stored for it */
export function leadRequest(
  post: LeadPost,
  token: string,
): { fields: Fields; request: SendOptions } {
  const fields = Object.fromEntries(
    Object.entries(post.fields).map((entry) => stamp(entry, token)),
  ) as Fields;
  const { body, contentType } = formBody(
    post.entries.map((entry) => stamp(entry, token)),
    post.encoding,
  );
  return {
    fields,
    request: {
      method: 'POST',
      path: '/api/leads',
      headers: { ...post.headers, 'Content-Type': contentType },
      body,
    },
  };
}

// ---------------------------------------------------------------- invalid requests to /api/leads

interface InvalidSpec {
  kind: string;
  body: string | Buffer | undefined;
  contentType?: string | undefined;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  /** Statuses this kind of request may get; a filled honeypot is answered as if the lead were stored */
  expect: readonly number[] | 'as if stored';
}

export interface Refusal {
  kind: string;
  request: SendOptions;
  expect: readonly number[];
}

/** A post of `body` that must get one of `expect` */
const refused = (
  kind: string,
  body: Body,
  expect: InvalidSpec['expect'],
  headers = {},
): InvalidSpec => ({
  kind,
  ...body,
  headers,
  expect,
});
/** A valid lead with `choice` worked into it by `make` */
const fromLead = <T, R>(choice: fc.Arbitrary<T>, make: (fields: Fields, choice: T) => R) =>
  fc.tuple(validFields, choice).map(([fields, value]) => make(fields, value));

const INVALID_EMAILS = [
  'no-at-sign',
  'a@b',
  'a b@example.com',
  '@example.com',
  'x@y.',
  'two@@example.com',
  '',
];
const INVALID_PHONES = [
  'abc1234567',
  '12345',
  '021 555 0100 ext 5',
  '+64-21-<script>',
  '\u0661\u0662\u0663\u0664\u0665\u0666\u0667',
];
const INVALID_SERVICES = [
  'Plumbing',
  'other',
  '<script>alert(1)</script>',
  'Other\u0000',
  'Residential',
];
const INVALID_SOURCES = ['Contact', '', 'quote form', 'Quote Form\u0000', 'Hero', '<script>'];

const isHero = (fields: Fields) => fields['form_source'] === 'Hero Form';
const HERO_FIELDS = ['name', 'email', 'message'] as const;
const QUOTE_FIELDS = ['name', 'email', 'phone', 'address', 'service', 'message'] as const;
/** One of the fields the lead's form requires, picked by `which` */
function requiredField(fields: Fields, which: number): keyof typeof FIELD_MAX_LENGTHS {
  const required = isHero(fields) ? HERO_FIELDS : QUOTE_FIELDS;
  return required[which % required.length]!;
}
/** Any field of the lead, picked by `which` */
const anyField = (fields: Fields, which: number) =>
  Object.keys(fields)[which % Object.keys(fields).length]!;

function tooLong(field: keyof typeof FIELD_MAX_LENGTHS, excess: number): string {
  const over = FIELD_MAX_LENGTHS[field] + excess;
  if (field === 'email') return `${'a'.repeat(over)}@example.com`;
  return (field === 'phone' ? '1' : 'ō').repeat(over);
}

/** A copy of a valid lead with one rule broken, so validateLead must refuse it */
const brokenLead: fc.Arbitrary<{ kind: string; fields: Fields }> = fc.oneof(
  fromLead(fc.nat(), (fields, which) => {
    const field = requiredField(fields, which);
    return {
      kind: `missing ${field}`,
      fields: Object.fromEntries(Object.entries(fields).filter(([name]) => name !== field)),
    };
  }),
  fromLead(
    fc.tuple(fc.nat(), fc.constantFrom('   ', '\r\n\t ', '\u00a0', '')),
    (fields, [which, blank]) => {
      const field = requiredField(fields, which);
      return { kind: `blank ${field}`, fields: { ...fields, [field]: blank } };
    },
  ),
  fromLead(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 40 })), (fields, [which, excess]) => {
    const field = requiredField(fields, which);
    return { kind: `too long ${field}`, fields: { ...fields, [field]: tooLong(field, excess) } };
  }),
  fromLead(fc.constantFrom(...INVALID_EMAILS), (fields, bad) => ({
    kind: 'bad email',
    fields: { ...fields, email: bad },
  })),
  fromLead(
    fc.tuple(
      fc.boolean(),
      fc.constantFrom('A', 'ā', '🙂'),
      fc.constantFrom(...INVALID_PHONES),
      fc.constantFrom(...INVALID_SERVICES),
    ),
    (fields, [first, name, badPhone, service]) => {
      if (isHero(fields))
        return {
          kind: 'hero too short',
          fields: first ? { ...fields, name } : { ...fields, message: 'abc x' },
        };
      return {
        kind: 'bad phone or service',
        fields: first ? { ...fields, phone: badPhone } : { ...fields, service },
      };
    },
  ),
  fromLead(fc.constantFrom(...INVALID_SOURCES), (fields, source) => ({
    kind: 'unknown form',
    fields: { ...fields, form_source: source },
  })),
  // The quote form's fields under the hero form's name, without what the hero form needs
  validFields.map((fields) =>
    isHero(fields)
      ? { kind: 'blank message', fields: { ...fields, message: '' } }
      : { kind: 'hero rules', fields: { ...fields, form_source: 'Hero Form', name: 'Z' } },
  ),
);

const MULTIPART_BREAKS = [
  'no closing boundary',
  'no boundary parameter',
  'wrong boundary',
  'bare LF line ends',
  'part without Content-Disposition',
  'truncated last part',
  'garbage',
] as const;
type MultipartBreak = (typeof MULTIPART_BREAKS)[number];

function brokenMultipart(
  fields: Fields,
  style: MultipartStyle,
  how: MultipartBreak,
  cut: number,
): Body {
  const { body, contentType } = multipart(Object.entries(fields), style);
  const text = body.toString('utf8');
  const { boundary } = style;
  switch (how) {
    case 'no closing boundary':
      return { body: text.replace(`--${boundary}--\r\n`, ''), contentType };
    case 'no boundary parameter':
      return { body: text, contentType: 'multipart/form-data' };
    case 'wrong boundary':
      return { body: text, contentType: `multipart/form-data; boundary=${boundary}x` };
    case 'bare LF line ends':
      return { body: text.replaceAll('\r\n', '\n'), contentType };
    case 'part without Content-Disposition':
      return {
        body: text.replaceAll('Content-Disposition: form-data; ', 'X-Nothing: '),
        contentType,
      };
    case 'truncated last part':
      return { body: text.slice(0, text.length - boundary.length - cut), contentType };
    case 'garbage':
      return { body: `--${boundary}\r\n\u0000\u0001garbage`, contentType };
  }
}

const WRONG_TYPES = [
  'application/json',
  'text/plain',
  'multipart/mixed; boundary=x',
  'application/xml',
  `${FORM}x`,
  'form-data',
];
function wrongTypeBody(type: string | undefined, fields: Fields): string {
  if (type === 'application/json') return JSON.stringify(fields);
  if (type === 'multipart/mixed; boundary=x') return '--x--';
  if (type === 'application/xml') return '<lead><name>x</name></lead>';
  return encoded(fields);
}

/** Wrong shapes: arrays, numbered and nested names, thousands of fields; refused, or too large for the 64 KB limit */
const wrongShape = fc
  .oneof(
    validFields.map(
      (fields) =>
        [
          'arrays',
          urlencoded(Object.entries(fields).map(([name, value]) => [`${name}[]`, value])),
        ] as const,
    ),
    fc
      .integer({ min: 2000, max: 6000 })
      .map(
        (count) =>
          ['many', Array.from({ length: count }, (_, at) => `f${at}=${at}`).join('&')] as const,
      ),
    fc
      .tuple(
        validFields,
        fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 7, maxLength: 7 }),
      )
      .map(([fields, lengths]) => {
        const entries = Object.entries(fields).map(([name, value], index): Entry => [
          `${name}${'x'.repeat(lengths[index]!)}`,
          value,
        ]);
        return ['long names', urlencoded(entries)] as const;
      }),
  )
  .map(([shape, body]) =>
    refused(
      `wrong shape: ${shape}`,
      form(body),
      Buffer.byteLength(body) > 64 * 1024 ? [413] : [422],
    ),
  );

const BAD_UTF8 = [
  [0xff],
  [0xc0, 0xae],
  [0xed, 0xa0, 0x80],
  [0xe0, 0xa4],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
];
/** Bytes that are no UTF-8 somewhere in a url-encoded body, or at the start of a multipart value */
const invalidUtf8 = fc.oneof(
  fromLead(fc.tuple(fc.nat(), fc.constantFrom(...BAD_UTF8)), (fields, [at, bytes]) => {
    const good = Buffer.from(encoded(fields));
    const cut = at % good.length;
    return refused(
      'invalid UTF-8 (urlencoded)',
      form(Buffer.concat([good.subarray(0, cut), Buffer.from(bytes), good.subarray(cut)])),
      [400],
    );
  }),
  fromLead(plainMultipart, (fields, style) => {
    const { body, contentType } = multipart(Object.entries(fields), style);
    const cut = body.indexOf('\r\n\r\n') + 4;
    const broken = Buffer.concat([
      body.subarray(0, cut),
      Buffer.from([0xff, 0xfe]),
      body.subarray(cut),
    ]);
    return refused('invalid UTF-8 (multipart)', { body: broken, contentType }, [400]);
  }),
);
const CROSS_SITE = [
  'https://evil.example',
  'null',
  'http://www.example.com.evil.example',
  'https://www.example.com:444',
  'not a url',
];

const invalidSpec: fc.Arbitrary<InvalidSpec> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(brokenLead, urlencodedOr(plainMultipart))
      .map(([{ kind, fields }, encoding]) =>
        refused(kind, formBody(Object.entries(fields), encoding), [422]),
      ),
  },
  fromLead(
    fc.tuple(fc.nat(), fc.boolean(), urlencodedOr(plainMultipart)),
    (fields, [which, sameValue, encoding]) => {
      const field = anyField(fields, which);
      return refused(
        'duplicate field',
        formBody(
          [...Object.entries(fields), [field, sameValue ? fields[field]! : 'second value']],
          encoding,
        ),
        [422],
      );
    },
  ),
  fromLead(fc.tuple(fc.nat(), plainMultipart), (fields, [which, style]) => {
    const field = anyField(fields, which);
    const entries = Object.entries(fields).map(([name, value]): Entry => [
      name,
      name === field ? { filename: 'x.txt', content: value } : value,
    ]);
    return refused('field sent as a file', multipart(entries, style), [422]);
  }),
  fromLead(fc.constantFrom('http://spam.example', 'x', ' y '), (fields, spam) =>
    refused(
      'honeypot filled',
      form(urlencoded([...Object.entries(fields), ['_gotcha', spam]])),
      'as if stored',
    ),
  ),
  invalidUtf8,
  fromLead(
    fc.constantFrom('%E0%A4%A', '%zz', '%', '%ff', '%C0%AE', '%ED%A0%80'),
    (fields, escape) =>
      refused('bad percent-encoding', form(`${encoded(fields)}&name=${escape}`), [400]),
  ),
  fromLead(
    fc.tuple(plainMultipart, fc.constantFrom(...MULTIPART_BREAKS), fc.integer({ min: 8, max: 40 })),
    (fields, [style, how, cut]) =>
      refused(`broken multipart: ${how}`, brokenMultipart(fields, style, how, cut), [400]),
  ),
  fromLead(fc.constantFrom(...WRONG_TYPES, undefined), (fields, type) => ({
    kind: `wrong type ${type}`,
    body: wrongTypeBody(type, fields),
    contentType: type,
    expect: [415],
  })),
  fromLead(
    fc.tuple(fc.integer({ min: 65 * 1024, max: 200 * 1024 }), fc.boolean()),
    (fields, [size, chunked]) => {
      const body = form(`${encoded(fields)}&message=${'a'.repeat(size)}`);
      return chunked
        ? refused('too large (chunked)', body, [413], { 'Transfer-Encoding': 'chunked' })
        : refused('too large', body, [413]);
    },
  ),
  fromLead(fc.constantFrom(...CROSS_SITE), (fields, origin) =>
    refused('cross-site origin', form(encoded(fields)), [403], { Origin: origin }),
  ),
  fromLead(
    fc.tuple(
      fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
      fc.constantFrom('/api/leads', '/api/leads?x=1'),
    ),
    (fields, [method, path]) => ({
      kind: `method ${method}`,
      method,
      path,
      body: method === 'GET' || method === 'HEAD' ? undefined : encoded(fields),
      expect: [405],
    }),
  ),
  wrongShape,
  // Random bytes are almost never valid UTF-8, and never a complete valid lead
  fc
    .tuple(
      fc.uint8Array({ maxLength: 3000, size: 'max' }),
      fc.constantFrom(FORM, 'multipart/form-data; boundary=abc'),
    )
    .map(([bytes, contentType]) =>
      refused('random bytes', { body: Buffer.from(bytes), contentType }, [400, 422]),
    ),
  fromLead(
    fc.tuple(
      fc.constantFrom('name', 'message', 'address'),
      fc.constantFrom(...NASTY.slice(0, 2)),
      fc.constantFrom(...INVALID_EMAILS.slice(0, 5)),
      plainMultipart,
    ),
    (fields, [field, markup, bad, style]) => {
      const entries = Object.entries({
        ...fields,
        [field]: `${markup}${fields[field] ?? ''}`,
        email: bad,
      });
      return refused('script in a field of an invalid lead', multipart(entries, style), [422]);
    },
  ),
);

export function refusals(port: number): fc.Arbitrary<Refusal> {
  return fc.tuple(postHeaders(port, 0.6), invalidSpec).map(([headers, spec]) => {
    const request: SendOptions = {
      method: spec.method ?? 'POST',
      path: spec.path ?? '/api/leads',
      headers: {
        ...headers,
        ...(spec.contentType ? { 'Content-Type': spec.contentType } : {}),
        ...spec.headers,
      },
      body: spec.body,
    };
    const expected =
      spec.expect === 'as if stored' ? (acceptsJson(request) ? [200] : [303]) : spec.expect;
    return { kind: spec.kind, request, expect: expected };
  });
}

// ---------------------------------------------------------------- page requests

const SEGMENTS = [
  ...[
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
  ],
  ...[
    'electrician-botany',
    'canary.txt',
    'index.html',
    '404.html',
    'etc',
    'passwd',
    'server',
    'entry.mjs',
    'client',
    'favicon.svg',
  ],
  ...[
    'sitemap.xml',
    '',
    '%20',
    '+',
    '~',
    ';',
    '%3b',
    '%23',
    '%3f',
    '%C4%81',
    '%F0%9F%99%82',
    '\u00ff',
    '\u00e9',
  ],
  ...['..', '.', '%2e%2e', '%2E%2e', '.%2e', '%2e', '%2f', '%2F', '%5c', '\\', '%252e%252e'],
  ...[
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
  ],
];
const SEPARATORS = ['/', '/', '/', '/', '//', '/./', '%2f', '/%2e/'];

function escapeLetter(path: string, which: number): string {
  const letters = [...path.matchAll(/[a-z]/g)];
  if (letters.length === 0) return path;
  const { index } = letters[which % letters.length]!;
  return `${path.slice(0, index)}%${path.charCodeAt(index).toString(16)}${path.slice(index + 1)}`;
}

/**
 * A real address of the build (one in twenty of the hashed assets), sometimes changed a little:
 * an escaped letter, a case change, a suffix
 */
function nearlyRealPath(): fc.Arbitrary<string> {
  const known = fc.constantFrom(
    ...builtFiles()
      .map((file) => file.urlPath)
      .filter((path, index) => !path.startsWith('/_astro/') || index % 20 === 0),
  );
  return fc.oneof(
    { weight: 3, arbitrary: known },
    fc.tuple(known, fc.nat()).map(([path, which]) => escapeLetter(path, which)),
    known.map((path) => path.toUpperCase()),
    fc
      .tuple(
        known,
        fc.constantFrom('/', '//', '/x', '%20', '.html', '/index.html', '~', '%2f', '/..', '?a=1'),
      )
      .map(([path, suffix]) => `${path}${suffix}`),
  );
}

const segmentPath = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom(...SEPARATORS), fc.constantFrom(...SEGMENTS)), {
      minLength: 1,
      maxLength: 5,
    }),
    chance(0.15),
    sometimes(
      0.25,
      fc.constantFrom('a=1', '%zz', 'x=%00', '../..', 'q=<script>', 'p'.repeat(500), '=&&=='),
    ),
  )
  .map(([steps, trailingSlash, query]) => {
    const path = steps.map(([separator, segment]) => `${separator}${segment}`).join('');
    return `${path.startsWith('/') ? '' : '/'}${path}${trailingSlash ? '/' : ''}${query === undefined ? '' : `?${query}`}`;
  });

const pageHeaders = someHeaders([
  [
    'Accept-Encoding',
    0.4,
    [
      'br',
      'gzip',
      'br;q=x, gzip;q=',
      '*',
      'identity;q=0',
      'gzip;q=0.5, *',
      ',,,;;;',
      'x'.repeat(3000),
    ],
  ],
  ['If-None-Match', 0.2, ['*', 'W/', '"', '"x", W/"y"', ',', 'W/"*"', 'x'.repeat(2000)]],
  [
    'If-Modified-Since',
    0.2,
    ['yesterday', 'Thu, 01 Jan 1970 00:00:00 GMT', 'Fri, 31 Dec 9999 23:59:59 GMT', '-1', ''],
  ],
  ['Range', 0.1, ['bytes=0-10', 'bytes=-1', 'bytes=99999999-', 'lines=1-2']],
  ['Host', 0.1, ['evil.example', '[::1]', 'a b', '', 'x:99999', `${'h'.repeat(300)}.example`]],
  ['X-Forwarded-For', 0.05, ['1.2.3.4, 5.6.7.8']],
]);

/** A request for a page: real, nearly real or hostile paths, odd methods and headers (reads the build: call it after requireBuild) */
export function pageRequest(): fc.Arbitrary<SendOptions> {
  return fc
    .tuple(
      withChance(
        0.2,
        fc.constantFrom('POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE', 'PROPFIND'),
        withChance(1 / 3, fc.constant('HEAD'), fc.constant('GET')),
      ),
      fc.oneof(
        { weight: 58, arbitrary: segmentPath },
        { weight: 39, arbitrary: nearlyRealPath() },
        {
          weight: 3,
          arbitrary: fc.integer({ min: 1100, max: 2600 }).map((count) => `/${'a/'.repeat(count)}`),
        },
      ),
      pageHeaders,
      fc.boolean(),
    )
    .map(([method, path, headers, withBody]) => {
      const body =
        withBody && !['GET', 'HEAD', 'TRACE'].includes(method) ? 'x=1&y=<script>' : undefined;
      return { method, path, headers, body };
    });
}

// ---------------------------------------------------------------- raw HTTP

export interface RawCase {
  kind: string;
  chunks: Array<string | Buffer>;
  gapMs?: number;
  /** A status the server must answer with (besides never a 5xx) */
  expect?: number;
}

/** Raw HTTP of one kind: one chunk for each value drawn from `values` (an arbitrary, or a list to pick from) */
function rawOf<T>(
  kind: string,
  values: fc.Arbitrary<T> | T[],
  chunk: (value: T) => string | Buffer,
  expect?: number,
): fc.Arbitrary<RawCase> {
  const drawn = Array.isArray(values) ? fc.constantFrom(...values) : values;
  return drawn.map((value) => ({ kind, chunks: [chunk(value)], ...(expect ? { expect } : {}) }));
}

export function rawCase(port: number): fc.Arbitrary<RawCase> {
  const host = `Host: 127.0.0.1:${port}\r\n`;
  const get = (path = '/') => `GET ${path} HTTP/1.1\r\n${host}\r\n`;
  const getWith = (header: string) => `GET / HTTP/1.1\r\n${host}${header}\r\n\r\n`;
  const post = `POST /api/leads HTTP/1.1\r\n${host}`;
  const postForm = `${post}Content-Type: ${FORM}\r\n`;
  const requestLine = fc.tuple(
    fc.constantFrom('GET', 'G E T', 'get', '\u0000GET', 'GET\t'),
    fc.constantFrom('/', '/ /', 'x', '/\u0001', ''),
    fc.constantFrom('HTTP/1.1', 'HTTP/1', 'HTTP/1.1 extra', 'HTTPS/1.1', ''),
  );
  const badHeaders = [
    'No colon',
    'Bad Name: x',
    'X: a\u0000b',
    ' Folded: x',
    'X: y\r\n continued',
    ': empty name',
    'X-\u00ff: y',
  ];
  const oddTargets = [
    'http://evil.example/',
    '*',
    'evil.example',
    '/a b',
    '/\u00ff\u00fe',
    '/\u0001',
  ].map((target) => `GET ${target} HTTP/1.1`);
  const tls = Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03]);
  const slowCuts = fc.tuple(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 11, max: 30 }));
  const pipelined = fc.array(
    fc.constantFrom('/', '/quote', '/nope', '/gone', '/who-we-are', '/%zz'),
    { minLength: 2, maxLength: 8 },
  );
  const shortLead = 'form_source=Hero+Form&name=Ab';
  const noHostOrTwo = [
    `GET / HTTP/1.1\r\n\r\n`,
    `GET / HTTP/1.1\r\n${host}${host}\r\n`,
    `POST /api/leads HTTP/1.1\r\nHost: \r\nContent-Length: 0\r\n\r\n`,
  ];
  return fc.oneof(
    rawOf('random bytes', fc.uint8Array({ minLength: 1, maxLength: 3000, size: 'max' }), (bytes) =>
      Buffer.from(bytes),
    ),
    rawOf('garbage request line', requestLine, (parts) => `${parts.join(' ')}\r\n${host}\r\n`),
    fc.constant<RawCase>({
      kind: 'CL and TE together',
      chunks: [`${post}Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`],
      expect: 400,
    }),
    fc.constant<RawCase>({
      kind: 'two different Content-Lengths',
      chunks: [`POST / HTTP/1.1\r\n${host}Content-Length: 1\r\nContent-Length: 2\r\n\r\nab`],
      expect: 400,
    }),
    rawOf(
      'bad Content-Length',
      ['-1', 'abc', '1e3', '0x10', '99999999999999999999'],
      (length) => `${post}Content-Length: ${length}\r\n\r\nx`,
    ),
    rawOf('bad chunk', ['zz', '-1', 'ffffffffffffffffff', `5;${'e'.repeat(20_000)}`], (size) => {
      return `${postForm}Transfer-Encoding: chunked\r\n\r\n${size}\r\nhello\r\n0\r\n\r\n`;
    }),
    rawOf(
      'header over 16 KB',
      fc.integer({ min: 17_000, max: 40_000 }),
      (size) => getWith(`X-Big: ${'a'.repeat(size)}`),
      431,
    ),
    rawOf('thousands of headers', fc.integer({ min: 2100, max: 3000 }), (count) => {
      return getWith(Array.from({ length: count }, (_, index) => `X-${index}: 1`).join('\r\n'));
    }),
    rawOf('bad header syntax', badHeaders, getWith),
    rawOf<string | Buffer>(
      'HTTP/0.9, HTTP/2 preface or TLS',
      ['GET /\r\n', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', tls],
      (chunk) => chunk,
    ),
    rawOf(
      'pipelined good then bad',
      ['BAD\r\n\r\n', 'GET / HTTP/1.1\r\nNo colon\r\n\r\n'],
      (bad) => `${get('/')}${get('/services')}${bad}`,
    ),
    rawOf('pipelined pages', pipelined, (paths) => paths.map((path) => get(path)).join('')),
    // form_source last, cut inside its value: what arrives within Content-Length is never a valid lead
    rawOf(
      'Content-Length shorter than the body',
      fc.tuple(validFields, fc.integer({ min: 2, max: 8 })),
      ([fields, short]) => {
        const body = `${urlencoded(Object.entries(fields).filter(([name]) => name !== 'form_source'))}&form_source=Quote+Form`;
        return `${postForm}Accept: application/json\r\nContent-Length: ${Buffer.byteLength(body) - short}\r\n\r\n${body}`;
      },
    ),
    rawOf(
      'Content-Length longer than the body, then close',
      fc.integer({ min: 1, max: 500 }),
      (missing) => {
        return `${postForm}Content-Length: ${shortLead.length + missing}\r\n\r\n${shortLead}`;
      },
    ),
    fc
      .tuple(
        fc.constantFrom('/', '/services', '/sitemap.xml'),
        slowCuts,
        fc.integer({ min: 1, max: 15 }),
      )
      .map(([path, cuts, gapMs]) => {
        const request = get(path);
        const [from, to] = cuts.filter((cut) => cut < request.length);
        const chunks = [request.slice(0, from), request.slice(from, to), request.slice(to)];
        return { kind: 'request in slow pieces', chunks, gapMs, expect: 200 };
      }),
    rawOf(
      'odd request target',
      [...oddTargets, 'OPTIONS * HTTP/1.1', 'CONNECT evil.example:443 HTTP/1.1'],
      (line) => `${line}\r\n${host}\r\n`,
    ),
    rawOf('no Host, or two', noHostOrTwo, (request) => request),
    fc.constant<RawCase>({
      kind: 'Expect: 100-continue',
      chunks: [
        `${post}Expect: 100-continue\r\nContent-Type: ${FORM}\r\nContent-Length: 5\r\n\r\n`,
        'a=b&c',
      ],
      gapMs: 5,
    }),
    rawOf(
      'incomplete headers, then close',
      fc.integer({ min: 0, max: 99 }),
      (length) => `GET / HTTP/1.1\r\n${host}X-Half: ${'a'.repeat(length)}`,
    ),
    rawOf(
      'invalid UTF-8 and NUL in the path',
      [[0xff], [0xc0, 0xaf], [0x00], [0xe2, 0x80]],
      (bytes) => {
        return Buffer.concat([
          Buffer.from('GET /'),
          Buffer.from(bytes),
          Buffer.from(`x HTTP/1.1\r\n${host}\r\n`),
        ]);
      },
    ),
  );
}
