/**
 * `npm run bench:http`: requests per second and latency of the Node server (src/server/main.ts)
 * for a content page and the home page, with autocannon on loopback. When Debian's nginx is
 * installed, the same load runs against nginx serving the same build (dist/client, gzip_static),
 * and the table shows Node/nginx. Prints figures only; it fails only when it cannot run.
 *
 * Env: DIST_DIR (default dist), BENCH_SECONDS per run (default 10), BENCH_CONNECTIONS (default 50),
 * BENCH_NGINX_WORKERS (default 1: one process, like the Node server), NGINX (path of the binary).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { requireBuild } from '../support/build.ts';
import {
  envInt,
  freePort,
  HOST,
  startChild,
  startSiteServer,
  table,
  tempDir,
  waitForHttp,
  type Child,
} from './support.ts';

/** The part of autocannon's programmatic API used here (the package ships no types) */
interface Histogram {
  average: number;
  p50: number;
  p99: number;
  max: number;
}
interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  throughput: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const seconds = envInt('BENCH_SECONDS', 10);
const connections = envInt('BENCH_CONNECTIONS', 50);
const nginxWorkers = envInt('BENCH_NGINX_WORKERS', 1);
const nginxBinary = process.env['NGINX'] ?? '/usr/sbin/nginx';
const warmupSeconds = 1;

const pages = [
  { name: 'content', path: '/services/switchboard-upgrades' },
  { name: 'home', path: '/' },
] as const;

interface Run {
  server: 'node' | 'nginx';
  encoding: 'br' | 'gzip';
  page: string;
  path: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  requests: number;
  bytesPerResponse: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** One request first, so a misconfigured server is reported instead of measured */
async function preflight(url: string, encoding: 'br' | 'gzip'): Promise<void> {
  const response = await fetch(url, { headers: { 'Accept-Encoding': encoding } });
  await response.arrayBuffer();
  const served = response.headers.get('content-encoding');
  if (response.status !== 200 || served !== encoding) {
    throw new Error(
      `${url} answered ${response.status} with Content-Encoding ${served ?? 'none'} (expected 200, ${encoding})`,
    );
  }
}

async function measure(
  server: Run['server'],
  origin: string,
  encoding: Run['encoding'],
): Promise<Run[]> {
  const runs: Run[] = [];
  for (const page of pages) {
    const url = origin + page.path;
    await preflight(url, encoding);
    const headers = { 'accept-encoding': encoding };
    await autocannon({ url, connections, duration: warmupSeconds, headers });
    const result = await autocannon({ url, connections, duration: seconds, headers });
    const completed = result.requests.total;
    runs.push({
      server,
      encoding,
      page: page.name,
      path: page.path,
      requestsPerSecond: Math.round(result.requests.average),
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      latencyMaxMs: result.latency.max,
      requests: completed,
      bytesPerResponse:
        completed > 0 ? Math.round((result.throughput.average * result.duration) / completed) : 0,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
    });
    console.error(
      `  ${server} ${encoding} ${page.path}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`,
    );
  }
  return runs;
}

/** A minimal nginx for dist/client: precompressed .gz files, clean URLs, a 404 page, no logs */
function nginxConfig(prefix: string, root: string, port: number): string {
  return `daemon off;
master_process on;
worker_processes ${nginxWorkers};
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 1024; }
http {
  types {
    text/html html;
    text/css css;
    text/javascript js mjs;
    application/json json;
    application/xml xml;
    text/plain txt;
    image/svg+xml svg;
    image/avif avif;
    image/webp webp;
    image/jpeg jpg jpeg;
    image/png png;
    font/woff2 woff2;
  }
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${join(prefix, 'tmp', 'body')};
  proxy_temp_path ${join(prefix, 'tmp', 'proxy')};
  fastcgi_temp_path ${join(prefix, 'tmp', 'fastcgi')};
  uwsgi_temp_path ${join(prefix, 'tmp', 'uwsgi')};
  scgi_temp_path ${join(prefix, 'tmp', 'scgi')};
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  gzip off;
  gzip_static on;
  gzip_vary on;
  server {
    listen ${HOST}:${port};
    root ${root};
    etag on;
    location / {
      try_files $uri $uri/index.html =404;
    }
    error_page 404 /404.html;
  }
}
`;
}

async function startNginx(root: string): Promise<{ child: Child; origin: string }> {
  const prefix = tempDir('nginx');
  mkdirSync(join(prefix, 'tmp'), { recursive: true });
  const port = await freePort();
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(conf, nginxConfig(prefix, root, port));
  const child = startChild(nginxBinary, [
    '-p',
    prefix,
    '-e',
    join(prefix, 'error.log'),
    '-c',
    conf,
  ]);
  const origin = `http://${HOST}:${port}`;
  await waitForHttp(`${origin}/`, child, 15_000);
  return { child, origin };
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);

async function main(): Promise<void> {
  const dist = requireBuild();
  const hasNginx = existsSync(nginxBinary);
  console.error(
    `bench:http: ${connections} connections, ${seconds} s per run (after a ${warmupSeconds} s warm-up), build ${dist}` +
      (hasNginx
        ? `, nginx ${nginxBinary} with ${nginxWorkers} worker(s)`
        : ', no nginx (install nginx-light for the comparison)'),
  );

  const runs: Run[] = [];
  const node = await startSiteServer();
  try {
    runs.push(...(await measure('node', node.origin, 'br')));
    if (hasNginx) runs.push(...(await measure('node', node.origin, 'gzip')));
  } finally {
    await node.stop();
  }

  if (hasNginx) {
    const nginx = await startNginx(join(dist, 'client'));
    try {
      runs.push(...(await measure('nginx', nginx.origin, 'gzip')));
    } finally {
      await nginx.child.stop();
    }
  }

  const ratios = pages.flatMap((page) => {
    const nodeRun = runs.find(
      (run) => run.server === 'node' && run.encoding === 'gzip' && run.path === page.path,
    );
    const nginxRun = runs.find((run) => run.server === 'nginx' && run.path === page.path);
    if (!nodeRun || !nginxRun) return [];
    return [
      {
        path: page.path,
        requestsPerSecond: Number(
          (nodeRun.requestsPerSecond / nginxRun.requestsPerSecond).toFixed(3),
        ),
        latencyP99: Number((nodeRun.latencyP99Ms / Math.max(nginxRun.latencyP99Ms, 1)).toFixed(3)),
      },
    ];
  });

  console.log('');
  console.log(
    `HTTP on loopback: ${connections} connections, ${seconds} s per run; load average at the end ` +
      `${loadavg()
        .map((load) => load.toFixed(1))
        .join(
          ' ',
        )} on ${availableParallelism()} CPUs (autocannon, the server and anything else share them)`,
  );
  console.log(
    table(
      [
        'server',
        'encoding',
        'page',
        'req/s',
        'p50 ms',
        'p99 ms',
        'max ms',
        'requests',
        'bytes/resp',
        'non-2xx',
        'errors',
        'timeouts',
      ],
      runs.map((run) => [
        run.server,
        run.encoding,
        run.path,
        fixed(run.requestsPerSecond),
        fixed(run.latencyP50Ms),
        fixed(run.latencyP99Ms),
        fixed(run.latencyMaxMs),
        fixed(run.requests),
        fixed(run.bytesPerResponse),
        fixed(run.non2xx),
        fixed(run.errors),
        fixed(run.timeouts),
      ]),
    ),
  );
  if (ratios.length > 0) {
    console.log('');
    console.log(
      `Node/nginx, both gzip (nginx: ${nginxWorkers} worker process(es), gzip_static, no security headers)`,
    );
    console.log(
      table(
        ['page', 'req/s ratio', 'p99 ratio'],
        ratios.map((ratio) => [
          ratio.path,
          `${fixed(ratio.requestsPerSecond, 2)}x`,
          `${fixed(ratio.latencyP99, 2)}x`,
        ]),
      ),
    );
  }
  console.log('');
  console.log(
    'Budget: DESIGN.md sets no throughput or latency budget for the server; these figures are for comparison.',
  );
  const failed = runs.filter((run) => run.non2xx > 0 || run.errors > 0 || run.timeouts > 0);
  if (failed.length > 0) {
    console.log(
      `Note: ${failed.length} run(s) had non-2xx answers, errors or timeouts (see the table).`,
    );
  }
  console.log(
    JSON.stringify({
      benchmark: 'http',
      cpus: availableParallelism(),
      loadAverage: loadavg().map((load) => Number(load.toFixed(2))),
      connections,
      seconds,
      nginx: hasNginx ? { binary: nginxBinary, workers: nginxWorkers } : null,
      runs,
      nodeOverNginx: ratios,
    }),
  );
}

try {
  await main();
} catch (error) {
  console.error('bench:http could not run:', error instanceof Error ? error.message : error);
  process.exit(1);
}
