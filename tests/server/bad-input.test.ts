/**
 * Bad input, bounded and on loopback only: properties checked with fast-check on a few thousand
 * generated requests, random and malformed ones to the pages, to POST /api/leads and as raw HTTP
 * over a socket, mixed with valid quote requests whose content the test records. Passes when no
 * answer is a 5xx, no answer leaks a file from outside the build or redirects off the site, the
 * server is still up and answering at the end, and every stored row passes validateLead and is
 * exactly one of the valid requests that were acknowledged (nothing else stored, nothing
 * acknowledged lost).
 *
 * Reproducible: the seed is fixed (FUZZ_SEED picks another sequence), and a failure prints the
 * seed and path of its run and the smallest failing request fast-check shrank it to; with
 * FUZZ_SEED set to that seed, the failing sequence runs again as the first lane.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateLead } from '../../src/lib/validation.ts';
import { isEditorAppPath } from '../../src/lib/editor-paths.ts';
import { isOwnerPath } from '../../src/lib/owner-api.ts';
import { THANKS_PATH } from '../../src/server/leads/responses.ts';
import {
  acceptsJson,
  leadPost,
  leadRequest,
  pageRequest,
  rawCase,
  refusals,
  SITE_ORIGIN,
  tokenOf,
  type Fields,
  type LeadPost,
  type RawCase,
  type Refusal,
} from '../support/bad-requests.ts';
import { clientDir } from '../support/build.ts';
import { checkInLanes, withChance } from '../support/properties.ts';
import {
  CANARY,
  rawExchange,
  requireBuild,
  send,
  startServer,
  type Answer,
  type RawExchange,
  type RunningServer,
  type SendOptions,
} from '../support/server.ts';

requireBuild();

const SEED = Number(process.env['FUZZ_SEED'] ?? 20_261_122);
const COUNTS = { pages: 1500, api: 1600, raw: 400 };
/** `count` cases in 12 lanes side by side: the server meets a dozen requests at once */
const run = (count: number) => ({ count, lanes: 12, seed: SEED });

// ---------------------------------------------------------------- what each answer must be

/** sha256 of every file in dist/client, compressed copies included: what a 200 may contain */
function builtDigests(): Set<string> {
  const digests = new Set<string>();
  for (const name of readdirSync(clientDir, { recursive: true, encoding: 'utf8' })) {
    const path = join(clientDir, name);
    if (statSync(path).isFile())
      digests.add(createHash('sha256').update(readFileSync(path)).digest('hex'));
  }
  return digests;
}

function describeAnswer(answer: Answer): string {
  return `${answer.status} ${answer.text().slice(0, 120).replace(/\s+/g, ' ')}`;
}

const PAGE_STATUSES = [200, 301, 302, 304, 400, 404, 405, 410, 414];
/** What the quote endpoint may answer a request the page fuzzer sends it */
const API_STATUSES = [403, 413, 415, 422];

/** What the owner's pages (his page, the content editor) answer a request without his session */
const OWNER_STATUSES = [401];

/** The path as the server reads it, percent-decoded ('/%6fwner' is the owner's page) */
function decodedPath(target: string): string {
  const path = target.split('?')[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function expectPageAnswer(request: SendOptions, answer: Answer, digests: Set<string>): void {
  const path = decodedPath(request.path);
  const allowed = request.path.startsWith('/api')
    ? [...PAGE_STATUSES, ...API_STATUSES]
    : isOwnerPath(path) || isEditorAppPath(path)
      ? [...PAGE_STATUSES, ...OWNER_STATUSES]
      : PAGE_STATUSES;
  expect(allowed, describeAnswer(answer)).toContain(answer.status);
  expect(answer.body.includes(CANARY), 'leaked a file from outside the build').toBe(false);
  // The thank-you page is worded at each request (acknowledgement.test.ts)
  if (
    answer.status === 200 &&
    request.method === 'GET' &&
    !request.path.startsWith('/api/') &&
    path !== THANKS_PATH
  ) {
    expect(
      digests.has(createHash('sha256').update(answer.body).digest('hex')),
      '200 with a body that is no built file',
    ).toBe(true);
  }
  const location = answer.headers['location'];
  if (location !== undefined)
    expect(location, 'redirects off the site').toMatch(/^\/(?![/\\])[^\r\n]*$/);
}

function expectRefusal({ kind, request, expect: statuses }: Refusal, answer: Answer): void {
  const json = acceptsJson(request);
  expect(statuses, `${kind}: ${describeAnswer(answer)}`).toContain(answer.status);
  if (kind === 'honeypot filled' && json)
    expect(answer.text(), 'honeypot').toBe('{"ok":true,"id":0}');
  if (request.method !== 'HEAD' && answer.status !== 303 && answer.status !== 200) {
    const type = String(answer.headers['content-type']);
    if (json && answer.status !== 404)
      expect(type, `${kind}: asked for JSON`).toMatch(/^application\/json/);
    // What the visitor typed is shown back escaped, never as markup
    expect(answer.text(), `${kind}: markup from the request in the answer`).not.toMatch(
      /<script>alert\(1\)<\/script>|<img src=x onerror/,
    );
  }
}

function expectRawAnswer(rawRequest: RawCase, exchange: RawExchange): void {
  expect(
    exchange.statuses.filter((status) => status >= 500),
    exchange.received.slice(0, 200),
  ).toEqual([]);
  if (rawRequest.expect)
    expect(exchange.statuses[0], exchange.received.slice(0, 100) || 'nothing').toBe(
      rawRequest.expect,
    );
  expect(exchange.received.includes(CANARY), 'leaked a file from outside the build').toBe(false);
}

// ---------------------------------------------------------------- the run

/**
 * What the endpoint stores for a submitted value: in the message, CRLF and CR become LF, then it
 * is trimmed; any other field is one line, each run of whitespace (NEL too) one space
 */
const normalise = (name: string, value: string) =>
  name === 'message'
    ? value.replace(/\r\n?/g, '\n').trim()
    : value
        .split(/[\s\u0085]+/)
        .filter(Boolean)
        .join(' ');

const tally = {
  requests: {} as Record<string, number>,
  statuses: {} as Record<string, Record<number, number>>,
};

function count(group: string, status: number) {
  tally.requests[group] = (tally.requests[group] ?? 0) + 1;
  tally.statuses[group] ??= {};
  tally.statuses[group][status] = (tally.statuses[group][status] ?? 0) + 1;
}

let server: RunningServer;
let leadsSent = 0;
const acknowledged = new Map<string, { fields: Fields; id?: number }>();

beforeAll(async () => {
  // Same-site posts are judged against SITE_URL: this test's origin, not the configured one
  server = await startServer({ env: { SITE_URL: SITE_ORIGIN } });
});
afterAll(async () => {
  if (server) await server.kill();
});

/** Sends a valid lead and records it once the server acknowledges it */
async function sendLead(post: LeadPost): Promise<void> {
  const token = tokenOf(++leadsSent);
  const { fields, request } = leadRequest(post, token);
  const answer = await send(server, request);
  count('api', answer.status);
  if (acceptsJson(request)) {
    const reply =
      answer.status === 200 ? (JSON.parse(answer.text()) as { ok?: boolean; id?: number }) : {};
    expect(
      reply.ok === true && Number.isInteger(reply.id) && reply.id! > 0,
      `valid lead ${token}: ${describeAnswer(answer)}`,
    ).toBe(true);
    acknowledged.set(token, { fields, id: reply.id! });
  } else {
    const where = [answer.status, answer.headers['location']];
    expect(where, `valid lead ${token} (no JavaScript): ${describeAnswer(answer)}`).toEqual([
      303,
      '/quote/thanks',
    ]);
    acknowledged.set(token, { fields });
  }
}

describe('bad input', () => {
  it(`${COUNTS.pages} random and hostile page requests: no 5xx, nothing from outside the build, no redirect off the site`, async () => {
    const digests = builtDigests();
    await checkInLanes(run(COUNTS.pages), pageRequest(), async (request) => {
      const answer = await send(server, request);
      count('pages', answer.status);
      expectPageAnswer(request, answer, digests);
    });
    expect(tally.requests['pages']).toBe(COUNTS.pages);
  });

  it(`${COUNTS.api} requests to /api/leads, valid and malformed: the expected refusals, no 5xx`, async () => {
    const lead = leadPost(server.port).map((post) => ({ post }));
    const invalid = refusals(server.port).map((refusal) => ({ refusal }));
    await checkInLanes(run(COUNTS.api), withChance(0.12, lead, invalid), async (job) => {
      if ('post' in job) return sendLead(job.post);
      const answer = await send(server, job.refusal.request);
      count('api', answer.status);
      expectRefusal(job.refusal, answer);
    });
    expect(tally.requests['api']).toBe(COUNTS.api);
    expect(acknowledged.size, 'valid leads acknowledged').toBeGreaterThan(100);
  });

  it(`${COUNTS.raw} malformed HTTP exchanges over raw sockets: never a 5xx`, async () => {
    await checkInLanes(run(COUNTS.raw), rawCase(server.port), async (rawRequest) => {
      const exchange = await rawExchange(server.port, rawRequest.chunks, {
        gapMs: rawRequest.gapMs ?? 0,
        timeoutMs: 3000,
      });
      count('raw', exchange.statuses[0] ?? 0);
      expectRawAnswer(rawRequest, exchange);
    });
    expect(tally.requests['raw']).toBe(COUNTS.raw);
  });

  it('the server is still up and answering, and logged no failure', async () => {
    expect(server.child.exitCode, 'the server process exited').toBeNull();
    for (const path of ['/', '/quote', '/services']) {
      const answer = await send(server, { path });
      expect(answer.status, path).toBe(200);
    }
    expect(server.output()).not.toMatch(
      /Request failed|Internal Server Error|Could not render|Unhandled|uncaught/i,
    );
  });

  it('stored exactly the acknowledged valid leads, each as sent and each passing validateLead', async () => {
    const exit = await server.stop();
    expect(exit.code, 'exit code after SIGTERM').toBe(0);
    const db = new DatabaseSync(server.leadsDb, { readOnly: true });
    const rows = db.prepare('SELECT * FROM leads ORDER BY id').all() as Array<
      Record<string, string | number | null>
    >;
    db.close();
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const row of rows) {
      const fields: Fields = {};
      for (const name of [
        'form_source',
        'name',
        'email',
        'phone',
        'address',
        'service',
        'message',
      ]) {
        if (row[name] !== null) fields[name] = String(row[name]);
      }
      const invalid = validateLead(fields);
      if (invalid.length > 0)
        problems.push(`row ${row['id']} fails validateLead: ${JSON.stringify(invalid)}`);
      const token = /^(T\d{5}) /.exec(fields['message'] ?? '')?.[1];
      const sent = token ? acknowledged.get(token) : undefined;
      if (!token || !sent) {
        problems.push(
          `row ${row['id']} came from no acknowledged valid request: ${JSON.stringify(fields).slice(0, 200)}`,
        );
        continue;
      }
      if (seen.has(token)) problems.push(`${token} stored twice`);
      seen.add(token);
      if (sent.id !== undefined && sent.id !== row['id'])
        problems.push(`${token}: acknowledged as ${sent.id}, stored as ${row['id']}`);
      const expected = Object.fromEntries(
        Object.entries(sent.fields).map(([name, value]) => [name, normalise(name, value)]),
      );
      const inOrder = (record: Fields) =>
        JSON.stringify(
          Object.keys(record)
            .sort()
            .map((name) => [name, record[name]]),
        );
      if (inOrder(fields) !== inOrder(expected))
        problems.push(
          `${token}: stored ${inOrder(fields).slice(0, 300)}, sent ${inOrder(expected).slice(0, 300)}`,
        );
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
