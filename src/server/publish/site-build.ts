/**
 * The first three steps of a publish or undo, on the site directory's content as it is:
 *
 * 1. Checking the content: no link among it (content-links.ts), then `astro sync` validates every
 *    entry against its schema.
 * 2. Building the site: `astro build` into a fresh folder (builds.ts), at low priority, with a
 *    time limit. Astro is the site directory's own (`node_modules/.bin/astro`).
 * 3. Going live: the new build is opened (read asynchronously, as pages keep being served),
 *    checked for the pages the server needs, and swapped in at once (http/live-site.ts); after a
 *    grace period, as requests may still be reading them, every build folder is removed but the
 *    live one, the one before it and one being built.
 *
 * A failed check or build leaves the live site as it was and says which entry and field to fix
 * (or, for another failure, Astro's first lines); Astro's whole output goes to the log.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { PublishProgress, PublishStepName } from '../../lib/owner-api.ts';
import { missingPages, type LiveSite } from '../http/live-site.ts';
import { openSite } from '../http/site-files.ts';
import { truncate, withoutControls } from '../support/plain-text.ts';
import {
  describeProblems,
  failureLines,
  parseAstroProblems,
  withoutColours,
} from './astro-problems.ts';
import { freshBuildFolder, markComplete, removeUnusedBuilds } from './builds.ts';
import { runChildStep } from './child-step.ts';
import { contentLinks } from './content-links.ts';
import { CONTENT_DIR } from './content-paths.ts';
import { BUILD_FAILED, StepFailure } from './job.ts';

type Log = (message: string, error?: unknown) => void;
type Step = <T>(
  progress: PublishProgress,
  name: PublishStepName,
  run: () => Promise<T>,
) => Promise<T>;

export const CHECK_TIMEOUT_MS = 2 * 60_000;
export const BUILD_TIMEOUT_MS = 5 * 60_000;
/** How long a replaced build stays on disk for the requests still reading it */
export const REMOVE_AFTER_MS = 2 * 60_000;
/** The most of a failed step's output the log takes: its end, where Astro says why */
export const LOGGED_OUTPUT_MAX = 20_000;
/** The longest line of Astro's shown to the owner */
const SHOWN_LINE_MAX = 200;

const LINKS_IN_CONTENT =
  'Nothing was published: some of your content is a link to another file on the server. Whoever looks after your website must replace each with the file itself. The live site is as it was.';

/** A failure Astro did not put as a content error: its first lines, for the owner to pass on */
const buildFailedSaying = (lines: readonly string[]) =>
  `The site could not be built. Nothing has changed on the live site. The build said: “${lines.map((line) => truncate(line, SHOWN_LINE_MAX)).join(' ')}” Whoever looks after your website can read the rest in the server’s log.`;

export interface SiteBuildOptions {
  siteDir: string;
  live: LiveSite;
  /** The folder of the build served at start (holding `client/`) */
  servedDir: string;
  /** Runs one step of the job (job.ts) */
  step: Step;
  /** A content file's text as it is now */
  readText: (path: string) => Promise<string | undefined>;
  /** Told once a new build is live, with when and the New Zealand day it speaks for */
  onLive?: ((at: Date, day: string) => void) | undefined;
  /** The New Zealand day a build begun now speaks for (SITE_DAY, src/lib/availability.ts) */
  today: () => string;
  log: Log;
  /** Writes a failed step's whole output to the log */
  logOutput: (text: string) => void;
  checkTimeoutMs?: number | undefined;
  buildTimeoutMs?: number | undefined;
  removeAfterMs?: number | undefined;
}

export interface SiteBuild {
  /** Checks, builds and swaps in the content as it is; throws (a StepFailure for the owner) with the live site unchanged */
  checkBuildAndSwap(progress: PublishProgress): Promise<void>;
  /** Stops a check or build under way (the server is stopping) */
  stop(): void;
}

export function createSiteBuild(options: SiteBuildOptions): SiteBuild {
  const { siteDir, live, step, log } = options;
  const astro = join(siteDir, 'node_modules', '.bin', 'astro');
  const stopping = new AbortController();
  /** The build folders never removed: the live one, the one before it (its hashed assets are still answered), the one being built */
  const builds: { live: string; before?: string | undefined; building?: string | undefined } = {
    live: options.servedDir,
  };
  /** Counts the swaps, so that only the last one's grace period ends in a cleanup */
  let swaps = 0;

  /** Astro's complaint in words; its whole output (the end of it, when very long) goes to the log */
  async function astroFailure(
    what: string,
    output: string,
    timedOut: boolean,
  ): Promise<StepFailure> {
    const said = withoutControls(withoutColours(output.trim()), {
      keepLineBreaks: true,
      keepTabs: true,
    });
    const tail = said.length > LOGGED_OUTPUT_MAX ? `…${said.slice(-LOGGED_OUTPUT_MAX)}` : said;
    options.logOutput(
      `Publishing: ${what} failed${timedOut ? ' (out of time)' : ''}. Astro said:\n${tail}`,
    );
    if (timedOut)
      return new StepFailure(
        `${what} took too long and was stopped. Nothing has changed on the live site. Try again later.`,
      );
    const parsed = parseAstroProblems(output);
    const entries = new Map<string, string | undefined>();
    for (const file of new Set(parsed.flatMap((problem) => (problem.file ? [problem.file] : []))))
      entries.set(file, await options.readText(`${CONTENT_DIR}/${file}`));
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

  /**
   * After the grace period of the last swap (requests that began before it may still be reading
   * older builds), removes every build folder but those in use at that moment
   */
  function removeOldBuildsLater() {
    const swap = ++swaps;
    setTimeout(() => {
      if (swap !== swaps) return;
      const inUse = () =>
        [builds.live, builds.before, builds.building].filter((dir) => dir !== undefined);
      removeUnusedBuilds(siteDir, inUse).catch((error: unknown) =>
        log('Publishing: old builds could not be removed', error),
      );
    }, options.removeAfterMs ?? REMOVE_AFTER_MS).unref();
  }

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
    const folder = await freshBuildFolder(siteDir);
    builds.building = folder;
    const day = options.today();
    try {
      await step(progress, 'build', async () => {
        const build = await runChildStep(astro, ['build', '--outDir', join(folder, 'client')], {
          cwd: siteDir,
          env: { ...process.env, SITE_DAY: day },
          timeoutMs: options.buildTimeoutMs ?? BUILD_TIMEOUT_MS,
          signal: stopping.signal,
        });
        if (!build.ok) throw await astroFailure('Building the site', build.output, build.timedOut);
      });
      await step(progress, 'live', async () => {
        const site = await openSite(join(folder, 'client'));
        const missing = missingPages(site);
        if (missing.length > 0) {
          log(
            `Publishing: the new build in ${folder} has no ${missing.join(', ')}; the live site is unchanged`,
          );
          throw new StepFailure(BUILD_FAILED);
        }
        await markComplete(folder);
        live.swap(site);
        Object.assign(builds, { live: folder, before: builds.live, building: undefined });
        removeOldBuildsLater();
        options.onLive?.(new Date(), day);
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

  return { checkBuildAndSwap, stop: () => stopping.abort() };
}
