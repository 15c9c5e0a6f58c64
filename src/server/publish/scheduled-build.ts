/**
 * A scheduled build (a closure's first day or the day after its last) builds the live content
 * again for today: the owner's unpublished changes are set aside in a git stash meanwhile and put
 * back after, and nothing is committed. A stash a stopped server left is put back at start.
 */
import type { PublishProgress } from '../../lib/owner-api.ts';
import { homePath } from '../../config/routes.ts';
import type { JobTools } from './publish-job.ts';

/** The message of the stash that holds the owner's unpublished changes while a scheduled build runs */
const SET_ASIDE = 'Site owner: unpublished changes set aside during a scheduled build';

/** Takes back changes a scheduled build set aside and a stop left there; logs when they cannot be */
export async function restoreSetAside({ git, log }: Pick<JobTools, 'git' | 'log'>): Promise<void> {
  const stashes = await git(['stash', 'list', '--format=%gd %s']);
  const held = stashes.split('\n').find((line) => line.endsWith(SET_ASIDE));
  if (!held) return;
  await git(['stash', 'pop', '--quiet', held.split(' ')[0]!]).catch((error: unknown) =>
    log(
      `The owner's unpublished changes are kept in git's ${held.split(' ')[0]!}; they could not be put back`,
      error,
    ),
  );
}

/** The work of a scheduled build claimed as `progress`, for `reason` */
export async function rebuildLive(
  tools: JobTools,
  reason: string,
  progress: PublishProgress,
): Promise<void> {
  const { jobs, build, content, git, listing } = tools;
  let setAside = false;
  try {
    await restoreSetAside(tools);
    const waiting = await content.fileChanges();
    if (waiting.length > 0) {
      await git([
        'stash',
        'push',
        '--include-untracked',
        '--quiet',
        '-m',
        SET_ASIDE,
        '--',
        ...waiting.map((file) => file.path),
      ]);
      setAside = true;
    }
    await build.checkBuildAndSwap(progress);
    await jobs.step(progress, 'save', () => Promise.resolve());
    jobs.finish(progress, { ok: true, message: `Live: ${reason}`, pages: [homePath] });
  } catch (failure) {
    jobs.finish(progress, { ok: false, failure });
  } finally {
    if (setAside) await restoreSetAside(tools);
    listing.changed();
  }
}
