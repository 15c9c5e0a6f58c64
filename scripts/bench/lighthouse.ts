/**
 * `npm run bench:lighthouse`: Lighthouse (mobile preset: the default config, simulated
 * throttling) on one page of each type, served by the Node server from the existing build, in the
 * system Chromium, first on a quiet machine and then again while a busy loop in another process
 * keeps one core at work (as a phone's other apps do; it shows long tasks a quiet run hides).
 * Prints, for each, the medians over the runs of the four category scores, FCP, LCP, the gap
 * between them, TBT, CLS, the requests made before the first paint and the bytes transferred
 * beside the budgets, lists the audits that cost points, and writes everything to
 * test-results/lighthouse.json. Prints figures only: it fails only when a page could not be
 * audited.
 *
 * Env: DIST_DIR (default dist), CHROME_PATH (default /usr/bin/chromium), BENCH_LIGHTHOUSE_RUNS
 * (default 3 runs per page; each figure is the median of its runs), BENCH_LIGHTHOUSE_PAGES (a
 * comma-separated list of the paths below, to audit only those), BENCH_LIGHTHOUSE_THROTTLING
 * (default `simulate`, Lighthouse's model of a slow 4G phone, as PageSpeed Insights reports it;
 * `devtools` slows a real load in Chromium instead, so the browser renders the page as it arrives),
 * BENCH_LIGHTHOUSE_BUSY (default `both`: quiet, then busy; `quiet` or `busy` for one of them).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import lighthouse from 'lighthouse';
import type { Flags, Result } from 'lighthouse';
import { envInt, startChild, startSiteServer, table, tempDir, type Child } from './support.ts';
import { JS_BUDGET_BYTES, jsBudgetBytes } from '../support/budgets.ts';
import { chromiumArgs, chromiumPath as chromePath } from '../support/chromium.ts';

const KB = 1024;
const runsPerPage = envInt('BENCH_LIGHTHOUSE_RUNS', 3);
const throttlingMethod = throttling(process.env['BENCH_LIGHTHOUSE_THROTTLING'] ?? 'simulate');
const machines = machinesOf(process.env['BENCH_LIGHTHOUSE_BUSY'] ?? 'both');

type Machine = 'quiet' | 'busy';
function machinesOf(choice: string): Machine[] {
  if (choice === 'both') return ['quiet', 'busy'];
  if (choice === 'quiet' || choice === 'busy') return [choice];
  throw new Error(`BENCH_LIGHTHOUSE_BUSY: both, quiet or busy, not ${choice}`);
}

function throttling(method: string): 'simulate' | 'devtools' {
  if (method === 'simulate' || method === 'devtools') return method;
  throw new Error(`BENCH_LIGHTHOUSE_THROTTLING: simulate or devtools, not ${method}`);
}
const MAX_RETRIES = 2;
const outFile = resolve('test-results/lighthouse.json');
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof categories)[number];

/**
 * The largest paint arrives with the first, which needs no request but the page's own, and no
 * long task holds up the page even on a busy machine
 */
const budgets = {
  score: 100,
  lcpMs: 800,
  lcpAfterFcpMs: 50,
  tbtMs: 10,
  cls: 0,
  requestsBeforeFcp: 1,
  contentJsBytes: JS_BUDGET_BYTES.content,
  islandJsBytes: JS_BUDGET_BYTES.island,
};
let lighthouseVersion = '';

const pages = [
  { type: 'home', path: '/' },
  { type: 'service', path: '/services/switchboard-upgrades' },
  { type: 'service group', path: '/services/residential' },
  { type: 'emergency', path: '/services/emergency-electrician' },
  { type: 'area hub', path: '/areas/electrician-east-auckland' },
  { type: 'suburb', path: '/areas/electrician-howick' },
  { type: 'about', path: '/about' },
  { type: 'projects', path: '/projects' },
  { type: 'quote', path: '/quote' },
  { type: 'testimonials', path: '/testimonials' },
  { type: '404', path: '/no-such-page', expectedStatus: 404 },
] as const;

function selectedPages(): ReadonlyArray<(typeof pages)[number]> {
  const wanted = process.env['BENCH_LIGHTHOUSE_PAGES']?.split(',').filter(Boolean);
  if (!wanted) return pages;
  const unknown = wanted.filter((path) => !pages.some((page) => page.path === path));
  if (unknown.length > 0)
    throw new Error(`BENCH_LIGHTHOUSE_PAGES: no page type at ${unknown.join(', ')}`);
  return pages.filter((page) => wanted.includes(page.path));
}

interface FailingAudit {
  category: Category;
  id: string;
  title: string;
  score: number;
  /** The audit's weight in its category: 0 means it does not change the score by itself */
  weight: number;
  displayValue?: string;
  /** The first few rows of the audit's details: what to fix, where */
  items: string[];
  /** Failed on purpose by an error page (see errorPageAudit) */
  byDesign?: true;
}

interface PageResult {
  type: string;
  path: string;
  /** Whether another process kept a core busy while it was audited */
  machine: Machine;
  url: string;
  runtimeError: string | null;
  runWarnings: string[];
  scores: Record<Category, number | null>;
  fcpMs: number | null;
  lcpMs: number | null;
  /** LCP − FCP: how long the largest paint waits after the first */
  lcpAfterFcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** Requests (the page's own included) that started before the first paint of the real load */
  requestsBeforeFcp: number | null;
  /** Their addresses */
  requestsBeforeFcpUrls: string[];
  jsBytes: number | null;
  totalBytes: number | null;
  jsBudgetBytes: number;
  overBudget: string[];
  failingAudits: FailingAudit[];
  /** The performance score of every run of this page */
  performanceRuns: Array<number | null>;
  /** Runtime errors of earlier attempts at this run that were retried */
  retriedAfter: string[];
}

/** Starts the system Chromium with a DevTools port of its choosing, and reads the port it prints */
async function startChromium(): Promise<{ child: Child; port: number }> {
  const profile = tempDir('chromium');
  const child = startChild(chromePath, [
    '--headless=new',
    ...chromiumArgs,
    '--no-default-browser-check',
    '--remote-debugging-address=127.0.0.1',
    '--remote-debugging-port=0',
    `--user-data-dir=${profile}`,
    'about:blank',
  ]);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(child.output());
    if (match) return { child, port: Number(match[1]) };
    if (
      child.process.exitCode !== null ||
      child.process.signalCode !== null ||
      Date.now() > deadline
    ) {
      await child.stop();
      throw new Error(`Chromium (${chromePath}) did not start:\n${child.output()}`);
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

const numeric = (lhr: Result, id: string): number | null => lhr.audits[id]?.numericValue ?? null;

/**
 * The requests that started before the first contentful paint of the load Lighthouse observed
 * (not the simulated one), pictures aside (a browser never holds a paint back for one, and
 * fetches those near the top as soon as it has laid the page out): only the page's own when it
 * paints from its HTML alone
 */
function requestsBeforeFcp(lhr: Result): string[] | null {
  const metrics = lhr.audits['metrics']?.details;
  const requests = lhr.audits['network-requests']?.details;
  if (metrics?.type !== 'debugdata' || requests?.type !== 'table') return null;
  const items: unknown = metrics.items;
  const first: unknown = Array.isArray(items) ? items[0] : undefined;
  const observed = isDetail(first) ? first['observedFirstContentfulPaint'] : undefined;
  if (typeof observed !== 'number') return null;
  return requests.items
    .filter(
      (item) =>
        typeof item['rendererStartTime'] === 'number' &&
        item['rendererStartTime'] < observed &&
        item['resourceType'] !== 'Image' &&
        !(typeof item['url'] === 'string' && item['url'].startsWith('data:')),
    )
    .map((item) => (typeof item['url'] === 'string' ? item['url'] : '?'));
}

/** Transferred bytes by resource type, from the resource-summary audit */
function transferred(lhr: Result, resourceType: 'script' | 'total'): number | null {
  const details = lhr.audits['resource-summary']?.details;
  if (!details || details.type !== 'table') return null;
  const row = details.items.find((item) => item['resourceType'] === resourceType);
  return typeof row?.['transferSize'] === 'number' ? row['transferSize'] : null;
}

type Detail = Record<string, unknown>;
const isDetail = (value: unknown): value is Detail =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * One row (or nested value) of an audit's details, in a line: the message, element, URL or
 * check it names. Undefined for structures with nothing short to say (network trees).
 */
function describe(value: unknown): string | undefined {
  if (!isDetail(value))
    return text(value) ?? (typeof value === 'number' ? String(value) : undefined);
  switch (value['type']) {
    case 'node':
      return (
        [text(value['snippet']), text(value['selector'])].filter(Boolean).join(' at ') || undefined
      );
    case 'source-location':
      return text(value['url']);
    case 'text':
    case 'url':
    case 'code':
      return text(value['value']);
    case 'checklist':
      return isDetail(value['items'])
        ? Object.values(value['items'])
            .filter((check) => isDetail(check) && check['value'] === false)
            .map((check) => `not met: ${String((check as Detail)['label'])}`)
            .join('; ') || undefined
        : undefined;
    case 'table':
    case 'list':
    case 'opportunity':
      return Array.isArray(value['items'])
        ? value['items'].map(describe).filter(Boolean).slice(0, 3).join('; ') || undefined
        : undefined;
    case 'list-section':
      return describe(value['value']);
    case 'network-tree':
    case 'debugdata':
    case 'screenshot':
    case 'filmstrip':
      return undefined;
  }
  const duration =
    typeof value['duration'] === 'number' ? `${Math.round(value['duration'])} ms` : undefined;
  const parts = [
    text(value['description']),
    text(value['groupLabel']),
    duration,
    describe(value['node']),
    describe(value['source']),
    text(value['url']),
    describe(value['sourceLocation']),
  ].filter((part): part is string => part !== undefined);
  return [...new Set(parts)].join(' | ') || undefined;
}

function detailItems(details: unknown): string[] {
  if (!isDetail(details)) return [];
  const items = details['type'] === 'list-section' ? [details['value']] : details['items'];
  if (!Array.isArray(items)) return [];
  return items
    .map(describe)
    .filter((line): line is string => line !== undefined)
    .slice(0, 5)
    .map((line) => (line.length > 240 ? `${line.slice(0, 239)}…` : line));
}

/**
 * What an error page fails on purpose: it answers with its status (which the browser also logs
 * as a failed load of the document) and asks not to be indexed
 */
function errorPageAudit(audit: FailingAudit, url: string): boolean {
  if (audit.id === 'http-status-code' || audit.id === 'is-crawlable') return true;
  return (
    audit.id === 'errors-in-console' &&
    audit.items.every((item) => item.includes('status of 404') && item.endsWith(url))
  );
}

/** Audits that score below 1 in each category that is below 100 */
function failingAudits(lhr: Result, { errorPage }: { errorPage: boolean }): FailingAudit[] {
  const failing: FailingAudit[] = [];
  for (const category of categories) {
    const result = lhr.categories[category];
    if (!result || result.score === null || result.score >= 1) continue;
    for (const ref of result.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
      const failed: FailingAudit = {
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        weight: ref.weight,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        items: detailItems(audit.details),
      };
      failing.push(
        errorPage && errorPageAudit(failed, lhr.finalDisplayedUrl)
          ? { ...failed, byDesign: true }
          : failed,
      );
    }
  }
  // Audits that cost points first, then the rest by score
  return failing.sort((a, b) => Number(b.weight > 0) - Number(a.weight > 0) || a.score - b.score);
}

async function audit(
  page: (typeof pages)[number],
  origin: string,
  port: number,
  machine: Machine,
): Promise<PageResult> {
  const url = origin + page.path;
  const flags: Flags = {
    port,
    hostname: '127.0.0.1',
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
    throttlingMethod,
    // The 404 page answers 404 on purpose; without this Lighthouse refuses to audit it.
    // The SEO category still reports the status (audit http-status-code).
    ...('expectedStatus' in page ? { ignoreStatusCode: true } : {}),
  };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = result.lhr;
  lighthouseVersion = lhr.lighthouseVersion;
  const scores = Object.fromEntries(
    categories.map((category) => {
      const score = lhr.categories[category]?.score;
      return [category, typeof score === 'number' ? Math.round(score * 100) : null];
    }),
  ) as Record<Category, number | null>;
  const beforeFcp = requestsBeforeFcp(lhr);
  const pageResult: PageResult = {
    type: page.type,
    path: page.path,
    machine,
    url,
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
    runWarnings: lhr.runWarnings.map(String),
    scores,
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    lcpAfterFcpMs: null,
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    requestsBeforeFcp: beforeFcp?.length ?? null,
    requestsBeforeFcpUrls: beforeFcp ?? [],
    jsBytes: transferred(lhr, 'script'),
    totalBytes: transferred(lhr, 'total'),
    jsBudgetBytes: jsBudgetBytes(page.path),
    overBudget: [],
    failingAudits: failingAudits(lhr, { errorPage: 'expectedStatus' in page }),
    performanceRuns: [scores.performance],
    retriedAfter: [],
  };
  if (pageResult.fcpMs !== null && pageResult.lcpMs !== null)
    pageResult.lcpAfterFcpMs = pageResult.lcpMs - pageResult.fcpMs;
  return pageResult;
}

/** What a page's (median) figures exceed; a category that loses points only by design is not over */
function overBudget(page: PageResult): string[] {
  const over: string[] = [];
  for (const category of categories) {
    const score = page.scores[category];
    const costly = page.failingAudits.filter(
      (failing) => failing.category === category && failing.weight > 0,
    );
    const byDesign = costly.length > 0 && costly.every((failing) => failing.byDesign);
    if (score !== null && score < budgets.score && !byDesign) over.push(`${category} ${score}`);
  }
  if (page.lcpMs !== null && page.lcpMs > budgets.lcpMs)
    over.push(`LCP ${Math.round(page.lcpMs)} ms`);
  if (page.lcpAfterFcpMs !== null && page.lcpAfterFcpMs > budgets.lcpAfterFcpMs) {
    over.push(`LCP−FCP ${Math.round(page.lcpAfterFcpMs)} ms`);
  }
  if (page.tbtMs !== null && page.tbtMs > budgets.tbtMs)
    over.push(`TBT ${Math.round(page.tbtMs)} ms`);
  if (page.cls !== null && page.cls > budgets.cls) over.push(`CLS ${showCls(page.cls)}`);
  if (page.requestsBeforeFcp !== null && page.requestsBeforeFcp > budgets.requestsBeforeFcp)
    over.push(`${page.requestsBeforeFcp} requests before FCP`);
  if (page.jsBytes !== null && page.jsBytes > page.jsBudgetBytes)
    over.push(`JS ${(page.jsBytes / KB).toFixed(1)} KB`);
  return over;
}

const show = (value: number | null, format: (value: number) => string) =>
  value === null ? '-' : format(value);
const kb = (bytes: number) => (bytes / KB).toFixed(1);
/** CLS with enough digits that a tiny shift does not read as 0 */
const showCls = (cls: number) =>
  cls === 0 ? '0' : cls < 0.001 ? cls.toExponential(1) : cls.toFixed(3);

function printTable(results: readonly PageResult[]): void {
  console.log(
    table(
      [
        'page',
        'perf',
        'a11y',
        'best-pr',
        'seo',
        'FCP ms',
        'LCP ms',
        'LCP−FCP',
        'TBT ms',
        'CLS',
        'req<FCP',
        'JS KB',
        'JS budget',
        'total KB',
        'budgets',
      ],
      [
        [
          '(budget)',
          '100',
          '100',
          '100',
          '100',
          '-',
          `<= ${budgets.lcpMs}`,
          `<= ${budgets.lcpAfterFcpMs}`,
          `<= ${budgets.tbtMs}`,
          '0',
          `<= ${budgets.requestsBeforeFcp}`,
          '-',
          '-',
          '-',
          '',
        ],
        ...results.map((page) => [
          page.path,
          ...categories.map((category) => show(page.scores[category], String)),
          show(page.fcpMs, (ms) => ms.toFixed(0)),
          show(page.lcpMs, (ms) => ms.toFixed(0)),
          show(page.lcpAfterFcpMs, (ms) => ms.toFixed(0)),
          show(page.tbtMs, (ms) => ms.toFixed(0)),
          show(page.cls, showCls),
          show(page.requestsBeforeFcp, String),
          show(page.jsBytes, kb),
          `<= ${page.jsBudgetBytes / KB}`,
          show(page.totalBytes, kb),
          page.runtimeError
            ? 'NOT AUDITED'
            : page.overBudget.length === 0
              ? 'ok'
              : `OVER: ${page.overBudget.join(', ')}`,
        ]),
      ],
    ),
  );
}

function report(
  results: readonly PageResult[],
  meta: { lighthouseVersion: string; userAgent: string },
): void {
  console.log('');
  console.log(
    `Lighthouse ${meta.lighthouseVersion}, mobile preset (${throttlingMethod === 'simulate' ? 'simulated' : 'applied'} throttling), ${meta.userAgent}`,
  );
  console.log(
    `${runsPerPage === 1 ? '1 run per page' : `medians of ${runsPerPage} runs per page`}; ` +
      `load average at the end ${loadavg()
        .map((load) => load.toFixed(1))
        .join(
          ' ',
        )} on ${availableParallelism()} CPUs (a busy CPU raises TBT and lowers the performance score)`,
  );
  for (const machine of machines) {
    const ofMachine = results.filter((page) => page.machine === machine);
    console.log('');
    console.log(
      machine === 'quiet'
        ? 'Quiet machine (nothing else started by the benchmark):'
        : 'Busy machine (another process keeps one core at work):',
    );
    printTable(ofMachine);
  }
  console.log(
    'JS KB and total KB: bytes transferred (compressed, with headers) as Lighthouse recorded them; ' +
      'req<FCP: requests but pictures started before the first paint of the real (unthrottled) load.',
  );

  for (const page of results) {
    const notes = [
      ...(page.runtimeError ? [`  runtime error: ${page.runtimeError}`] : []),
      ...page.retriedAfter.map((error) => `  retried after: ${error}`),
      ...(page.performanceRuns.length > 1
        ? [
            `  performance scores of the ${page.performanceRuns.length} runs: ${page.performanceRuns.join(', ')}`,
          ]
        : []),
      ...page.runWarnings.map((warning) => `  warning: ${warning}`),
      ...((page.requestsBeforeFcp ?? 0) > budgets.requestsBeforeFcp
        ? [`  requests before the first paint: ${page.requestsBeforeFcpUrls.join(', ')}`]
        : []),
      ...page.failingAudits.map(
        (failing) =>
          `  ${failing.category}: ${failing.id}${failing.byDesign ? ' (by design on an error page)' : ''} — ${failing.title} (score ${failing.score.toFixed(2)}, weight ${Number(failing.weight.toFixed(2))}` +
          `${failing.displayValue ? `, ${failing.displayValue}` : ''})` +
          failing.items.map((item) => `\n      ${item}`).join(''),
      ),
    ];
    if (notes.length === 0) continue;
    console.log('');
    console.log(`${page.path} (${page.type}, ${page.machine} machine):`);
    console.log(notes.join('\n'));
  }
}

/** The median of the values a run has (the lower middle one for an even count) */
function median(values: ReadonlyArray<number | null>): number | null {
  const sorted = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  return sorted.length === 0 ? null : sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * Each figure is the median of the runs that could be audited; the failing audits are the ones of
 * the run with the median performance score.
 */
function medianRun(attempts: readonly PageResult[]): PageResult {
  const audited = attempts.filter((attempt) => !attempt.runtimeError);
  const pool = audited.length > 0 ? audited : attempts;
  const byScore = [...pool].sort(
    (a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0),
  );
  const middle = byScore[Math.floor((byScore.length - 1) / 2)]!;
  const of = (pick: (run: PageResult) => number | null) => median(pool.map(pick));
  const result: PageResult = {
    ...middle,
    scores: Object.fromEntries(
      categories.map((category) => [category, of((run) => run.scores[category])]),
    ) as Record<Category, number | null>,
    fcpMs: of((run) => run.fcpMs),
    lcpMs: of((run) => run.lcpMs),
    lcpAfterFcpMs: of((run) => run.lcpAfterFcpMs),
    tbtMs: of((run) => run.tbtMs),
    cls: of((run) => run.cls),
    requestsBeforeFcp: of((run) => run.requestsBeforeFcp),
    jsBytes: of((run) => run.jsBytes),
    totalBytes: of((run) => run.totalBytes),
    performanceRuns: attempts.map((attempt) => attempt.scores.performance),
  };
  return { ...result, overBudget: overBudget(result) };
}

/** The page audited runsPerPage times (each retried on Lighthouse's own flakes), as its median run */
async function auditRuns(
  page: (typeof pages)[number],
  origin: string,
  port: number,
  machine: Machine,
): Promise<PageResult> {
  const attempts: PageResult[] = [];
  for (let run = 0; run < runsPerPage; run++) {
    const started = Date.now();
    let result = await audit(page, origin, port, machine);
    // A trace Lighthouse could not read (NO_NAVSTART, NO_FCP…) is its own flake: try again, and say so
    const failures: string[] = [];
    for (let retry = 1; result.runtimeError && retry <= MAX_RETRIES; retry++) {
      console.error(
        `  ${page.path}: ${result.runtimeError.split(':')[0]}, trying again (${retry}/${MAX_RETRIES})`,
      );
      failures.push(result.runtimeError);
      result = await audit(page, origin, port, machine);
    }
    result.retriedAfter = failures;
    attempts.push(result);
    console.error(
      `  ${page.path} (${machine}): ${categories.map((category) => result.scores[category] ?? '-').join('/')} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  return medianRun(attempts);
}

async function main(): Promise<number> {
  const server = await startSiteServer();
  let chromium: Awaited<ReturnType<typeof startChromium>> | undefined;
  const results: PageResult[] = [];
  const meta = { lighthouseVersion: '', userAgent: '' };
  try {
    chromium = await startChromium();
    console.error(
      `bench:lighthouse: ${server.origin}, Chromium ${chromePath} (DevTools port ${chromium.port})`,
    );
    for (const machine of machines) {
      // A busy loop in a process of its own, on a core the browser would otherwise have
      const busyLoop =
        machine === 'busy' ? startChild(process.execPath, ['-e', 'for (;;);']) : undefined;
      try {
        for (const page of selectedPages())
          results.push(await auditRuns(page, server.origin, chromium.port, machine));
      } finally {
        await busyLoop?.stop();
      }
    }
    const version = await fetch(`http://127.0.0.1:${chromium.port}/json/version`).then(
      (response) => response.json() as Promise<{ Browser?: string }>,
      () => ({ Browser: undefined }),
    );
    meta.userAgent = version.Browser ?? 'Chromium';
    meta.lighthouseVersion = lighthouseVersion;
  } finally {
    await chromium?.child.stop(5000);
    await server.stop();
  }

  report(results, meta);
  const output = {
    benchmark: 'lighthouse',
    ...meta,
    preset: 'mobile',
    throttlingMethod,
    runsPerPage,
    machines,
    cpus: availableParallelism(),
    loadAverage: loadavg().map((load) => Number(load.toFixed(2))),
    budgets,
    pages: results,
  };
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify(output, null, 2)}\n`);
  console.log('');
  console.log(JSON.stringify(output));
  console.log(`Written to ${join('test-results', 'lighthouse.json')}`);

  const notAudited = results.filter((page) => page.runtimeError);
  if (notAudited.length > 0) {
    console.error(
      `Lighthouse could not audit ${notAudited.map((page) => `${page.path} (${page.machine})`).join(', ')}`,
    );
    return 1;
  }
  return 0;
}

try {
  process.exit(await main());
} catch (error) {
  console.error('bench:lighthouse could not run:', error instanceof Error ? error.message : error);
  process.exit(1);
}
