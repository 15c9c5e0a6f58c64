/**
 * What happens when the owner presses Publish: one publish at a time, in four steps he watches.
 *
 * 1. Checking the content: `astro sync` validates every entry against its schema.
 * 2. Building the site: `astro build` into a fresh folder (builds.ts), at low priority, with a
 *    time limit.
 * 3. Going live: the new build is opened, checked for the pages the server needs, and swapped in
 *    at once (http/live-site.ts); after a grace period, as requests may still be reading them,
 *    every build folder is removed but the live one, the one before it and one being built.
 * 4. Saving the change: a commit of the content paths alone, in words, by "Site owner"; then, when
 *    CONTENT_GIT_REMOTE is set, a push in the background, whose failure is shown, never fatal.
 *
 * A failed check or build leaves the live site as it was and commits nothing, and says which entry
 * and field to fix (or, for another failure, Astro's first lines); Astro's whole output goes to the
 * log. Undo reverts one of the owner's commits (history.ts), then checks, builds and goes live the
 * same way, and commits "Undid: …"; if that fails, the tree is put back.
 *
 * The changes waiting and the history the owner's page asks for each second are read from git
 * once per change of the content or of git's state (fingerprint.ts), and not at all while a job
 * runs.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PUBLISH_STEPS, type PublishProgress, type PublishResult, type PublishStepName, type SiteChange } from '../../lib/owner-api.ts';
import { missingPages, type LiveSite } from '../http/live-site.ts';
import { openSite } from '../http/site-files.ts';
import { truncate, withoutControls } from '../support/plain-text.ts';
import { describeProblems, failureLines, parseAstroProblems, withoutColours } from './astro-problems.ts';
import { freshBuildFolder, markComplete, removeUnusedBuilds } from './builds.ts';
import { changeSentence, commitMessage, describeChanges, parsePorcelain, type Change, type FileChange } from './changes.ts';
import { runChildStep } from './child-step.ts';
import { contentLinks } from './content-links.ts';
import { CONTENT_DIR, CONTENT_PATHS } from './content-paths.ts';
import { contentFingerprint } from './fingerprint.ts';
import { gitIn, type Git } from './git.ts';
import { AUTHOR_NAME, historyLogArgs, parseHistory, UNDOES } from './history.ts';

type Log = (message: string, error?: unknown) => void;

export const CHECK_TIMEOUT_MS = 2 * 60_000;
export const BUILD_TIMEOUT_MS = 5 * 60_000;
export const PUSH_TIMEOUT_MS = 60_000;
/** How long a replaced build stays on disk for the requests still reading it */
export const REMOVE_AFTER_MS = 2 * 60_000;
/** The commits read for the history; those the page lists, and the undos that name them, are among them */
const HISTORY_SCAN = 100;
/** The most of a failed step's output the log takes: its end, where Astro says why */
export const LOGGED_OUTPUT_MAX = 20_000;

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

/** Whether a publish or undo started; when not, why, and the one running */
export type StartOutcome =
  { started: true; progress: PublishProgress } | { started: false; status: 400 | 409; error: string; running?: PublishProgress };

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
  /** Settles once the publish under way (if any) has finished */
  idle(): Promise<void>;
  /** Stops a check or build under way (the server is stopping); the live site and the tree stay as they were */
  stop(): void;
}

const BUSY = 'The site is being published. Wait for it to finish.';
const SAVING = 'A change is being saved in the editor. Publish again in a moment.';
const UNPUBLISHED = 'You have changes that are not published yet. Publish them first, then undo the older change if you still want to.';
const BUILD_FAILED = 'The site could not be built. Nothing has changed on the live site. The server’s log has the details.';
const NOT_OWNERS =
  'Only changes made from this page can be undone here. This one was made outside it, by whoever looks after your website.';
const LINKS_IN_CONTENT =
  'Nothing was published: some of your content is a link to another file on the server. Whoever looks after your website must replace each with the file itself. The live site is as it was.';
/** The longest line of Astro's shown to the owner */
const SHOWN_LINE_MAX = 200;

/** A failure Astro did not put as a content error: its first lines, for the owner to pass on */
const buildFailedSaying = (lines: readonly string[]) =>
  `The site could not be built. Nothing has changed on the live site. The build said: “${lines.map((line) => truncate(line, SHOWN_LINE_MAX)).join(' ')}” Whoever looks after your website can read the rest in the server’s log.`;

/** A step failing: what to tell the owner */
class StepFailure extends Error {
  readonly problems: string[];
  /** Whether the message already says what became of an undo */
  readonly saysUndo: boolean;
  constructor(message: string, problems: string[] = [], { saysUndo = false } = {}) {
    super(message);
    this.problems = problems;
    this.saysUndo = saysUndo;
  }
}

export function createPublisher(options: PublisherOptions): Publisher {
  const { siteDir, live, log } = options;
  const git: Git = gitIn(siteDir);
  const logOutput = options.logOutput ?? ((text: string) => console.error(text));
  const author = ['-c', `user.name=${AUTHOR_NAME}`, '-c', `user.email=${options.authorEmail}`];
  let running: PublishProgress | null = null;
  let last: PublishResult | null = null;
  let work: Promise<void> = Promise.resolve();
  /** The build folders never removed: the live one, the one before it (its hashed assets are still answered), the one being built */
  const builds: { live: string; before?: string | undefined; building?: string | undefined } = { live: options.servedDir };
  /** Counts the swaps, so that only the last one's grace period ends in a cleanup */
  let swaps = 0;
  const stopping = new AbortController();

  const readText = (path: string) => readFile(join(siteDir, path), 'utf8').catch(() => undefined);

  async function fileChanges() {
    // Without refreshing the index, which would change the fingerprint it is read at
    return parsePorcelain(
      await git(['--no-optional-locks', 'status', '--porcelain=v1', '-z', '--untracked-files=all', '--', ...CONTENT_PATHS]),
    );
  }

  async function changesInWords(files: readonly FileChange[]): Promise<Change[]> {
    const committed = (path: string) => git(['show', `HEAD:${path}`]).catch(() => undefined);
    return describeChanges(files, { now: readText, before: committed });
  }

  async function readHistory(): Promise<SiteChange[]> {
    try {
      return parseHistory(await git(historyLogArgs(HISTORY_SCAN)));
    } catch {
      // Not a git checkout, or no commit yet
      return [];
    }
  }

  async function readPending(): Promise<string[]> {
    try {
      return (await changesInWords(await fileChanges())).map(changeSentence);
    } catch (error) {
      log('The unpublished changes could not be read', error);
      throw error;
    }
  }

  /** What the owner's page shows, as last read from git, and the fingerprint it was read at */
  let shown: { fingerprint: string; pending: Promise<string[]>; history: Promise<SiteChange[]> } | undefined;
  let gitDir: Promise<string | undefined> | undefined;

  /** The changes waiting and the history: read again only when the fingerprint changed, and never while a job runs */
  async function shownNow(): Promise<NonNullable<typeof shown>> {
    if (running && shown) return shown;
    gitDir ??= git(['rev-parse', '--absolute-git-dir']).then(
      (dir) => dir.trim(),
      () => undefined,
    );
    const fingerprint = await contentFingerprint(siteDir, await gitDir);
    if (shown?.fingerprint !== fingerprint) {
      const reading = { fingerprint, pending: readPending(), history: readHistory() };
      shown = reading;
      // A failed read is not kept: the next request reads again
      reading.pending.catch(() => {
        if (shown === reading) shown = undefined;
      });
    }
    return shown;
  }

  /** Commits exactly the content files that changed (never anything else of the tree); false when none did */
  async function commitContent(files: readonly FileChange[], message: string): Promise<boolean> {
    if (files.length === 0) return false;
    const paths = files.map((file) => file.path);
    await git(['add', '--all', '--', ...paths]);
    const staged = (await git(['diff', '--cached', '--name-only', '-z', '--', ...paths])).split('\0').filter(Boolean);
    if (staged.length === 0) return false;
    await git([...author, 'commit', '--quiet', '--no-verify', '-m', message, '--', ...staged]);
    return true;
  }

  const newProgress = (kind: PublishProgress['kind'], message: string): PublishProgress => ({
    kind,
    message,
    startedAt: new Date().toISOString(),
    steps: PUBLISH_STEPS.map((name) => ({ name, state: 'waiting', startedAt: null, ms: null })),
  });

  async function step<T>(progress: PublishProgress, name: PublishStepName, run: () => Promise<T>): Promise<T> {
    const current = progress.steps.find((candidate) => candidate.name === name)!;
    const began = Date.now();
    current.state = 'running';
    current.startedAt = new Date(began).toISOString();
    try {
      const value = await run();
      current.state = 'done';
      return value;
    } catch (error) {
      current.state = 'failed';
      throw error;
    } finally {
      current.ms = Date.now() - began;
    }
  }

  /** Astro's complaint in words; its whole output (the end of it, when very long) goes to the log */
  async function astroFailure(what: string, output: string, timedOut: boolean): Promise<StepFailure> {
    const said = withoutControls(withoutColours(output.trim()), { keepLineBreaks: true, keepTabs: true });
    const tail = said.length > LOGGED_OUTPUT_MAX ? `…${said.slice(-LOGGED_OUTPUT_MAX)}` : said;
    logOutput(`Publishing: ${what} failed${timedOut ? ' (out of time)' : ''}. Astro said:\n${tail}`);
    if (timedOut) return new StepFailure(`${what} took too long and was stopped. Nothing has changed on the live site. Try again later.`);
    const parsed = parseAstroProblems(output);
    const entries = new Map<string, string | undefined>();
    for (const file of new Set(parsed.flatMap((problem) => (problem.file ? [problem.file] : []))))
      entries.set(file, await readText(`${CONTENT_DIR}/${file}`));
    const problems = describeProblems(parsed, (file) => entries.get(file));
    if (problems.length === 0) {
      // Paths in the site directory, as the owner's page must not show the server's folders
      const lines = failureLines(output.replaceAll(`${siteDir}/`, ''));
      return new StepFailure(lines.length > 0 ? buildFailedSaying(lines) : BUILD_FAILED);
    }
    return new StepFailure(
      `Nothing was published: ${problems.length === 1 ? 'one thing needs' : `${problems.length} things need`} fixing first. The live site is as it was.`,
      problems,
    );
  }

  const astro = join(siteDir, 'node_modules', '.bin', 'astro');

  async function checkBuildAndSwap(progress: PublishProgress): Promise<void> {
    await step(progress, 'check', async () => {
      const links = await contentLinks(siteDir);
      if (links.length > 0) throw new StepFailure(LINKS_IN_CONTENT, links);
      const sync = await runChildStep(astro, ['sync'], {
        cwd: siteDir,
        timeoutMs: options.checkTimeoutMs ?? CHECK_TIMEOUT_MS,
        signal: stopping.signal,
      });
      if (!sync.ok) throw await astroFailure('Checking the content', sync.output, sync.timedOut);
    });
    const folder = freshBuildFolder(siteDir);
    builds.building = folder;
    try {
      await step(progress, 'build', async () => {
        const build = await runChildStep(astro, ['build', '--outDir', join(folder, 'client')], {
          cwd: siteDir,
          timeoutMs: options.buildTimeoutMs ?? BUILD_TIMEOUT_MS,
          signal: stopping.signal,
        });
        if (!build.ok) throw await astroFailure('Building the site', build.output, build.timedOut);
      });
      await step(progress, 'live', async () => {
        const site = await openSite(join(folder, 'client'));
        const missing = missingPages(site);
        if (missing.length > 0) {
          log(`Publishing: the new build in ${folder} has no ${missing.join(', ')}; the live site is unchanged`);
          throw new StepFailure(BUILD_FAILED);
        }
        markComplete(folder);
        live.swap(site);
        Object.assign(builds, { live: folder, before: builds.live, building: undefined });
        removeOldBuildsLater();
        options.onLive?.(new Date());
      });
    } catch (failure) {
      // A build that never went live is of no use
      if (builds.building === folder) {
        builds.building = undefined;
        await rm(folder, { recursive: true, force: true }).catch((error: unknown) =>
          log(`Publishing: ${folder} could not be removed`, error),
        );
      }
      throw failure;
    }
  }

  /**
   * After the grace period of the last swap (requests that began before it may still be reading
   * older builds), removes every build folder but those in use at that moment
   */
  function removeOldBuildsLater() {
    const swap = ++swaps;
    setTimeout(() => {
      if (swap !== swaps) return;
      const inUse = [builds.live, builds.before, builds.building].filter((dir) => dir !== undefined);
      removeUnusedBuilds(siteDir, inUse).catch((error: unknown) => log('Publishing: old builds could not be removed', error));
    }, options.removeAfterMs ?? REMOVE_AFTER_MS).unref();
  }

  function pushInBackground(result: PublishResult) {
    const remote = options.remote;
    if (!remote) return;
    result.backup = 'sending';
    void (async () => {
      try {
        const branch = (await git(['symbolic-ref', '--short', 'HEAD'])).trim();
        await git(['push', '--quiet', remote, `HEAD:refs/heads/${branch}`], { timeoutMs: PUSH_TIMEOUT_MS });
        result.backup = 'sent';
      } catch (error) {
        log(`Publishing: the commits could not be pushed to CONTENT_GIT_REMOTE`, error);
        result.backup = 'failed';
        result.backupProblem = `The copy of the site's history could not be sent: ${(error as Error).message}`;
      }
    })();
  }

  function finish(progress: PublishProgress, outcome: { ok: true; message: string } | { ok: false; failure: unknown }): PublishResult {
    const failure = outcome.ok ? undefined : outcome.failure;
    if (failure !== undefined && !(failure instanceof StepFailure)) log('Publishing failed', failure);
    const result: PublishResult = {
      kind: progress.kind,
      ok: outcome.ok,
      at: new Date().toISOString(),
      message: outcome.ok ? outcome.message : failure instanceof StepFailure ? failure.message : BUILD_FAILED,
      problems: failure instanceof StepFailure ? failure.problems : [],
      steps: progress.steps,
      backup: 'off',
      backupProblem: null,
    };
    last = result;
    running = null;
    return result;
  }

  /** Claims the publisher for one job, or says which is running */
  function claim(kind: PublishProgress['kind'], message: string): StartOutcome {
    if (running) return { started: false, status: 409, error: BUSY, running };
    if (options.isSaving?.()) return { started: false, status: 409, error: SAVING };
    running = newProgress(kind, message);
    return { started: true, progress: running };
  }

  function publish(): StartOutcome {
    const claimed = claim('publish', 'Your changes');
    if (!claimed.started) return claimed;
    const progress = claimed.progress;
    work = (async () => {
      try {
        const files = await fileChanges();
        const changes = await changesInWords(files);
        progress.message = changes.length > 0 ? changes.map(changeSentence).join('; ') : 'The site as it is';
        await checkBuildAndSwap(progress);
        const saved = await step(progress, 'save', () => commitContent(files, commitMessage(changes))).catch((error: unknown) => {
          log('Publishing: the change is live but could not be saved in the history', error);
          return 'failed' as const;
        });
        const result = finish(progress, {
          ok: true,
          message:
            saved === 'failed'
              ? `Live: ${progress.message}. It could not be saved in the site’s history; the server’s log says why.`
              : `Live: ${saved ? commitMessage(changes).split('\n')[0] : 'the site was built again; nothing had changed'}`,
        });
        if (saved === true) pushInBackground(result);
      } catch (failure) {
        finish(progress, { ok: false, failure });
      }
    })();
    return claimed;
  }

  async function undo(sha: string): Promise<StartOutcome> {
    const claimed = claim('undo', 'Undoing a change');
    if (!claimed.started) return claimed;
    const progress = claimed.progress;
    const release = (status: 400 | 409, error: string): StartOutcome => {
      running = null;
      return { started: false, status, error };
    };
    try {
      if ((await fileChanges()).length > 0) return release(409, UNPUBLISHED);
      const change = (await readHistory()).find((entry) => entry.commit === sha);
      if (!change) return release(400, 'That change is not in the site’s history.');
      if (!change.byOwner) return release(409, NOT_OWNERS);
      if (change.undone) return release(409, 'That change has already been undone.');
      progress.message = `Undid: ${change.message}`;
    } catch (error) {
      log('Undo could not start', error);
      return release(409, 'The site’s history could not be read. Try again in a moment.');
    }
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
          throw new StepFailure('That change has already been undone: the site no longer has it.', [], { saysUndo: true });
        }
        await checkBuildAndSwap(progress);
        // Live now: the tree must stay as the live site is, even if the commit fails
        reverted = false;
        const saved = await step(progress, 'save', () =>
          git([...author, 'commit', '--quiet', '--no-verify', '-m', progress.message, '-m', `${UNDOES}: ${sha}`]),
        ).then(
          () => true,
          (error: unknown) => {
            log('Undo: the change is live but could not be saved in the history', error);
            return false;
          },
        );
        const result = finish(progress, {
          ok: true,
          message: saved
            ? `Live: ${progress.message}`
            : `Live: ${progress.message}. It could not be saved in the site’s history; the server’s log says why.`,
        });
        if (saved) pushInBackground(result);
      } catch (failure) {
        if (reverted) {
          await git(['revert', '--abort']).catch((error: unknown) => log('Undo: the tree could not be put back', error));
          if (failure instanceof StepFailure && !failure.saysUndo) failure.message = `The change was not undone. ${failure.message}`;
        }
        finish(progress, { ok: false, failure });
      }
    })();
    return claimed;
  }

  return {
    isBusy: () => running !== null,
    status: () => ({ running, last }),
    publish,
    undo,
    async history(limit) {
      return (await (await shownNow()).history).slice(0, limit);
    },
    async pending() {
      return (await shownNow()).pending.catch(() => []);
    },
    idle: () => work,
    stop: () => stopping.abort(),
  };
}
