/**
 * Runs one step of a publish (`astro sync`, `astro build`) as a child process: at low priority,
 * so pages keep being served quickly while it works; its output captured for the log; stopped
 * with everything it started when it runs past its time.
 */
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

/** Niceness of a build: the server's requests come first */
export const BUILD_NICENESS = 15;

export interface StepOutcome {
  ok: boolean;
  /** Everything it wrote to stdout and stderr */
  output: string;
  timedOut: boolean;
}

export function runChildStep(
  command: string,
  args: readonly string[],
  {
    cwd,
    timeoutMs,
    env = process.env,
    signal,
  }: { cwd: string; timeoutMs: number; env?: NodeJS.ProcessEnv; signal?: AbortSignal },
): Promise<StepOutcome> {
  return new Promise((done) => {
    let output = '';
    let timedOut = false;
    // Its own process group, so a timeout stops Astro's workers too
    const child = spawn(command, args, {
      cwd,
      env: { ...env, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    try {
      if (child.pid !== undefined) setPriority(child.pid, BUILD_NICENESS);
    } catch {
      // Not allowed here: it runs at normal priority
    }
    const take = (chunk: Buffer) => (output += chunk.toString());
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    const stop = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    // The server is stopping: the build must not outlive it
    signal?.addEventListener('abort', stop, { once: true });
    const timer = setTimeout(() => {
      timedOut = true;
      output += `\n[stopped after ${Math.round(timeoutMs / 1000)} s]\n`;
      stop();
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      done({ ok: false, output: `${output}\n${String(error)}`, timedOut });
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      done({ ok: code === 0 && !timedOut, output, timedOut });
    });
  });
}
