/**
 * Git in the site directory, for the publisher: each command at the build's low priority (the
 * server's requests come first), with a time limit, never asking for a password (a push that
 * would ask fails instead), its error carrying git's own words.
 */
import { execFile } from 'node:child_process';
import { setPriority } from 'node:os';
import { BUILD_NICENESS } from './child-step.ts';

const DEFAULT_TIMEOUT_MS = 30_000;

export type Git = (args: readonly string[], options?: { timeoutMs?: number }) => Promise<string>;

export function gitIn(cwd: string): Git {
  return (args, { timeoutMs = DEFAULT_TIMEOUT_MS } = {}) =>
    new Promise((resolve, reject) => {
      const child = execFile(
        'git',
        args,
        {
          cwd,
          timeout: timeoutMs,
          killSignal: 'SIGKILL',
          maxBuffer: 16 * 1024 * 1024,
          env: {
            ...process.env,
            GIT_TERMINAL_PROMPT: '0',
            GIT_ASKPASS: 'true',
            GIT_SSH_COMMAND: process.env['GIT_SSH_COMMAND'] ?? 'ssh -o BatchMode=yes',
            LC_ALL: 'C',
          },
        },
        (error, stdout, stderr) => {
          if (error)
            reject(new Error(`git ${args[0]} failed: ${(stderr || error.message).trim()}`));
          else resolve(stdout);
        },
      );
      try {
        if (child.pid !== undefined) setPriority(child.pid, BUILD_NICENESS);
      } catch {
        // Not allowed here, or already finished: it runs at normal priority
      }
    });
}
