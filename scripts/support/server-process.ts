/**
 * An HTTP server as a child process, for the tests, the benchmarks and the production check:
 * started on a loopback port (a free one unless given) with the environment asked for, ready
 * once HEAD / answers 200, and stopped with SIGTERM (SIGKILL after a grace period). By default
 * the site's own server, `node src/server/main.ts`. Node built-ins only, so it runs where only
 * the run-time dependencies are installed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { freePort } from './free-port.ts';

export const HOST = '127.0.0.1';
const repoRoot = resolve(import.meta.dirname, '../..');

/** Settings of the developer's shell that would change what the server does: each start gives its own */
const SERVER_SETTINGS = [
  'PORT',
  'HOST',
  'DIST_DIR',
  'SITE_URL',
  'LEADS_DB',
  'LEADS_RATE_LIMIT',
  'TRUST_PROXY',
  'SMTP_URL',
  'LEADS_NOTIFY_TO',
  'LEADS_WEBHOOK_URL',
  'LEADS_NTFY_URL',
  'STATS_WEEKLY',
  'PUBLIC_FORM_ENDPOINT',
  'SITE_DIR',
  'CONTENT_GIT_REMOTE',
];

export interface ServerProcessOptions {
  /** The program and its arguments, run in the repository root; `node src/server/main.ts` when not given */
  command?: readonly [string, ...string[]];
  /** The server's settings (DIST_DIR, LEADS_DB, SITE_URL, …); PORT and HOST are set here */
  env?: Record<string, string>;
  /** A port the command is told about some other way (a config file) or must use; a free one when not given */
  port?: number;
  /** What must answer 200 before the server counts as started */
  readyPath?: string;
  startTimeoutMs?: number;
}

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  port: number;
  /** http://127.0.0.1:PORT, no trailing slash */
  origin: string;
  child: ChildProcess;
  /** Everything the server wrote to stdout and stderr so far */
  output(): string;
  /** Resolves when the process has exited */
  exited: Promise<ServerExit>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the server and what it started have exited */
  stop(graceMs?: number): Promise<ServerExit>;
  /** SIGKILL, then waits for the exit */
  kill(): Promise<ServerExit>;
}

const running = new Set<ServerProcess>();
// Whatever way this process ends, no server outlives it
process.once('exit', () => {
  for (const server of running) void server.kill();
});

export async function startServerProcess(
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(options.port ?? (await freePort()), options);
    } catch (error) {
      // Another process took the free port between the probe and the listen: try another one
      if (
        options.port !== undefined ||
        attempt === 3 ||
        !/EADDRINUSE/.test((error as Error).message)
      )
        throw error;
    }
  }
}

async function start(port: number, options: ServerProcessOptions): Promise<ServerProcess> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !SERVER_SETTINGS.includes(name)) env[name] = value;
  }
  Object.assign(env, { PORT: String(port), HOST, ...options.env });
  const [program, ...args] = options.command ?? [process.execPath, 'src/server/main.ts'];
  // A wrapper such as `npm run serve` leads a process group of its own, so that a signal reaches the server it starts
  const group = options.command !== undefined;
  const child = spawn(program, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: group,
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
  let hasExited = false;
  const exited = new Promise<ServerExit>((resolveExit) => {
    child.once('error', (error) => {
      output += `\n${String(error)}\n`;
      hasExited = true;
      resolveExit({ code: null, signal: null });
    });
    child.once('exit', (code, signal) => {
      hasExited = true;
      resolveExit({ code, signal });
    });
  });

  const signal = (name: NodeJS.Signals) => {
    try {
      if (group) process.kill(-child.pid!, name);
      else if (!hasExited) child.kill(name);
    } catch {
      // already gone
    }
  };
  const groupAlive = () => {
    try {
      process.kill(-child.pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  const allExited = async () => {
    const exit = await exited;
    while (group && child.pid !== undefined && groupAlive()) await sleep(50);
    return exit;
  };
  const stop = async (graceMs = 15_000) => {
    signal('SIGTERM');
    const timer = setTimeout(() => signal('SIGKILL'), graceMs);
    const exit = await allExited();
    clearTimeout(timer);
    return exit;
  };
  const kill = () => {
    signal('SIGKILL');
    return allExited();
  };
  const server: ServerProcess = {
    port,
    origin: `http://${HOST}:${port}`,
    child,
    output: () => output,
    exited,
    stop,
    kill,
  };
  running.add(server);
  void allExited().then(() => running.delete(server));

  const readyPath = options.readyPath ?? '/';
  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  for (;;) {
    if (hasExited) throw new Error(`The server exited before it answered:\n${output}`);
    if (await answers(port, readyPath)) return server;
    if (Date.now() > deadline) {
      await kill();
      throw new Error(
        `The server did not answer HEAD ${readyPath} within the time allowed:\n${output}`,
      );
    }
    await sleep(50);
  }
}

/** Whether HEAD `path` answers 200, on a connection of its own that is closed after */
function answers(port: number, path: string): Promise<boolean> {
  return new Promise((resolveAnswer) => {
    const probe = request(
      { host: HOST, port, path, method: 'HEAD', agent: false, timeout: 2000 },
      (response) => {
        response.resume();
        resolveAnswer(response.statusCode === 200);
      },
    );
    probe.on('timeout', () => probe.destroy());
    probe.on('error', () => resolveAnswer(false));
    probe.end();
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((wake) => setTimeout(wake, ms));
}
