/**
 * Shared by the benchmarks (scripts/bench/*.ts): free loopback ports, temporary directories,
 * the site's Node server (scripts/support/site-server.ts) on a build and a database of the
 * benchmark's own, and stopping every child at the end, also when the benchmark fails or is
 * interrupted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort } from '../support/free-port.ts';
import { HOST } from '../support/server-process.ts';
import { startSiteServer } from '../support/site-server.ts';

export { freePort, HOST, startSiteServer };

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();

/** Each child leads a process group of its own, so its helpers (nginx workers, Chromium's renderers) go with it */
function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group has already gone
  }
}
function killChildren() {
  for (const child of children) killGroup(child, 'SIGKILL');
}
function removeTempDirs() {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}
process.once('exit', () => {
  killChildren();
  removeTempDirs();
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the benchmark's processes`);
    process.exit(130);
  });
}

/** A directory under the system temp dir, removed when the benchmark exits */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `bench-${prefix}-`));
  tempDirs.add(dir);
  return dir;
}

export interface Child {
  readonly process: ChildProcess;
  /** Everything the child printed so far (stdout and stderr), for error messages */
  output(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code (null when killed) */
  stop(graceMs?: number): Promise<number | null>;
}

/** Spawns a process that the benchmark owns: it is killed when the benchmark exits */
export function startChild(
  command: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Child {
  const child = spawn(command, args, {
    cwd: options.cwd ?? process.cwd(),
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolveExit) => {
    child.once('exit', (code) => {
      killGroup(child, 'SIGKILL');
      children.delete(child);
      resolveExit(code);
    });
    child.once('error', (error) => {
      keep(Buffer.from(`\n${String(error)}\n`));
      children.delete(child);
      resolveExit(null);
    });
  });
  return {
    process: child,
    output: () => output,
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Polls `url` until it answers (any HTTP status) or the child exits or `timeoutMs` passes */
export async function waitForHttp(url: string, child: Child, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      throw new Error(
        `The process serving ${url} exited (${child.process.exitCode ?? child.process.signalCode}):\n${child.output()}`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error(
        `Nothing answered at ${url} within ${timeoutMs / 1000} s:\n${child.output()}`,
      );
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

/** Fixed-width text table; numbers and numeric-looking cells are right-aligned */
export function table(head: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = head.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const numeric = /^[-+]?[\d.,]+(?: ?(?:ms|KB|%|x))?$/;
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) =>
        numeric.test(cell) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join(
    '\n',
  );
}

/** A positive integer from the environment, or the default */
export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive integer, not ${JSON.stringify(raw)}`);
  return value;
}
