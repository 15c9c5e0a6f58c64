/**
 * What the editor may write, checked before anything is written. An update (Keystatic's
 * `{ additions: [{ path, contents }], deletions: [{ path }] }`, contents in base64) may only touch
 * the content files the editor's config names, each under a plain file name, and the project
 * photos, each of which is made safe first (photos.ts) and must be one an entry uses: the entry
 * saved with it, or the one already on disk, names it. So no save can fill the disk with photos
 * no page shows. Anything else is refused as a whole, with a message for the owner, so a save
 * writes all of its files or none.
 */
import { posix } from 'node:path';
import type { Config } from '@keystatic/core';
import { PHOTOS_DIRECTORY } from '../../lib/content-schemas.ts';
import { literalPattern } from '../../lib/literal-pattern.ts';
import { makePhotoSafe } from './photos.ts';

export interface Update {
  additions: Array<{ path: string; contents: string }>;
  deletions: Array<{ path: string }>;
}

/** A checked update: each addition's bytes as they will be written */
export interface CheckedUpdate {
  additions: Array<{ path: string; bytes: Buffer }>;
  deletions: string[];
}

export type UpdateOutcome =
  { ok: true; update: CheckedUpdate } | { ok: false; status: number; message: string };

/** The files the editor may write, as plain data so a worker thread can be given them */
export interface EditableFiles {
  /** Each collection's folder, its entries' file extension, and whether its entries hold project photos */
  collections: Array<{ directory: string; extension: string; holdsPhotos: boolean }>;
  /** Each singleton's file */
  singletons: string[];
}

/** An entry's file name: small letters, digits and dashes, as the editor's slug fields make them */
const ENTRY_NAME = '[a-z0-9]+(?:-[a-z0-9]+)*';
/** A path under the photos directory: plain names (so no '.' or '..'), an extension any case */
const PHOTO_PATH = new RegExp(`^${PHOTOS_DIRECTORY}/(?:[\\w-]+/)*[\\w-]+\\.[A-Za-z0-9]+$`);
const refused = (status: number, message: string): UpdateOutcome => ({
  ok: false,
  status,
  message,
});
/** What the owner is told of a request the editor's page would never send */
export const UNREADABLE_MESSAGE =
  'The editor sent something the server cannot read. Reload the page and try again.';

/** The file extension of a collection's entries, from its format (a content field's own, or the data format's) */
function entryExtension(collection: NonNullable<Config['collections']>[string]): string {
  const format = collection.format ?? 'yaml';
  if (typeof format === 'string') return `.${format}`;
  if (format.contentField) {
    const field = collection.schema[String(format.contentField)] as
      { contentExtension?: string } | undefined;
    if (!field?.contentExtension)
      throw new Error(`The content field ${String(format.contentField)} has no file extension`);
    return field.contentExtension;
  }
  return `.${format.data ?? 'yaml'}`;
}

/** Whether a schema has, at any depth, an image field that stores its files in the photos directory */
function holdsPhotos(field: unknown): boolean {
  if (typeof field !== 'object' || field === null) return false;
  const { formKind, directory, fields, element } = field as {
    formKind?: string;
    directory?: string;
    fields?: unknown;
    element?: unknown;
  };
  if (formKind === 'asset' && directory === PHOTOS_DIRECTORY) return true;
  if (element !== undefined) return holdsPhotos(element);
  const children = fields ?? (formKind === undefined && !('kind' in field) ? field : undefined);
  return (
    typeof children === 'object' && children !== null && Object.values(children).some(holdsPhotos)
  );
}

/**
 * Whether an entry's text gives `reference` as a whole field's value (`src: ../../assets/…`), not
 * in a comment or prose. Line by line, and spaces within the line only: a pattern whose `\s`
 * could run on across line breaks tries every blank line from every line start, and an entry of
 * many blank lines then held the editor (and every publish) for minutes.
 */
function namesAsField(text: string, reference: string): boolean {
  const value = new RegExp(
    `^[ \\t]*(?:-[ \\t]+)?[\\w-]+:[ \\t]*(['"]?)${literalPattern(reference)}\\1[ \\t\\r]*$`,
  );
  return text.split('\n').some((line) => value.test(line));
}

/** The paths the editor may write: each collection's entries and each singleton's file */
export function editableFiles(config: Config): EditableFiles {
  const collections = Object.values(config.collections ?? {}).map((collection) => {
    const directory = (collection.path ?? '').replace(/\/\*$/, '');
    if (!directory || directory.includes('*'))
      throw new Error(`Unexpected collection path ${collection.path}`);
    return {
      directory,
      extension: entryExtension(collection),
      holdsPhotos: holdsPhotos(collection.schema),
    };
  });
  const singletons = Object.values(config.singletons ?? {}).map((single) => {
    const format = single.format ?? 'yaml';
    return `${single.path}.${typeof format === 'string' ? format : (format.data ?? 'yaml')}`;
  });
  return { collections, singletons };
}

/** "Photo 2" for the second photo of a project, from the path Keystatic gives it */
function photoField(path: string): string {
  const index = /\/photos\/(\d+)\//.exec(path)?.[1];
  return index === undefined ? 'Photo' : `Photo ${Number(index) + 1}`;
}

function isUpdate(value: unknown): value is Update {
  if (typeof value !== 'object' || value === null) return false;
  const { additions, deletions } = value as Record<string, unknown>;
  return (
    Array.isArray(additions) &&
    Array.isArray(deletions) &&
    additions.every(
      (item: unknown) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as Update['additions'][number]).path === 'string' &&
        typeof (item as Update['additions'][number]).contents === 'string',
    ) &&
    deletions.every(
      (item: unknown) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as Update['deletions'][number]).path === 'string',
    )
  );
}

/** The entries a photo may belong to: those named as the photo's first folder (Keystatic's layout) */
function entriesNamedFor(photoPath: string, files: EditableFiles): string[] {
  const folder = photoPath.slice(PHOTOS_DIRECTORY.length + 1).split('/')[0] ?? '';
  return files.collections
    .filter((collection) => collection.holdsPhotos)
    .map(({ directory, extension }) => `${directory}/${folder}${extension}`);
}

export interface CheckOptions {
  /** The text of an entry as it is on disk, or undefined when there is none */
  readEntry: (path: string) => Promise<string | undefined>;
}

/**
 * The update ready to write, every photo made safe, or why it is refused. A photo is kept only
 * when its project's entry, as saved with it or as it is on disk, holds the photo's path.
 */
export async function checkUpdate(
  body: unknown,
  files: EditableFiles,
  { readEntry }: CheckOptions,
): Promise<UpdateOutcome> {
  if (!isUpdate(body)) return refused(400, UNREADABLE_MESSAGE);
  const entryPatterns = files.collections.map(
    ({ directory, extension }) =>
      new RegExp(`^${literalPattern(directory)}/${ENTRY_NAME}${literalPattern(extension)}$`),
  );
  const singletons = new Set(files.singletons);
  const isEntry = (path: string) => entryPatterns.some((pattern) => pattern.test(path));
  const isPhoto = (path: string) => PHOTO_PATH.test(path);
  const notAllowed = (path: string) =>
    path.startsWith('src/assets/') && !isPhoto(path)
      ? refused(400, `Only project photos may be added under src/assets (not ${path}).`)
      : refused(
          400,
          `The editor may not change ${path}. Use small letters, digits and dashes in a file name.`,
        );

  for (const { path } of body.deletions) {
    if (!isEntry(path) && !isPhoto(path)) return notAllowed(path);
  }
  const savedEntries = new Map<string, string>();
  for (const { path, contents } of body.additions) {
    if (isEntry(path)) savedEntries.set(path, Buffer.from(contents, 'base64').toString('utf8'));
  }
  const usesPhoto = async (photoPath: string) => {
    for (const entry of entriesNamedFor(photoPath, files).filter(isEntry)) {
      const text = savedEntries.get(entry) ?? (await readEntry(entry));
      if (text !== undefined && namesAsField(text, posix.relative(posix.dirname(entry), photoPath)))
        return true;
    }
    return false;
  };

  const additions: CheckedUpdate['additions'] = [];
  for (const addition of body.additions) {
    const { path } = addition;
    if (isPhoto(path)) {
      if (!(await usesPhoto(path))) {
        return refused(
          400,
          `${photoField(path)} belongs to no job. Add photos from a job's own page in the editor.`,
        );
      }
      const photo = await makePhotoSafe(
        Buffer.from(addition.contents, 'base64'),
        path,
        photoField(path),
      );
      if (!photo.ok) return refused(photo.status, photo.message);
      additions.push({ path, bytes: photo.bytes });
    } else if (isEntry(path) || singletons.has(path)) {
      additions.push({ path, bytes: Buffer.from(addition.contents, 'base64') });
    } else {
      return notAllowed(path);
    }
  }
  return { ok: true, update: { additions, deletions: body.deletions.map(({ path }) => path) } };
}
