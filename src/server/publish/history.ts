/**
 * The site's history as the owner's page lists it: the commits that touched the content, newest
 * first. A commit is his, and Undo may take it back out, only when "Site owner" made it on its own
 * (one parent) and every file it changed, not only those the list was chosen by, is a content
 * path; anything else (the developer's, a merge, one that also touched code) is a site update.
 */
import type { SiteChange } from '../../lib/owner-api.ts';
import { CONTENT_PATHS, isContentPath } from './content-paths.ts';

/** The trailer of an undo's commit that names the commit it took back out */
export const UNDOES = 'Undoes';

/** The commits' author on the owner's changes; checked by name, as his address follows the business details */
export const AUTHOR_NAME = 'Site owner';

const FORMAT = [
  '%H',
  '%P',
  '%an',
  '%aI',
  '%s',
  `%(trailers:key=${UNDOES},valueonly,separator=%x2C)`,
].join('%x1f');

/**
 * `git log` of the last `limit` commits that touched the content, each with every file it changed
 * (`--full-diff`: the path filter chooses the commits, not the files named), a rename as its two paths
 */
export function historyLogArgs(limit: number): string[] {
  return [
    'log',
    `-n${limit}`,
    `--format=%x1e${FORMAT}`,
    '--name-only',
    '--no-renames',
    '--full-diff',
    '--',
    ...CONTENT_PATHS,
  ];
}

interface HistoryRecord {
  commit: string;
  parents: string[];
  author: string;
  at: string;
  message: string;
  undoes: string[];
  files: string[];
}

function parseRecords(output: string): HistoryRecord[] {
  return output
    .split('\x1e')
    .filter((record) => record.trim())
    .map((record) => {
      const [head = '', ...files] = record.split('\n').filter(Boolean);
      const [commit = '', parents = '', author = '', at = '', message = '', undoes = ''] =
        head.split('\x1f');
      return {
        commit,
        parents: parents.split(' ').filter(Boolean),
        author,
        at,
        message,
        undoes: undoes
          .split(',')
          .map((sha) => sha.trim())
          .filter(Boolean),
        files,
      };
    });
}

/** Whether the owner made it from his page: by "Site owner", not a merge, his content alone */
const isOwners = (record: HistoryRecord) =>
  record.author === AUTHOR_NAME &&
  record.parents.length === 1 &&
  record.files.length > 0 &&
  record.files.every(isContentPath);

/** The history from the output of `git log` with historyLogArgs */
export function parseHistory(output: string): SiteChange[] {
  const records = parseRecords(output);
  // An undo of his names the change it took back out, which is then no longer his to undo
  const undone = new Set(records.filter(isOwners).flatMap((record) => record.undoes));
  return records.map((record) => {
    const byOwner = isOwners(record);
    return {
      commit: record.commit,
      at: record.at,
      message: record.message,
      byOwner,
      canUndo: byOwner && !undone.has(record.commit),
      undone: undone.has(record.commit),
    };
  });
}
