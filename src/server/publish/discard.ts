/**
 * Discard: the owner's content put back as it was last published, every unpublished change
 * dropped: the changed files checked out from the last commit, the files he added removed. It
 * waits for no one: while a job runs or the editor saves it is refused, and while it runs no job
 * (nor save) may begin.
 */
import { changeSentence } from './changes.ts';
import type { ContentGit } from './content-git.ts';
import { removeAdded } from './content-paths.ts';
import type { Git } from './git.ts';

type Log = (message: string, error?: unknown) => void;

/** Whether the unpublished changes were discarded, and what was, in words; when not, why */
export type DiscardOutcome =
  { discarded: true; changes: string[] } | { discarded: false; status: 409; error: string };

export const DISCARD_BUSY =
  'The site is being published, or a change is being saved. Discard again once it has finished.';
const DISCARD_FAILED =
  'Your changes could not be discarded. Nothing was lost; the server’s log says why. Try again in a moment.';

export interface Discarder {
  /** Whether a discard is under way: the editor must not save meanwhile, nor a publish begin */
  readonly running: boolean;
  discard(): Promise<DiscardOutcome>;
}

export interface DiscarderOptions {
  siteDir: string;
  git: Git;
  content: ContentGit;
  /** Whether a job runs or the editor is saving, when no discard may begin */
  isBusy: () => boolean;
  /** Told as each discard ends: the content has changed */
  onEnd: () => void;
  log: Log;
}

export function createDiscarder({
  siteDir,
  git,
  content,
  isBusy,
  onEnd,
  log,
}: DiscarderOptions): Discarder {
  let discarding = false;

  async function discard(): Promise<DiscardOutcome> {
    if (discarding || isBusy()) return { discarded: false, status: 409, error: DISCARD_BUSY };
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
      onEnd();
    }
  }

  return {
    get running() {
      return discarding;
    },
    discard,
  };
}
