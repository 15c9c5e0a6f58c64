/**
 * What happens when the owner presses Publish: one publish at a time, in four steps he watches
 * (job.ts): checking the content, building the site and going live (site-build.ts), then saving
 * the change: a commit of the content paths alone, in words, by "Site owner" (content-git.ts,
 * publish-job.ts); then, when CONTENT_GIT_REMOTE is set, a push in the background, whose failure
 * is shown, never fatal (backup-push.ts).
 *
 * A failed check or build leaves the live site as it was and commits nothing. Undo reverts one of
 * the owner's commits (history.ts), then checks, builds and goes live the same way, and commits
 * "Undid: …"; if that fails, the tree is put back (undo-job.ts). A scheduled build sets the
 * unpublished changes aside meanwhile (scheduled-build.ts); Discard drops them (discard.ts).
 *
 * The changes waiting and the history the owner's page asks for each second are read from git
 * once, then again only after a save in the editor (`contentChanged()`) or a job's end, never
 * while a job runs (listing.ts).
 */
import type { PublishProgress, PublishResult, SiteChange } from '../../lib/owner-api.ts';
import type { LiveSite } from '../http/live-site.ts';
import { nzDay } from '../support/days.ts';
import { pushInBackground } from './backup-push.ts';
import { contentGit } from './content-git.ts';
import { createDiscarder, DISCARD_BUSY, type DiscardOutcome } from './discard.ts';
import { gitIn } from './git.ts';
import { createJobState, type StartOutcome } from './job.ts';
import { createListing } from './listing.ts';
import { publishContent, type JobTools } from './publish-job.ts';
import { rebuildLive, restoreSetAside } from './scheduled-build.ts';
import { createSiteBuild } from './site-build.ts';
import { revertAndPublish, undoRefusal } from './undo-job.ts';

export type { StartOutcome } from './job.ts';
export type { DiscardOutcome } from './discard.ts';

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

export function createPublisher(options: PublisherOptions): Publisher {
  const { siteDir, log } = options;
  const now = options.now ?? (() => new Date());
  const git = gitIn(siteDir);
  let liveDay = options.servedDay;
  const content = contentGit({ siteDir, git, authorEmail: options.authorEmail });
  // Each job's end may have changed the content and the history: the owner's page reads them again
  const jobs = createJobState({ isSaving: options.isSaving, onEnd: () => listing.changed(), log });
  const listing = createListing({ content, isBusy: () => jobs.running !== null, log });
  const discarder = createDiscarder({
    siteDir,
    git,
    content,
    isBusy: () => jobs.running !== null || options.isSaving?.() === true,
    onEnd: () => listing.changed(),
    log,
  });
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
  const tools: JobTools = {
    jobs,
    build,
    content,
    git,
    listing,
    backUp: (result: PublishResult) =>
      pushInBackground(result, { git, remote: options.remote, log }),
    log,
  };
  let work: Promise<void> = Promise.resolve();

  /** Claims the publisher for a job and starts `run` on it; refused while a discard is under way */
  function start(
    kind: PublishProgress['kind'],
    message: string,
    run: (progress: PublishProgress) => Promise<void>,
  ): StartOutcome {
    if (discarder.running) return { started: false, status: 409, error: DISCARD_BUSY };
    const claimed = jobs.claim(kind, message);
    if (claimed.started) work = run(claimed.progress);
    return claimed;
  }

  async function undo(sha: string): Promise<StartOutcome> {
    if (discarder.running) return { started: false, status: 409, error: DISCARD_BUSY };
    const claimed = jobs.claim('undo', 'Undoing a change');
    if (!claimed.started) return claimed;
    const refusal = await undoRefusal(tools, sha, claimed.progress);
    if (refusal) return refusal;
    work = revertAndPublish(tools, sha, claimed.progress);
    return claimed;
  }

  return {
    isBusy: () => jobs.running !== null || discarder.running,
    status: () => ({ running: jobs.running, last: jobs.last }),
    publish: () => start('publish', 'Your changes', (progress) => publishContent(tools, progress)),
    rebuild: (reason) =>
      start('publish', reason, (progress) => rebuildLive(tools, reason, progress)),
    liveDay: () => liveDay,
    recoverSetAside: () =>
      (jobs.running ? Promise.resolve() : restoreSetAside(tools)).catch((error: unknown) =>
        log('The stash of set-aside changes could not be read', error),
      ),
    liveText: content.committedText,
    discard: () => discarder.discard(),
    undo,
    history: (limit) => listing.history(limit),
    pending: () => listing.pending(),
    contentChanged: () => listing.changed(),
    idle: () => work,
    stop: () => build.stop(),
  };
}
