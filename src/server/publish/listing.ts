/**
 * What the owner's page lists, and asks for each second: the changes waiting to be published and
 * the site's history. Read from git (`git status`, `git show` per changed file, `git log`) once
 * per change of the content or of git's state (fingerprint.ts), and not at all while a job runs.
 */
import type { SiteChange } from '../../lib/owner-api.ts';
import { changeSentence } from './changes.ts';
import type { ContentGit } from './content-git.ts';
import { contentFingerprint } from './fingerprint.ts';
import type { Git } from './git.ts';

type Log = (message: string, error?: unknown) => void;

export interface Listing {
  /** The changes saved but not yet published, in words; empty when they cannot be read */
  pending(): Promise<string[]>;
  /** The site's changes, newest first, at most `limit` */
  history(limit: number): Promise<SiteChange[]>;
}

export function createListing({
  siteDir,
  git,
  content,
  isBusy,
  log,
}: {
  siteDir: string;
  git: Git;
  content: ContentGit;
  isBusy: () => boolean;
  log: Log;
}): Listing {
  /** What the owner's page shows, as last read from git, and the fingerprint it was read at */
  let shown: { fingerprint: string; pending: Promise<string[]>; history: Promise<SiteChange[]> } | undefined;
  let gitDir: Promise<string | undefined> | undefined;

  async function readPending(): Promise<string[]> {
    try {
      return (await content.changesInWords(await content.fileChanges())).map(changeSentence);
    } catch (error) {
      log('The unpublished changes could not be read', error);
      throw error;
    }
  }

  /** The changes waiting and the history: read again only when the fingerprint changed, and never while a job runs */
  async function shownNow(): Promise<NonNullable<typeof shown>> {
    if (isBusy() && shown) return shown;
    gitDir ??= git(['rev-parse', '--absolute-git-dir']).then(
      (dir) => dir.trim(),
      () => undefined,
    );
    const fingerprint = await contentFingerprint(siteDir, await gitDir);
    if (shown?.fingerprint !== fingerprint) {
      const reading = { fingerprint, pending: readPending(), history: content.readHistory() };
      shown = reading;
      // A failed read is not kept: the next request reads again
      reading.pending.catch(() => {
        if (shown === reading) shown = undefined;
      });
    }
    return shown;
  }

  return {
    pending: async () => (await shownNow()).pending.catch(() => []),
    history: async (limit) => (await (await shownNow()).history).slice(0, limit),
  };
}
