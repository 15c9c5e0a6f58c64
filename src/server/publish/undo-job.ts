/**
 * Undo: one of the owner's commits (history.ts) taken back out with `git revert --no-commit`,
 * then checked, built and made live as a publish is, and committed "Undid: …". A failure before
 * it is live runs `git revert --abort`, so the tree is as it was.
 */
import type { PublishProgress } from '../../lib/owner-api.ts';
import { changedPages } from './changed-pages.ts';
import { UNDOES } from './history.ts';
import { StepFailure, type StartOutcome } from './job.ts';
import { NOT_SAVED, type JobTools } from './publish-job.ts';

const UNPUBLISHED =
  'You have changes that are not published yet. Publish them first, then undo the older change if you still want to.';
const NOT_OWNERS =
  'Only changes made from this page can be undone here. This one was made outside it, by whoever looks after your website.';

/** Why the owner may not undo `sha` now; undefined when he may, the job's message then naming it */
export async function undoRefusal(
  { jobs, content, log }: JobTools,
  sha: string,
  progress: PublishProgress,
): Promise<StartOutcome | undefined> {
  try {
    if ((await content.fileChanges()).length > 0) return jobs.release(409, UNPUBLISHED);
    const change = (await content.readHistory()).find((entry) => entry.commit === sha);
    if (!change) return jobs.release(400, 'That change is not in the site’s history.');
    if (!change.byOwner) return jobs.release(409, NOT_OWNERS);
    if (change.undone) return jobs.release(409, 'That change has already been undone.');
    progress.message = `Undid: ${change.message}`;
    return undefined;
  } catch (error) {
    log('Undo could not start', error);
    return jobs.release(409, 'The site’s history could not be read. Try again in a moment.');
  }
}

/** The work of an undo of `sha` claimed as `progress`, once undoRefusal has let it start */
export async function revertAndPublish(
  { jobs, build, content, git, backUp, log }: JobTools,
  sha: string,
  progress: PublishProgress,
): Promise<void> {
  let reverted = false;
  try {
    // Files the editor laid out anew but that say what the last commit says: as committed, so the revert can touch them
    const relaidOut = (await content.allFileChanges()).filter((file) => file.kind === 'changed');
    if (relaidOut.length > 0)
      await git(['checkout', 'HEAD', '--', ...relaidOut.map((file) => file.path)]);
    await git(['revert', '--no-commit', sha]).catch(async (error: unknown) => {
      log(`Undo: git revert of ${sha} failed`, error);
      await git(['revert', '--abort']).catch(() => undefined);
      throw new StepFailure(
        'That change cannot be undone on its own: a later change edited the same thing. Undo the later change first, or edit it in the editor.',
      );
    });
    reverted = true;
    // Reverting a change already taken back out leaves nothing to publish
    const reverting = (await git(['diff', '--cached', '--name-only'])).trim();
    if (reverting === '') {
      throw new StepFailure('That change has already been undone: the site no longer has it.', [], {
        saysUndo: true,
      });
    }
    await build.checkBuildAndSwap(progress);
    // Live now: the tree must stay as the live site is, even if the commit fails
    reverted = false;
    const saved = await jobs
      .step(progress, 'save', () => content.commitStaged(progress.message, `${UNDOES}: ${sha}`))
      .then(
        () => true,
        (error: unknown) => {
          log('Undo: the change is live but could not be saved in the history', error);
          return false;
        },
      );
    const result = jobs.finish(progress, {
      ok: true,
      message: `Live: ${progress.message}${saved ? '' : `. ${NOT_SAVED}`}`,
      pages: changedPages(reverting.split('\n').map((path) => ({ kind: 'changed', path }))),
    });
    if (saved) backUp(result);
  } catch (failure) {
    if (reverted) {
      await git(['revert', '--abort']).catch((error: unknown) =>
        log('Undo: the tree could not be put back', error),
      );
      if (failure instanceof StepFailure && !failure.saysUndo)
        failure.message = `The change was not undone. ${failure.message}`;
    }
    jobs.finish(progress, { ok: false, failure });
  }
}
