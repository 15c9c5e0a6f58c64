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
import { homePath } from '../../config/routes.ts';
import { changedPages } from './changed-pages.ts';
import { changeSentence, commitMessage } from './changes.ts';
import { contentGit } from './content-git.ts';
import { removeAdded } from './content-paths.ts';
import { nzDay } from '../support/days.ts';
import { gitIn } from './git.ts';
import { UNDOES } from './history.ts';
import { createJobState, StepFailure, type StartOutcome } from './job.ts';
import { createListing } from './listing.ts';
import { createSiteBuild } from './site-build.ts';

export type { StartOutcome } from './job.ts';

type Log = (message: string, error?: unknown) => void;

/** Whether the unpublished changes were discarded, and what was, in words; when not, why */
export type DiscardOutcome =
  { discarded: true; changes: string[] } | { discarded: false; status: 409; error: string };

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
  /** The New Zealand day the build served at start speaks for; unknown when not given */
  servedDay?: string | undefined;
  /** The clock that decides the day each build speaks for (a test's fake one, else the system's) */
  now?: () => Date;
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
  /**
   * Starts building the live content again for today (a closure's first day or the day after its
   * last): the owner's unpublished changes are set aside meanwhile and kept, and nothing is committed
   */
  rebuild(reason: string): StartOutcome;
  /** Puts back unpublished changes a scheduled build set aside when the server stopped during it */
  recoverSetAside(): Promise<void>;
  /** The New Zealand day the live build speaks for; undefined when not known */
  liveDay(): string | undefined;
  /** The committed (live) text of a content file; undefined when there is none */
  liveText(path: string): Promise<string | undefined>;
  /** Puts the owner's content back as it was last published, dropping every unpublished change */
  discard(): Promise<DiscardOutcome>;
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
const DISCARD_BUSY =
  'The site is being published, or a change is being saved. Discard again once it has finished.';
const DISCARD_FAILED =
  'Your changes could not be discarded. Nothing was lost; the server’s log says why. Try again in a moment.';
/** The message of the stash that holds the owner's unpublished changes while a scheduled build runs */
const SET_ASIDE = 'Site owner: unpublished changes set aside during a scheduled build';

export function createPublisher(options: PublisherOptions): Publisher {
  const { siteDir, log } = options;
  const now = options.now ?? (() => new Date());
  const git = gitIn(siteDir);
  let liveDay = options.servedDay;
  /** Whether a discard is under way: the editor must not save meanwhile, nor a publish begin */
  let discarding = false;
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
    today: () => nzDay(now()),
    onLive: (at, day) => {
      liveDay = day;
      options.onLive?.(at);
    },
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
    if (discarding) return { started: false, status: 409, error: DISCARD_BUSY };
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
    })();
    return claimed;
  }

  /** Takes back changes a scheduled build set aside and a stop left there; logs when they cannot be */
  async function restoreSetAside(): Promise<void> {
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

  function rebuild(reason: string): StartOutcome {
    if (discarding) return { started: false, status: 409, error: DISCARD_BUSY };
    const claimed = jobs.claim('publish', reason);
    if (!claimed.started) return claimed;
    const progress = claimed.progress;
    work = (async () => {
      let setAside = false;
      try {
        await restoreSetAside();
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
        if (setAside) await restoreSetAside();
        listing.changed();
      }
    })();
    return claimed;
  }

  async function discard(): Promise<DiscardOutcome> {
    if (discarding || jobs.running || options.isSaving?.())
      return { discarded: false, status: 409, error: DISCARD_BUSY };
    discarding = true;
    try {
      const files = await content.allFileChanges();
      const changes = (await content.changesInWords(await content.fileChanges())).map(
        changeSentence,
      );
      const added = files.filter((file) => file.kind === 'added').map((file) => file.path);
      const committed = files.filter((file) => file.kind !== 'added').map((file) => file.path);
      if (committed.length > 0) await git(['checkout', 'HEAD', '--', ...committed]);
      if (added.length > 0) {
        await git(['rm', '--cached', '--quiet', '--ignore-unmatch', '--', ...added]);
        await removeAdded(siteDir, added);
      }
      return { discarded: true, changes };
    } catch (error) {
      log('Discarding the unpublished changes failed', error);
      return { discarded: false, status: 409, error: DISCARD_FAILED };
    } finally {
      discarding = false;
      listing.changed();
    }
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
    if (discarding) return { started: false, status: 409, error: DISCARD_BUSY };
    const claimed = jobs.claim('undo', 'Undoing a change');
    if (!claimed.started) return claimed;
    const progress = claimed.progress;
    const refusal = await undoRefusal(sha, progress);
    if (refusal) return refusal;
    work = (async () => {
      let reverted = false;
      try {
        // Files the editor laid out anew but that say what the last commit says: as committed, so the revert can touch them
        const relaidOut = (await content.allFileChanges()).filter(
          (file) => file.kind === 'changed',
        );
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
    })();
    return claimed;
  }

  return {
    isBusy: () => jobs.running !== null || discarding,
    status: () => ({ running: jobs.running, last: jobs.last }),
    publish,
    rebuild,
    liveDay: () => liveDay,
    recoverSetAside: () =>
      (jobs.running ? Promise.resolve() : restoreSetAside()).catch((error: unknown) =>
        log('The stash of set-aside changes could not be read', error),
      ),
    liveText: content.committedText,
    discard,
    undo,
    history: (limit) => listing.history(limit),
    pending: () => listing.pending(),
    contentChanged: () => listing.changed(),
    idle: () => work,
    stop: () => build.stop(),
  };
}
