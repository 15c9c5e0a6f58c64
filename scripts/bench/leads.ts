/**
 * `npm run bench:leads`: a bounded load of valid quote requests (multipart, as the quote form
 * sends them with JavaScript) to POST /api/leads on a fresh server with its own SQLite file and
 * no rate limit. Prints submissions per second and latency, then, with the server stopped, reads
 * the file and checks that every acknowledged request (200 with {"ok":true,"id":N}) is stored
 * under its id with what was sent, and that nothing else is. Exits 1 when they differ.
 * Before that it times GET / from one client, alone and then while a steady stream of
 * submissions arrives, to show that storing leads (fsyncs, locks) does not hold up page serving
 * (goal: page p99 with the stream within 1.5× of alone). Last, the deliveries phase
 * (lead-deliveries.ts) times genuine requests' delivery to the owner, by e-mail, webhook, ntfy and
 * push to his phone, after requests that the filtering channels refuse for good.
 *
 * Env: DIST_DIR (default dist), BENCH_LEADS_TOTAL (default 2000), BENCH_LEADS_CONCURRENCY (default 20),
 * BENCH_PAGE_SECONDS (default 5, how long pages are timed in each phase), BENCH_STREAM_RATE (default 20 posts a second).
 */
import { DatabaseSync } from 'node:sqlite';
import { performance } from 'node:perf_hooks';
import { benchDeliveries } from './lead-deliveries.ts';
import { envInt, startSiteServer, table } from './support.ts';

const total = envInt('BENCH_LEADS_TOTAL', 2000);
const concurrency = envInt('BENCH_LEADS_CONCURRENCY', 20);
const pageSeconds = envInt('BENCH_PAGE_SECONDS', 5);
const streamRate = envInt('BENCH_STREAM_RATE', 20);
const requestTimeoutMs = 30_000;
const PAGE_P99_GOAL_RATIO = 1.5;

interface Acknowledged {
  id: number;
  index: number;
}

/** A valid quote-form submission, unique per index so each stored row can be matched */
function submission(index: number): FormData {
  const form = new FormData();
  form.set('form_source', 'Quote Form');
  form.set('name', `Bench Client ${index}`);
  form.set('email', `bench+${index}@example.com`);
  form.set('phone', '021 555 0100');
  form.set('address', `${(index % 200) + 1} Benchmark Road, Howick, Auckland`);
  form.set('service', 'Residential Electrical');
  form.set(
    'message',
    `Load-test request number ${index}: please quote for two new power points in the lounge.`,
  );
  form.set('_gotcha', '');
  return form;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

/** Times GET / one request after another for `seconds` */
async function pageLatencies(origin: string, seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    const response = await fetch(`${origin}/`, { signal: AbortSignal.timeout(requestTimeoutMs) });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET / answered ${response.status}`);
    latencies.push(performance.now() - started);
  }
  return latencies.sort((a, b) => a - b);
}

async function main(): Promise<number> {
  const server = await startSiteServer();
  const endpoint = `${server.origin}/api/leads`;
  console.error(
    `bench:leads: ${total} submissions, ${concurrency} concurrent clients, ${endpoint}, database ${server.leadsDb}`,
  );

  const acknowledged: Acknowledged[] = [];
  const latencies: number[] = [];
  const refused = new Map<string, number>();
  const refuse = (reason: string) => refused.set(reason, (refused.get(reason) ?? 0) + 1);
  let next = 0;
  let elapsedMs: number;
  let pagesAlone: number[];
  let pagesUnderLoad: number[];
  let streamed = 0;

  async function client(): Promise<void> {
    while (next < total) {
      const index = next++;
      await postOne(index, latencies);
    }
  }

  async function postOne(index: number, timings?: number[]): Promise<void> {
    const started = performance.now();
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          Origin: server.origin,
          Referer: `${server.origin}/quote`,
        },
        body: submission(index),
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
      const text = await response.text();
      timings?.push(performance.now() - started);
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        // counted below as a refusal
      }
      const answer = body as { ok?: unknown; id?: unknown } | null;
      if (response.status === 200 && answer?.ok === true && typeof answer.id === 'number') {
        acknowledged.push({ id: answer.id, index });
      } else {
        refuse(`${response.status} ${text.slice(0, 120)}`);
      }
    } catch (error) {
      timings?.push(performance.now() - started);
      refuse(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    }
  }

  /** Page timings while `streamRate` submissions a second arrive (acknowledged ones are checked too) */
  async function pagesWithStream(seconds: number): Promise<number[]> {
    let streaming = true;
    const posts: Promise<void>[] = [];
    const stream = (async () => {
      const started = performance.now();
      for (let sent = 0; streaming; sent++) {
        const due = started + (sent * 1000) / streamRate;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
        posts.push(postOne(total + sent));
      }
    })();
    const latencies = await pageLatencies(server.origin, seconds);
    streaming = false;
    await stream;
    await Promise.all(posts);
    streamed = posts.length;
    return latencies;
  }

  try {
    // One request alone first: a server that refuses valid posts is reported, not measured
    const probe = await fetch(endpoint, {
      method: 'POST',
      headers: { Accept: 'application/json', Origin: server.origin },
      body: submission(-1),
    });
    const probeText = await probe.text();
    if (probe.status !== 200)
      throw new Error(
        `A valid submission was answered ${probe.status}: ${probeText.slice(0, 300)}`,
      );
    const probeId = (JSON.parse(probeText) as { id: number }).id;
    acknowledged.push({ id: probeId, index: -1 });

    pagesAlone = await pageLatencies(server.origin, pageSeconds);
    pagesUnderLoad = await pagesWithStream(pageSeconds);
    const started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, () => client()));
    elapsedMs = performance.now() - started;
  } finally {
    const { code } = await server.stop();
    if (code !== 0) console.error(`The server exited with ${code}:\n${server.output()}`);
  }

  // The server has stopped: read what it committed, read-only
  const db = new DatabaseSync(server.leadsDb, { readOnly: true });
  const stored = Number(
    (db.prepare('SELECT COUNT(*) AS count FROM leads').get() as { count: number }).count,
  );
  const rows = new Map(
    (
      db.prepare('SELECT id, name, email FROM leads').all() as Array<{
        id: number;
        name: string;
        email: string;
      }>
    ).map((row) => [row.id, row]),
  );
  db.close();

  const mismatched = acknowledged.filter(({ id, index }) => {
    const row = rows.get(id);
    return (
      !row || row.name !== `Bench Client ${index}` || row.email !== `bench+${index}@example.com`
    );
  });
  const distinctIds = new Set(acknowledged.map(({ id }) => id)).size;

  latencies.sort((a, b) => a - b);
  const loadAcknowledged = acknowledged.length - 1 - streamed;
  const perSecond = elapsedMs > 0 ? (total / elapsedMs) * 1000 : 0;
  const storedPerSecond = elapsedMs > 0 ? (loadAcknowledged / elapsedMs) * 1000 : 0;
  const figures = {
    submissions: total,
    concurrency,
    seconds: Number((elapsedMs / 1000).toFixed(2)),
    submissionsPerSecond: Number(perSecond.toFixed(1)),
    acknowledgedPerSecond: Number(storedPerSecond.toFixed(1)),
    latencyP50Ms: Number(percentile(latencies, 50).toFixed(1)),
    latencyP99Ms: Number(percentile(latencies, 99).toFixed(1)),
    latencyMaxMs: Number((latencies.at(-1) ?? 0).toFixed(1)),
    // Both counts include the probe request and the streamed ones sent before the load
    acknowledged: acknowledged.length,
    stored,
    acknowledgedNotStoredAsSent: mismatched.length,
    duplicateIds: acknowledged.length - distinctIds,
    refused: Object.fromEntries(refused),
    pageRequestsAlone: pagesAlone.length,
    pageP50AloneMs: Number(percentile(pagesAlone, 50).toFixed(1)),
    pageP99AloneMs: Number(percentile(pagesAlone, 99).toFixed(1)),
    streamRate,
    streamedSubmissions: streamed,
    pageRequestsUnderLoad: pagesUnderLoad.length,
    pageP50UnderLoadMs: Number(percentile(pagesUnderLoad, 50).toFixed(1)),
    pageP99UnderLoadMs: Number(percentile(pagesUnderLoad, 99).toFixed(1)),
    pageP99Ratio: Number(
      (percentile(pagesUnderLoad, 99) / Math.max(percentile(pagesAlone, 99), 0.001)).toFixed(2),
    ),
  };

  console.log('');
  console.log(
    `POST /api/leads on loopback: ${total} valid multipart submissions, ${concurrency} concurrent clients (after 1 probe and ${streamed} streamed)`,
  );
  console.log(
    table(
      [
        'submissions/s',
        'p50 ms',
        'p99 ms',
        'max ms',
        'seconds',
        'acknowledged',
        'stored',
        'not acknowledged',
      ],
      [
        [
          figures.submissionsPerSecond.toFixed(1),
          figures.latencyP50Ms.toFixed(1),
          figures.latencyP99Ms.toFixed(1),
          figures.latencyMaxMs.toFixed(1),
          figures.seconds.toFixed(2),
          String(figures.acknowledged),
          String(figures.stored),
          String(total - loadAcknowledged),
        ],
      ],
    ),
  );
  for (const [reason, count] of refused) console.log(`  not acknowledged ×${count}: ${reason}`);
  console.log('');
  console.log(
    `GET / from one client, alone and with ${streamRate} submissions a second streaming in (${streamed} in all)`,
  );
  console.log(
    table(
      ['', 'requests', 'p50 ms', 'p99 ms'],
      [
        [
          'alone',
          String(figures.pageRequestsAlone),
          figures.pageP50AloneMs.toFixed(1),
          figures.pageP99AloneMs.toFixed(1),
        ],
        [
          'with the stream',
          String(figures.pageRequestsUnderLoad),
          figures.pageP50UnderLoadMs.toFixed(1),
          figures.pageP99UnderLoadMs.toFixed(1),
        ],
      ],
    ),
  );
  console.log(
    `Page p99 with the stream / alone: ${figures.pageP99Ratio}× (goal: within ${PAGE_P99_GOAL_RATIO}×)`,
  );
  console.log(
    'Budget: none for throughput (the README gives bench:leads no figure to meet); the contract is that every acknowledged request is stored.',
  );

  const problems: string[] = [];
  if (stored !== acknowledged.length)
    problems.push(`stored ${stored} rows but acknowledged ${acknowledged.length} requests`);
  if (mismatched.length > 0)
    problems.push(`${mismatched.length} acknowledged id(s) not stored with the data sent`);
  if (figures.duplicateIds > 0) problems.push(`${figures.duplicateIds} id(s) acknowledged twice`);
  console.log(
    problems.length === 0
      ? `OK: acknowledged ${acknowledged.length} = stored ${stored}, each under its acknowledged id`
      : `FAIL: ${problems.join('; ')}`,
  );
  const deliveries = await benchDeliveries();
  const ok = problems.length === 0 && deliveries.ok;
  console.log(JSON.stringify({ benchmark: 'leads', ...figures, deliveries, ok }));
  return ok ? 0 : 1;
}

try {
  process.exit(await main());
} catch (error) {
  console.error('bench:leads could not run:', error instanceof Error ? error.message : error);
  process.exit(1);
}
