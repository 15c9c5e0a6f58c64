/**
 * The owner's content in the checkout's git: the files changed since the last commit and those
 * changes in words (changes.ts), the site's history (history.ts), and a commit of exactly the
 * content files that changed, never anything else of the tree.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteChange } from '../../lib/owner-api.ts';
import { describeChanges, parsePorcelain, type Change, type FileChange } from './changes.ts';
import { CONTENT_PATHS } from './content-paths.ts';
import { sameContent } from './same-content.ts';
import type { Git } from './git.ts';
import { AUTHOR_NAME, historyLogArgs, parseHistory } from './history.ts';

/** The commits read for the history; those the page lists, and the undos that name them, are among them */
const HISTORY_SCAN = 100;

export interface ContentGit {
  /** A content file's text as it is now; undefined when there is none */
  readText: (path: string) => Promise<string | undefined>;
  /** A content file's text in the last commit; undefined when there is none */
  committedText: (path: string) => Promise<string | undefined>;
  /**
   * The content files added, changed and removed since the last commit, leaving out those whose
   * text changed but not what it says (the editor's layout of a file saved unchanged)
   */
  fileChanges(): Promise<FileChange[]>;
  /** Every content file `git status` lists, those changed in layout alone among them */
  allFileChanges(): Promise<FileChange[]>;
  changesInWords(files: readonly FileChange[]): Promise<Change[]>;
  /** The site's history, newest first; empty when it cannot be read */
  readHistory(): Promise<SiteChange[]>;
  /** Commits exactly the content files that changed, as "Site owner"; false when none did */
  commitContent(files: readonly FileChange[], message: string): Promise<boolean>;
  /** Commits what is staged, as "Site owner", with `messages` as its paragraphs */
  commitStaged(...messages: string[]): Promise<void>;
}

export function contentGit({
  siteDir,
  git,
  authorEmail,
}: {
  siteDir: string;
  git: Git;
  authorEmail: string;
}): ContentGit {
  const author = ['-c', `user.name=${AUTHOR_NAME}`, '-c', `user.email=${authorEmail}`];
  const readText = (path: string) => readFile(join(siteDir, path), 'utf8').catch(() => undefined);
  const committedText = (path: string) => git(['show', `HEAD:${path}`]).catch(() => undefined);
  // Without refreshing the index: a read must not change the checkout
  const allFileChanges = async () =>
    parsePorcelain(
      await git([
        '--no-optional-locks',
        'status',
        '--porcelain=v1',
        '-z',
        '--untracked-files=all',
        '--',
        ...CONTENT_PATHS,
      ]),
    );

  return {
    readText,
    committedText,
    allFileChanges,
    async fileChanges() {
      const files = await allFileChanges();
      const meaningful = await Promise.all(
        files.map(async (file) => {
          if (file.kind !== 'changed') return true;
          const [now, before] = await Promise.all([readText(file.path), committedText(file.path)]);
          return now === undefined || before === undefined || !sameContent(file.path, now, before);
        }),
      );
      return files.filter((_, index) => meaningful[index]);
    },
    changesInWords(files) {
      return describeChanges(files, { now: readText, before: committedText });
    },
    async readHistory() {
      try {
        return parseHistory(await git(historyLogArgs(HISTORY_SCAN)));
      } catch {
        // Not a git checkout, or no commit yet
        return [];
      }
    },
    async commitContent(files, message) {
      if (files.length === 0) return false;
      const paths = files.map((file) => file.path);
      await git(['add', '--all', '--', ...paths]);
      const staged = (await git(['diff', '--cached', '--name-only', '-z', '--', ...paths]))
        .split('\0')
        .filter(Boolean);
      if (staged.length === 0) return false;
      await git([...author, 'commit', '--quiet', '--no-verify', '-m', message, '--', ...staged]);
      return true;
    },
    async commitStaged(...messages) {
      await git([
        ...author,
        'commit',
        '--quiet',
        '--no-verify',
        ...messages.flatMap((message) => ['-m', message]),
      ]);
    },
  };
}
