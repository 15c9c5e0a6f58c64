/**
 * What the owner's page lists, and asks for each second while a publish runs: the changes waiting
 * to be published and the site's history. Read from git (`git status`, `git show` per changed
 * file, `git log`) on first use and again only after one of the two events that change them: a
 * save in the editor, or the end of a publish or undo (each calls `changed()`). While a job runs,
 * what was read before it is shown, so the polling never starts git.
 */
import type { SiteChange } from '../../lib/owner-api.ts';
import { changeSentence } from './changes.ts';
import type { ContentGit } from './content-git.ts';

type Log = (message: string, error?: unknown) => void;

export interface Listing {
  /** The changes saved but not yet published, in words; empty when they cannot be read */
  pending(): Promise<string[]>;
  /** The site's changes, newest first, at most `limit` */
  history(limit: number): Promise<SiteChange[]>;
  /** The content or its history may have changed: the next ask (not during a job) reads them again */
  changed(): void;
}

export function createListing({
  content,
  isBusy,
  log,
}: {
  content: ContentGit;
  isBusy: () => boolean;
  log: Log;
}): Listing {
  let read: { pending: Promise<string[]>; history: Promise<SiteChange[]> } | undefined;
  let upToDate = false;

  async function readPending(): Promise<string[]> {
    try {
      return (await content.changesInWords(await content.fileChanges())).map(changeSentence);
    } catch (error) {
      log('The unpublished changes could not be read', error);
      throw error;
    }
  }

  function current(): NonNullable<typeof read> {
    if (read && (upToDate || isBusy())) return read;
    // Up to date from the moment it starts: a change told meanwhile makes the next ask read again
    const reading = { pending: readPending(), history: content.readHistory() };
    read = reading;
    upToDate = true;
    // A failed read is not kept: the next ask reads again
    reading.pending.catch(() => {
      if (read === reading) upToDate = false;
    });
    return reading;
  }

  return {
    pending: () => current().pending.catch(() => []),
    history: async (limit) => (await current().history).slice(0, limit),
    changed() {
      upToDate = false;
    },
  };
}
