/**
 * Hostile input cannot stall anyone: every field of both quote forms gets a ~60 KB value built
 * to make a backtracking pattern take seconds (an @, a run of dots, then a character the email
 * rule refuses; runs of digits and spaces for the phone), posted url-encoded and as multipart.
 * The server answers each one promptly with a 4xx, stores none of them, and a page requested
 * while a batch of them is in flight is served at once. (One such post used to block every page
 * for seconds: the email pattern ran on the value before its length was checked.)
 */
import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_SERVICE_OPTIONS } from '../../src/config/quote.ts';
import {
  FIELD_MAX_LENGTHS,
  FORM_SOURCES,
  HERO_FIELDS,
  QUOTE_FIELDS,
  validateLead,
  type QuoteField,
} from '../../src/lib/validation.ts';
import { FORM, multipart } from '../support/form-bodies.ts';
import {
  requireBuild,
  send,
  startServer,
  type Answer,
  type RunningServer,
  type SendOptions,
} from '../support/server.ts';

requireBuild();

/** Characters in each hostile value: the whole body stays under the endpoint's 64 KB limit */
const HOSTILE_LENGTH = 60_000;
/** Generous: a linear check answers in milliseconds; the old email pattern took seconds per post */
const PROMPT_MS = 2000;

const FORMS = [
  {
    source: FORM_SOURCES.hero,
    fields: HERO_FIELDS,
    valid: {
      name: 'Aroha Smith',
      email: 'aroha@example.co.nz',
      message: 'Please quote for six downlights.',
    },
  },
  {
    source: FORM_SOURCES.quote,
    fields: QUOTE_FIELDS,
    valid: {
      name: 'Aroha Smith',
      email: 'aroha@example.co.nz',
      phone: '+64 21 555 0199',
      address: '12 Picton Street, Howick',
      service: QUOTE_SERVICE_OPTIONS[0],
      message: 'Six downlights in the lounge.',
    },
  },
] as const;

/** The values that stall a backtracking pattern, each exactly HOSTILE_LENGTH characters */
function hostileValues(field: QuoteField): Array<{ shape: string; value: string }> {
  const dots = { shape: "'a@', dots, '@'", value: `a@${'.'.repeat(HOSTILE_LENGTH - 3)}@` };
  if (field !== 'phone') return [dots];
  return [
    dots,
    {
      shape: 'digits and spaces, then a letter',
      value: `+${'1 '.repeat((HOSTILE_LENGTH - 2) / 2)}x`,
    },
    {
      shape: 'spaces, then digits',
      value: `${' '.repeat(HOSTILE_LENGTH / 2)}${'9'.repeat(HOSTILE_LENGTH / 2)}`,
    },
  ];
}

interface HostilePost {
  label: string;
  field: QuoteField;
  fields: Record<string, string>;
  request: SendOptions;
}

function urlencodedPost(fields: Record<string, string>): SendOptions {
  return {
    method: 'POST',
    path: '/api/leads',
    headers: { Accept: 'application/json', 'Content-Type': FORM },
    body: new URLSearchParams(fields).toString(),
  };
}

function multipartPost(fields: Record<string, string>): SendOptions {
  const { body, contentType } = multipart(Object.entries(fields), {
    boundary: `----hostile${Math.random().toString(36).slice(2)}`,
  });
  return {
    method: 'POST',
    path: '/api/leads',
    headers: { Accept: 'application/json', 'Content-Type': contentType },
    body,
  };
}

const posts: HostilePost[] = FORMS.flatMap((form) =>
  form.fields.flatMap((field) =>
    hostileValues(field).flatMap(({ shape, value }) => {
      const fields: Record<string, string> = {
        form_source: form.source,
        ...form.valid,
        [field]: value,
      };
      return [
        {
          label: `${form.source} ${field} (${shape}), url-encoded`,
          field,
          fields,
          request: urlencodedPost(fields),
        },
        {
          label: `${form.source} ${field} (${shape}), multipart`,
          field,
          fields,
          request: multipartPost(fields),
        },
      ];
    }),
  ),
);

interface Timed {
  answer?: Answer;
  error?: Error;
  ms: number;
}

/** Each request on its own connection, so none waits for a socket another one holds */
async function timed(server: RunningServer, request: SendOptions): Promise<Timed> {
  const started = performance.now();
  try {
    const answer = await send({ port: server.port }, { timeoutMs: 30_000, ...request });
    return { answer, ms: performance.now() - started };
  } catch (error) {
    return { error: error as Error, ms: performance.now() - started };
  }
}

/** Rows in the leads table; no database file (or no table yet) is none */
function storedLeads(file: string): number {
  if (!existsSync(file)) return 0;
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const table = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'leads'")
      .get();
    return table
      ? Number((db.prepare('SELECT COUNT(*) AS count FROM leads').get() as { count: number }).count)
      : 0;
  } finally {
    db.close();
  }
}

describe('60 KB hostile values in every field of both forms', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer();
  });

  afterAll(async () => {
    await server?.kill();
  });

  it('covers every field of both forms, both encodings, with bodies under the 64 KB limit', () => {
    for (const form of FORMS) {
      for (const field of form.fields) {
        const sent = posts.filter(
          (post) => post.fields['form_source'] === form.source && post.field === field,
        );
        expect(sent.length, `${form.source} ${field}`).toBeGreaterThanOrEqual(2);
      }
    }
    for (const post of posts) {
      expect(Buffer.byteLength(post.request.body!), post.label).toBeLessThan(64 * 1024);
      expect(post.fields[post.field]!.length, post.label).toBeGreaterThan(
        FIELD_MAX_LENGTHS[post.field],
      );
    }
  });

  it('answers each one promptly with a 4xx that names the field as too long', async () => {
    const problems: string[] = [];
    for (const post of posts) {
      const { answer, error, ms } = await timed(server, post.request);
      if (!answer) {
        problems.push(`${post.label}: no answer after ${Math.round(ms)} ms (${error?.message})`);
        continue;
      }
      if (ms > PROMPT_MS) problems.push(`${post.label}: answered after ${Math.round(ms)} ms`);
      if (answer.status === 413) continue;
      if (answer.status !== 422) {
        problems.push(`${post.label}: ${answer.status} ${answer.text().slice(0, 200)}`);
        continue;
      }
      // The same rules as the forms: the field's own "too long" problem, not a format problem
      const expected = validateLead(post.fields).find((found) => found.field === post.field);
      if (!expected?.message.includes(`${FIELD_MAX_LENGTHS[post.field]} characters or fewer`)) {
        problems.push(
          `${post.label}: the rules give ${JSON.stringify(expected)}, not the field's "too long" problem`,
        );
      }
      const { errors } = JSON.parse(answer.text()) as {
        errors: Array<{ field: string; message: string }>;
      };
      if (
        !errors.some(
          (found) => found.field === expected?.field && found.message === expected.message,
        )
      ) {
        problems.push(
          `${post.label}: expected ${JSON.stringify(expected)} among ${JSON.stringify(errors).slice(0, 300)}`,
        );
      }
    }
    expect(problems).toEqual([]);
  });

  it('serves a page at once while a batch of them is in flight', async () => {
    const batch = Promise.all(posts.map((post) => timed(server, post.request)));
    const pages: Timed[] = [];
    for (let index = 0; index < 5; index++) {
      pages.push(await timed(server, { path: '/' }));
      await new Promise((wait) => setTimeout(wait, 20));
    }
    const answered = await batch;
    for (const [index, page] of pages.entries()) {
      expect(page.answer?.status, `GET / number ${index + 1}: ${page.error?.message ?? ''}`).toBe(
        200,
      );
      expect(page.ms, `GET / number ${index + 1}, in milliseconds`).toBeLessThan(PROMPT_MS);
    }
    for (const [index, { answer, ms }] of answered.entries()) {
      expect([413, 422], posts[index]!.label).toContain(answer?.status);
      expect(ms, `${posts[index]!.label}, in milliseconds`).toBeLessThan(4 * PROMPT_MS);
    }
  });

  it('stored none of them, and the server is still up', async () => {
    expect(server.child.exitCode, 'the server process exited').toBeNull();
    expect((await send(server, { path: '/' })).status).toBe(200);
    const exit = await server.stop();
    expect(exit.code, 'exit code after SIGTERM').toBe(0);
    expect(storedLeads(server.leadsDb)).toBe(0);
    expect(server.output()).not.toMatch(/Request failed|Internal Server Error|Unhandled|uncaught/i);
  });
});
