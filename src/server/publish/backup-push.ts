/**
 * The copy of the site's history kept elsewhere: after each commit of a publish or undo, when
 * CONTENT_GIT_REMOTE is set, the branch is pushed there in the background. Its state shows in the
 * job's result (sending, sent, failed and why); a failure is never fatal, and the next publish's
 * push sends every commit not yet sent.
 */
import type { PublishResult } from '../../lib/owner-api.ts';
import type { Git } from './git.ts';

type Log = (message: string, error?: unknown) => void;

export const PUSH_TIMEOUT_MS = 60_000;

/** Starts pushing the checkout's branch to `remote`, telling `result` how it goes; nothing without a remote */
export function pushInBackground(
  result: PublishResult,
  { git, remote, log }: { git: Git; remote: string | undefined; log: Log },
): void {
  if (!remote) return;
  result.backup = 'sending';
  void (async () => {
    try {
      const branch = (await git(['symbolic-ref', '--short', 'HEAD'])).trim();
      await git(['push', '--quiet', remote, `HEAD:refs/heads/${branch}`], {
        timeoutMs: PUSH_TIMEOUT_MS,
      });
      result.backup = 'sent';
    } catch (error) {
      log(`Publishing: the commits could not be pushed to CONTENT_GIT_REMOTE`, error);
      result.backup = 'failed';
      result.backupProblem = `The copy of the site's history could not be sent: ${(error as Error).message}`;
    }
  })();
}
