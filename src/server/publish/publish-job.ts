/**
 * A publish of the owner's content as it is now: his changes in words become the job's message,
 * then the check, build and go-live (site-build.ts), then a commit of the content paths alone,
 * whose failure leaves the change live and says it was not saved.
 */
import type { PublishProgress, PublishResult } from '../../lib/owner-api.ts';
import { changedPages } from './changed-pages.ts';
import { changeSentence, commitMessage } from './changes.ts';
import type { ContentGit } from './content-git.ts';
import type { Git } from './git.ts';
import type { JobState } from './job.ts';
import type { Listing } from './listing.ts';
import type { SiteBuild } from './site-build.ts';

type Log = (message: string, error?: unknown) => void;

/** What each of the publisher's jobs works with */
export interface JobTools {
  jobs: JobState;
  build: SiteBuild;
  content: ContentGit;
  git: Git;
  listing: Listing;
  /** Backs the commits up, once the job's result says they were saved */
  backUp: (result: PublishResult) => void;
  log: Log;
}

export const NOT_SAVED = 'It could not be saved in the site’s history; the server’s log says why.';

/** The work of a publish claimed as `progress` */
export async function publishContent(
  { jobs, build, content, backUp, log }: JobTools,
  progress: PublishProgress,
): Promise<void> {
  try {
    const files = await content.fileChanges();
    const changes = await content.changesInWords(files);
    progress.message =
      changes.length > 0 ? changes.map(changeSentence).join('; ') : 'The site as it is';
    await build.checkBuildAndSwap(progress);
    const saved = await jobs
      .step(progress, 'save', () => content.commitContent(files, commitMessage(changes)))
      .catch((error: unknown) => {
        log('Publishing: the change is live but could not be saved in the history', error);
        return 'failed' as const;
      });
    const result = jobs.finish(progress, {
      ok: true,
      pages: changedPages(files),
      message:
        saved === 'failed'
          ? `Live: ${progress.message}. ${NOT_SAVED}`
          : `Live: ${saved ? commitMessage(changes).split('\n')[0] : 'the site was built again; nothing had changed'}`,
    });
    if (saved === true) backUp(result);
  } catch (failure) {
    jobs.finish(progress, { ok: false, failure });
  }
}
