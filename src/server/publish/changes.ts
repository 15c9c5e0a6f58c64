/**
 * The owner's unpublished changes in words, from `git status` of the content paths: "Added
 * project 'Switchboard upgrade in Howick'", "Changed review by Margaret", "Changed the business
 * facts (hours, notice)". They are what the owner's page lists before he publishes, and the
 * commit's message after.
 */
import { BUSINESS_FILE, CONTENT_DIR } from './content-paths.ts';
import { PHOTOS_DIRECTORY } from '../../lib/content-schemas.ts';
import { capitalised, entryLabel, fieldWords } from './entry-labels.ts';

export type ChangeKind = 'added' | 'changed' | 'removed';

export interface FileChange {
  kind: ChangeKind;
  /** Relative to the checkout, with forward slashes */
  path: string;
}

/** A change as the owner reads it: what was done to what */
export interface Change {
  kind: ChangeKind;
  /** Starting lower-case: "project 'Switchboard upgrade in Howick'" */
  what: string;
}

/**
 * Reads a content file as it is now and as it was in the last commit; undefined where there is
 * none. Asked only for what the words need: the last commit's text is read for a removal, the
 * business facts and a project whose file is gone, not for every file changed.
 */
export interface ContentReader {
  now(path: string): Promise<string | undefined>;
  before(path: string): Promise<string | undefined>;
}

/** `git status --porcelain=v1 -z` read into files added, changed and removed (a rename is a removal and an addition) */
export function parsePorcelain(output: string): FileChange[] {
  const fields = output.split('\0');
  const changes: FileChange[] = [];
  for (let index = 0; index < fields.length; index++) {
    const entry = fields[index]!;
    if (entry.length < 4) continue;
    const code = entry.slice(0, 2);
    const path = entry.slice(3);
    if (/[RC]/.test(code)) {
      // The path it came from follows as a field of its own
      const from = fields[++index];
      if (code.includes('R') && from) changes.push({ kind: 'removed', path: from });
      changes.push({ kind: 'added', path });
    } else if (code === '??' || code.includes('A')) changes.push({ kind: 'added', path });
    else if (code.includes('D')) changes.push({ kind: 'removed', path });
    else changes.push({ kind: 'changed', path });
  }
  return changes;
}

function parseJson(text: string | undefined): Record<string, unknown> | undefined {
  try {
    const value: unknown = text === undefined ? undefined : JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A fact as the site reads it: the editor writes the whole file in its form's order and leaves a
 * blank text out, so neither the order of keys nor an empty text against none is a change
 */
function asRead(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asRead);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, each]) => each !== '')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, each]) => [key, asRead(each)]),
  );
}

/** "the business details (hours, notice)": the top-level facts whose values differ */
async function businessChange(read: ContentReader): Promise<string> {
  const before = asRead(parseJson(await read.before(BUSINESS_FILE))) as
    Record<string, unknown> | undefined;
  const now = asRead(parseJson(await read.now(BUSINESS_FILE))) as
    Record<string, unknown> | undefined;
  if (!before || !now) return 'the business details';
  const keys = [...new Set([...Object.keys(before), ...Object.keys(now)])].filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(now[key]),
  );
  return keys.length > 0
    ? `the business details (${keys.map(fieldWords).join(', ')})`
    : 'the business details';
}

const projectFileOf = (slug: string) => `${CONTENT_DIR}/projects/${slug}.yaml`;

/** Each change in words, in the order of the files, a project's photos folded into the project when it changed too */
export async function describeChanges(
  files: readonly FileChange[],
  read: ContentReader,
): Promise<Change[]> {
  const changedPaths = new Set(files.map((file) => file.path));
  const changes: Change[] = [];
  const seen = new Set<string>();
  const add = (change: Change) => {
    const key = `${change.kind} ${change.what}`;
    if (seen.has(key)) return;
    seen.add(key);
    changes.push(change);
  };
  for (const { kind, path } of files) {
    if (path === BUSINESS_FILE) {
      add({ kind, what: kind === 'changed' ? await businessChange(read) : 'the business details' });
    } else if (path.startsWith(`${PHOTOS_DIRECTORY}/`)) {
      const slug = path.slice(PHOTOS_DIRECTORY.length + 1).split('/')[0]!;
      const project = projectFileOf(slug);
      if (changedPaths.has(project)) continue;
      const label = entryLabel(
        `projects/${slug}.yaml`,
        (await read.now(project)) ?? (await read.before(project)),
      );
      add({ kind: 'changed', what: `the photos of ${label}` });
    } else if (path.startsWith(`${CONTENT_DIR}/`)) {
      const text =
        kind === 'removed'
          ? await read.before(path)
          : ((await read.now(path)) ?? (await read.before(path)));
      add({ kind, what: entryLabel(path.slice(CONTENT_DIR.length + 1), text) });
    } else {
      add({ kind, what: path });
    }
  }
  return changes;
}

const VERBS: Readonly<Record<ChangeKind, string>> = {
  added: 'added',
  changed: 'changed',
  removed: 'removed',
};

/** "Added project 'Switchboard upgrade in Howick'" */
export const changeSentence = (change: Change) =>
  capitalised(`${VERBS[change.kind]} ${change.what}`);

/** At most this many changes are named in a commit's first line; the rest are counted */
const NAMED_IN_SUBJECT = 3;

/**
 * The commit's message: the changes joined into one line ("Added project 'X' and changed review by
 * Margaret"; "…, and 2 more changes" past three), then, for several, one line per change
 */
export function commitMessage(changes: readonly Change[]): string {
  if (changes.length === 0) return 'Published the site again, with no change to its content';
  const phrases = changes.map((change) => `${VERBS[change.kind]} ${change.what}`);
  const named = phrases.slice(0, NAMED_IN_SUBJECT);
  const more = phrases.length - named.length;
  if (more > 0) named.push(`${more} more change${more === 1 ? '' : 's'}`);
  const subject = capitalised(
    named.length === 1 ? named[0]! : `${named.slice(0, -1).join(', ')} and ${named.at(-1)!}`,
  );
  return changes.length === 1
    ? subject
    : `${subject}\n\n${changes.map((change) => `- ${changeSentence(change)}`).join('\n')}`;
}
