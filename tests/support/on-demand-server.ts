/**
 * A browser tests' server that starts only when a test needs it (e2e-servers.ts): the first
 * Playwright worker to ask starts it as a process of its own, the others wait until it answers,
 * and the run's global teardown (e2e-global.ts) stops it. What each server did is in its state
 * folder under .cache/e2e-servers/: its process id, and its output (shown when it fails to start).
 */
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../..');
const stateRoot = join(repoRoot, '.cache', 'e2e-servers');

export interface OnDemandServer {
  /** Names its state folder, with its port */
  name: string;
  port: number;
  /** What must answer before it counts as started */
  url: string;
  /** Node's arguments, run in the repository root */
  args: readonly string[];
  /** Its settings, over this process's environment; called when it starts */
  env: () => Record<string, string>;
  startTimeoutMs: number;
}

const stateDir = (server: OnDemandServer) => join(stateRoot, `${server.port}-${server.name}`);

async function answers(url: string): Promise<boolean> {
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await answer.body?.cancel();
    return answer.ok;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

/** Starts `server` unless a worker of this run already has; resolves once it answers */
export async function ensureServer(server: OnDemandServer): Promise<void> {
  const dir = stateDir(server);
  const log = join(dir, 'output.log');
  const failed = join(dir, 'failed');
  mkdirSync(stateRoot, { recursive: true });
  let starter = false;
  try {
    mkdirSync(dir); // the one atomic step: whoever makes the folder starts the server
    starter = true;
  } catch {
    // another worker has started it, or is starting it
  }
  if (starter) {
    if (await answers(server.url)) {
      writeFileSync(failed, '');
      throw new Error(
        `Something else already answers at ${server.url}: stop it, or set E2E_PORT to other ports`,
      );
    }
    const output = openSync(log, 'a');
    const child = spawn(process.execPath, server.args, {
      cwd: repoRoot,
      env: { ...process.env, ...server.env() },
      stdio: ['ignore', output, output],
      // A group of its own, so the teardown stops whatever it starts, and it outlives this worker
      detached: true,
    });
    closeSync(output);
    child.unref();
    writeFileSync(join(dir, 'pid'), String(child.pid));
    child.once('exit', (code, signal) => writeFileSync(failed, `exited with ${code ?? signal}`));
  }
  const deadline = Date.now() + server.startTimeoutMs;
  while (!(await answers(server.url))) {
    if (existsSync(failed) || Date.now() > deadline) {
      const tail = existsSync(log)
        ? readFileSync(log, 'utf8').trimEnd().split('\n').slice(-30).join('\n')
        : '';
      throw new Error(`The ${server.name} server at ${server.url} did not start:\n${tail}`);
    }
    await sleep(100);
  }
}

/** Stops every server this worktree's runs started, and forgets them (global setup and teardown) */
export async function stopServers(): Promise<void> {
  if (!existsSync(stateRoot)) return;
  const groups: number[] = [];
  for (const entry of readdirSync(stateRoot)) {
    const pidFile = join(stateRoot, entry, 'pid');
    if (!existsSync(pidFile)) continue;
    const pid = Number(readFileSync(pidFile, 'utf8'));
    try {
      process.kill(-pid, 'SIGTERM');
      groups.push(pid);
    } catch {
      // already gone
    }
  }
  const alive = (pid: number) => {
    try {
      process.kill(-pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const deadline = Date.now() + 15_000;
  while (groups.some(alive) && Date.now() < deadline) await sleep(100);
  for (const pid of groups.filter(alive)) process.kill(-pid, 'SIGKILL');
  rmSync(stateRoot, { recursive: true, force: true });
}
