/**
 * Starts the real server (`node src/server/main.ts`, through scripts/support/site-server.ts)
 * for the tests in tests/server: on a free loopback port, against the built dist/ (DIST_DIR),
 * with its own LEADS_DB, and stops it again. Also a small HTTP client that sends paths exactly
 * as given (no URL normalisation, unlike fetch) and a raw-socket exchange for malformed HTTP.
 */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {
  Agent,
  request as httpRequest,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
} from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { afterAll } from 'vitest';
import {
  clientDir,
  requireBuild as requireBuiltFiles,
  startSiteServer,
  type SiteServer,
} from './script-helpers.ts';

export const repoRoot = resolve(import.meta.dirname, '../..');

/** Text that only the canary files outside the served directory contain */
export const CANARY = `canary-outside-the-build-${process.pid}-${Date.now().toString(36)}`;

/** Throws a clear error unless the build (scripts/support/build.ts) has its home and 404 pages, and this is Node 24 */
export function requireBuild(): void {
  requireBuiltFiles([join('client', 'index.html'), join('client', '404.html')]);
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 24) {
    throw new Error(
      `tests/server need Node 24 (this is ${process.version}); run them with \`npm run test:server\`.`,
    );
  }
}

const tempDirs: string[] = [];
const servers = new Set<SiteServer>();

/** After each test file: no server left running, no temporary directory left behind */
afterAll(async () => {
  await Promise.all([...servers].map((server) => server.kill()));
  servers.clear();
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temporary directory, removed after the test file */
export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `server-test-${prefix}-`));
  tempDirs.push(dir);
  return dir;
}

/**
 * A DIST_DIR in a temporary directory that links to the real build, with canary files next to
 * it and one level up, so a response that leaks a file from outside dist/client shows CANARY.
 */
function sandboxDist(root: string): string {
  const dist = join(root, 'dist');
  mkdirSync(dist);
  symlinkSync(clientDir, join(dist, 'client'), 'dir');
  writeFileSync(join(dist, 'canary.txt'), `${CANARY}\n`);
  writeFileSync(join(root, 'canary.txt'), `${CANARY}\n`);
  writeFileSync(join(root, 'index.html'), `<!doctype html><title>${CANARY}</title>`);
  return dist;
}

export interface ServerOptions {
  /** SQLite file for the leads; a new temporary file when not given */
  leadsDb?: string;
  /** Extra environment (SITE_URL, LEADS_RATE_LIMIT, …) */
  env?: Record<string, string>;
  /** How long to wait for the first answer */
  startTimeoutMs?: number;
}

export interface RunningServer extends SiteServer {
  /** Keep-alive connections for `send`, closed when the server is stopped or killed */
  agent: Agent;
}

/**
 * Keep-alive connections like a browser's, given up before the server closes them. Node's agent
 * follows the server's `Keep-Alive: timeout=` only when it has a timeout of its own; without
 * one it keeps idle connections forever, and a request sent on one just as the server closes it
 * fails with "socket hang up". The timeout here bounds only idle connections, as each request
 * sets its own.
 */
export function keepAliveAgent(maxSockets = 16): Agent {
  return new Agent({ keepAlive: true, maxSockets, timeout: 5 * 60_000 });
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  requireBuild();
  const root = makeTempDir('run');
  const server = await startSiteServer({
    distDir: sandboxDist(root),
    leadsDb: options.leadsDb ?? join(root, 'leads.sqlite'),
    env: options.env,
    startTimeoutMs: options.startTimeoutMs ?? 20_000,
  });
  servers.add(server);
  const agent = keepAliveAgent();
  return {
    ...server,
    agent,
    stop: (graceMs = 15_000) => {
      agent.destroy();
      return server.stop(graceMs);
    },
    kill: () => {
      agent.destroy();
      return server.kill();
    },
  };
}

export interface SendOptions {
  method?: string;
  /** Sent exactly as given */
  path: string;
  headers?: OutgoingHttpHeaders;
  body?: string | Buffer | undefined;
  timeoutMs?: number;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** Header names and values as they came, to count repeated headers */
  rawHeaders: string[];
  body: Buffer;
  text(): string;
}

/** Node's client sends a DELETE or OPTIONS body without a length unless told it */
function withLength({ body, headers = {} }: SendOptions): OutgoingHttpHeaders {
  const named = Object.keys(headers).map((name) => name.toLowerCase());
  if (body === undefined || named.includes('content-length') || named.includes('transfer-encoding'))
    return headers;
  return { 'Content-Length': Buffer.byteLength(body), ...headers };
}

/**
 * One HTTP request to the server, with the path sent as given and the body read in full. A GET or
 * HEAD that finds its kept-alive connection closed before any answer is sent once more on a new
 * one, as browsers and proxies do (RFC 9110, 9.2.2): the server may close an idle connection
 * just as a request sets out on it.
 */
export function send(
  server: { port: number; agent?: Agent },
  options: SendOptions,
): Promise<Answer> {
  const idempotent = ['GET', 'HEAD'].includes(options.method ?? 'GET');
  return sendOnce(server, options, idempotent);
}

function sendOnce(
  server: { port: number; agent?: Agent },
  options: SendOptions,
  mayRetry: boolean,
): Promise<Answer> {
  return new Promise((resolveAnswer, reject) => {
    let answered = false;
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: withLength(options),
        agent: server.agent ?? false,
        timeout: options.timeoutMs ?? 10_000,
      },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolveAnswer({
            status: response.statusCode ?? 0,
            headers: response.headers,
            rawHeaders: response.rawHeaders,
            body,
            text: () => body.toString('utf8'),
          });
        });
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`No answer to ${options.method ?? 'GET'} ${options.path} in time`)),
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (request.reusedSocket && !answered && mayRetry && error.code === 'ECONNRESET') {
        resolveAnswer(sendOnce({ port: server.port }, options, false));
        return;
      }
      if (request.reusedSocket) error.message += ' (on a reused keep-alive connection)';
      reject(error);
    });
    request.end(options.body);
  });
}

export interface RawExchange {
  /** Everything the server sent, as latin1 text */
  received: string;
  /** Status codes of every response in `received` */
  statuses: number[];
  /** Whether the server closed the connection (rather than the test, when it went quiet) */
  closedByServer: boolean;
}

/** How long `rawExchange` waits for the first byte of an answer, whatever its `idleMs` */
const FIRST_ANSWER_MS = 2000;

/**
 * Writes `chunks` to a fresh connection (pausing `gapMs` between them) and collects what comes
 * back until the server closes the connection, nothing more arrives for `idleMs` (before the
 * first byte, at least FIRST_ANSWER_MS), or `timeoutMs` passes. The connection stays open for
 * writing unless `endAfterWrite` (Node's server drops requests that are still being answered
 * when the client half-closes).
 */
export function rawExchange(
  port: number,
  chunks: readonly (string | Buffer)[],
  {
    timeoutMs = 3000,
    idleMs = 300,
    gapMs = 0,
    endAfterWrite = false,
  }: { timeoutMs?: number; idleMs?: number; gapMs?: number; endAfterWrite?: boolean } = {},
): Promise<RawExchange> {
  return new Promise((resolveExchange) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let closedByServer = false;
    let written = false;
    let done = false;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(idle);
      socket.destroy();
      const text = Buffer.concat(received).toString('latin1');
      const statuses = [...text.matchAll(/HTTP\/1\.[01] (\d{3}) /g)].map((match) =>
        Number(match[1]),
      );
      resolveExchange({ received: text, statuses, closedByServer });
    };
    const waitForQuiet = () => {
      clearTimeout(idle);
      if (!written) return;
      // A busy machine may take a while to answer at all; once answering, a pause of idleMs ends it
      const quietMs = received.length > 0 ? idleMs : Math.max(idleMs, FIRST_ANSWER_MS);
      const chunksSoFar = received.length;
      // Timers run before sockets are read: one turn more lets an answer already here count
      idle = setTimeout(
        () => setImmediate(() => received.length === chunksSoFar && finish()),
        quietMs,
      );
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      waitForQuiet();
    });
    for (const event of ['end', 'close', 'error']) {
      socket.on(event, () => {
        if (!done) closedByServer = true;
        finish();
      });
    }
    const send = async () => {
      for (const [index, chunk] of chunks.entries()) {
        if (index > 0 && gapMs > 0) await new Promise((wait) => setTimeout(wait, gapMs));
        if (done || !socket.writable) return;
        socket.write(chunk);
      }
      if (endAfterWrite && socket.writable) socket.end();
      written = true;
      waitForQuiet();
    };
    socket.once('connect', () => void send());
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((wake) => setTimeout(wake, ms));
}

export interface BuiltFile {
  /** The URL path the file answers at: `services/index.html` → `/services` */
  urlPath: string;
  /** Path inside dist/client, with forward slashes */
  relativePath: string;
  absolutePath: string;
  hasBrotli: boolean;
  hasGzip: boolean;
}

/** Every file of dist/client except the precompressed copies, read from the disk (not from the server's code) */
export function builtFiles(): BuiltFile[] {
  const files: BuiltFile[] = [];
  const names = new Set(
    readdirSync(clientDir, { recursive: true, encoding: 'utf8' }).map((name) =>
      name.split(sep).join('/'),
    ),
  );
  for (const relativePath of [...names].sort()) {
    const absolutePath = join(clientDir, relativePath);
    if (
      relativePath.endsWith('.br') ||
      relativePath.endsWith('.gz') ||
      !statSync(absolutePath).isFile()
    )
      continue;
    const urlPath =
      relativePath === 'index.html' ? '/' : `/${relativePath.replace(/(?:^|\/)index\.html$/, '')}`;
    files.push({
      urlPath,
      relativePath,
      absolutePath,
      hasBrotli: names.has(`${relativePath}.br`),
      hasGzip: names.has(`${relativePath}.gz`),
    });
  }
  return files;
}

/** Runs `work` over `items` with at most `limit` at a time, in order of the results */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The status a built HTML page declares for itself (`prerender-status-code`), 200 when none */
export function declaredStatus(html: string): number {
  return Number(/<meta name="prerender-status-code" content="(\d{3})"/.exec(html)?.[1] ?? 200);
}
