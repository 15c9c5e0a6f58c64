/**
 * What happens when the owner presses Publish: one publish at a time, in four steps he watches
 * (job.ts): checking the content, building the site and going live (site-build.ts), then saving
 * the change: a commit of the content paths alone, in words, by "Site owner" (content-git.ts);
 * then, when CONTENT_GIT_REMOTE is set, a push in the background, whose failure is shown, never
 * fatal (backup-push.ts).
 *
 * A failed check or build leaves the live site as it was and commits nothing. Undo reverts one of
 * the owner's commits (history.ts), then checks, builds and goes live the same way, and commits
 * "Undid: …"; if that fails, the tree is put back.
 *
 * The changes waiting and the history the owner's page asks for each second are read from git
 * once, then again only after a save in the editor (`contentChanged()`) or a job's end, never
 * while a job runs (listing.ts).
 */
import type { PublishProgress, PublishResult, SiteChange } from '../../lib/owner-api.ts';
import type { LiveSite } from '../http/live-site.ts';
import { pushInBackground } from './backup-push.ts';
import { changeSentence, commitMessage } from './changes.ts';
import { contentGit } from './content-git.ts';
import { gitIn } from './git.ts';
import { UNDOES } from './history.ts';
import { createJobState, StepFailure, type StartOutcome } from './job.ts';
import { createListing } from './listing.ts';
import { createSiteBuild } from './site-build.ts';

export type { StartOutcome } from './job.ts';

type Log = (message: string, error?: unknown) => void;

export interface PublisherOptions {
  /** The checkout whose content is edited, built and committed */
  siteDir: string;
  /** The site being served, swapped for each new build */
  live: LiveSite;
  /** The folder of the build served at start (holding `client/`) */
  servedDir: string;
  /** Where commits are pushed after each publish (CONTENT_GIT_REMOTE); none when not set */
  remote?: string | undefined;
  /** The commits' author: "Site owner" at this address */
  authorEmail: string;
  /** Told once a new build is live, with when */
  onLive?: (at: Date) => void;
  /** Whether the editor is writing a save, when no publish may begin */
  isSaving?: () => boolean;
  log: Log;
  /** Writes a failed step's whole output (its last LOGGED_OUTPUT_MAX characters) to the log; console.error when not given */
  logOutput?: (text: string) => void;
  checkTimeoutMs?: number;
  buildTimeoutMs?: number;
  removeAfterMs?: number;
}

export interface Publisher {
  /** Whether a publish or undo is running (the editor refuses to save meanwhile) */
  isBusy(): boolean;
  status(): { running: PublishProgress | null; last: PublishResult | null };
  /** Starts publishing the content as it is now */
  publish(): StartOutcome;
  /** Starts taking the commit `sha` back out; refused while there are unpublished changes */
  undo(sha: string): Promise<StartOutcome>;
  /** The site's changes, newest first: commits that touched the content, the owner's marked (history.ts) */
  history(limit: number): Promise<SiteChange[]>;
  /** The changes saved but not yet published, in words */
  pending(): Promise<string[]>;
  /** The editor has written a save: the changes waiting are read again at the next ask */
  contentChanged(): void;
  /** Settles once the publish under way (if any) has finished */
  idle(): Promise<void>;
  /** Stops a check or build under way (the server is stopping); the live site and the tree stay as they were */
  stop(): void;
}

const UNPUBLISHED =
  'You have changes that are not published yet. Publish them first, then undo the older change if you still want to.';
const NOT_OWNERS =
  'Only changes made from this page can be undone here. This one was made outside it, by whoever looks after your website.';
const NOT_SAVED = 'It could not be saved in the site’s history; the server’s log says why.';

export function createPublisher(options: PublisherOptions): Publisher {
  const { siteDir, log } = options;
  const git = gitIn(siteDir);
  const content = contentGit({ siteDir, git, authorEmail: options.authorEmail });
  // Each job's end may have changed the content and the history: the owner's page reads them again
  const jobs = createJobState({ isSaving: options.isSaving, onEnd: () => listing.changed(), log });
  const listing = createListing({ content, isBusy: () => jobs.running !== null, log });
  const build = createSiteBuild({
    siteDir,
    live: options.live,
    servedDir: options.servedDir,
    step: jobs.step,
    readText: content.readText,
    onLive: options.onLive,
    log,
    logOutput: options.logOutput ?? ((text: string) => console.error(text)),
    checkTimeoutMs: options.checkTimeoutMs,
    buildTimeoutMs: options.buildTimeoutMs,
    removeAfterMs: options.removeAfterMs,
  });
  let work: Promise<void> = Promise.resolve();

  /** Backs the commits up, once the job's result says they were saved */
  const backUp = (result: PublishResult) =>
    pushInBackground(result, { git, remote: options.remote, log });

  function publish(): StartOutcome {
    const claimed = jobs.claim('publish', 'Your changes');
    if (!claimed.started) return claimed;
    const progress = claimed.progress;
    work = (async () => {
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
          message:
            saved === 'failed'
              ? `Live: ${progress.message}. ${NOT_SAVED}`
              : `Live: ${saved ? commitMessage(changes).split('\n')[0] : 'the site was built again; nothing had changed'}`,
        });
        if (saved === true) backUp(result);
      } catch (failure) {
        jobs.finish(progress, { ok: false, failure });
      }
    })();
    return claimed;
  }

  /** Why the owner may not undo `sha` now; undefined when he may, the job's message then naming it */
  async function undoRefusal(
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

  async function undo(sha: string): Promise<StartOutcome> {
    const claimed = jobs.claim('undo', 'Undoing a change');
    if (!claimed.started) return claimed;
    const progress = claimed.progress;
    const refusal = await undoRefusal(sha, progress);
    if (refusal) return refusal;
    work = (async () => {
      let reverted = false;
      try {
        await git(['revert', '--no-commit', sha]).catch(async (error: unknown) => {
          log(`Undo: git revert of ${sha} failed`, error);
          await git(['revert', '--abort']).catch(() => undefined);
          throw new StepFailure(
            'That change cannot be undone on its own: a later change edited the same thing. Undo the later change first, or edit it in the editor.',
          );
        });
        reverted = true;
        // Reverting a change already taken back out leaves nothing to publish
        if ((await git(['diff', '--cached', '--name-only'])).trim() === '') {
          throw new StepFailure(
            'That change has already been undone: the site no longer has it.',
            [],
            { saysUndo: true },
          );
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
    })();
    return claimed;
  }

  return {
    isBusy: () => jobs.running !== null,
    status: () => ({ running: jobs.running, last: jobs.last }),
    publish,
    undo,
    history: (limit) => listing.history(limit),
    pending: () => listing.pending(),
    contentChanged: () => listing.changed(),
    idle: () => work,
    stop: () => build.stop(),
  };
}
