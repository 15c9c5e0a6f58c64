/**
 * What the editor may write, checked before Keystatic writes it. An update (Keystatic's
 * `{ additions: [{ path, contents }], deletions: [{ path }] }`, contents in base64) may only touch
 * the content files the editor's config names, each under a plain file name, and the project
 * photos, each of which is made safe first (photos.ts). Anything else is refused as a whole, with
 * a message for the owner, so a save writes all of its files or none.
 */
import type { Config } from '@keystatic/core';
import { PHOTOS_DIRECTORY } from '../../editor/config.ts';
import { makePhotoSafe } from './photos.ts';

export interface Update {
  additions: Array<{ path: string; contents: string }>;
  deletions: Array<{ path: string }>;
}

export type UpdateOutcome = { ok: true; update: Update } | { ok: false; status: number; message: string };

/** An entry's file name: small letters, digits and dashes, as the editor's slug fields make them */
const ENTRY_NAME = '[a-z0-9]+(?:-[a-z0-9]+)*';
/** A path under the photos directory: plain names (so no '.' or '..'), an extension any case */
const PHOTO_PATH = new RegExp(`^${PHOTOS_DIRECTORY}/(?:[\\w-]+/)*[\\w-]+\\.[A-Za-z0-9]+$`);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const refused = (status: number, message: string): UpdateOutcome => ({ ok: false, status, message });
const UNREADABLE = 'The editor sent something the server cannot read. Reload the page and try again.';

/** The file extension of a collection's entries, from its format (a content field's own, or the data format's) */
function entryExtension(collection: NonNullable<Config['collections']>[string]): string {
  const format = collection.format ?? 'yaml';
  if (typeof format === 'string') return `.${format}`;
  if (format.contentField) {
    const field = collection.schema[String(format.contentField)] as { contentExtension?: string } | undefined;
    if (!field?.contentExtension) throw new Error(`The content field ${String(format.contentField)} has no file extension`);
    return field.contentExtension;
  }
  return `.${format.data ?? 'yaml'}`;
}

/** The paths the editor may write: each collection's entries and each singleton's file */
export function editablePaths(config: Config): { entries: RegExp[]; singletons: Set<string> } {
  const entries = Object.values(config.collections ?? {}).map((collection) => {
    const directory = (collection.path ?? '').replace(/\/\*$/, '');
    if (!directory || directory.includes('*')) throw new Error(`Unexpected collection path ${collection.path}`);
    return new RegExp(`^${escape(directory)}/${ENTRY_NAME}${escape(entryExtension(collection))}$`);
  });
  const singletons = new Set(
    Object.values(config.singletons ?? {}).map((single) => {
      const format = single.format ?? 'yaml';
      return `${single.path}.${typeof format === 'string' ? format : (format.data ?? 'yaml')}`;
    }),
  );
  return { entries, singletons };
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
      (item: unknown) => typeof item === 'object' && item !== null && typeof (item as Update['deletions'][number]).path === 'string',
    )
  );
}

/**
 * The update with every photo made safe, or why it is refused. Keystatic checks the paths again
 * and writes it; every other addition goes to it unchanged.
 */
export async function checkUpdate(body: unknown, config: Config): Promise<UpdateOutcome> {
  if (!isUpdate(body)) return refused(400, UNREADABLE);
  const { entries, singletons } = editablePaths(config);
  const isEntry = (path: string) => entries.some((pattern) => pattern.test(path));
  const isPhoto = (path: string) => PHOTO_PATH.test(path);
  const notAllowed = (path: string) =>
    path.startsWith('src/assets/') && !isPhoto(path)
      ? refused(400, `Only project photos may be added under src/assets (not ${path}).`)
      : refused(400, `The editor may not change ${path}. Use small letters, digits and dashes in a file name.`);

  for (const { path } of body.deletions) {
    if (!isEntry(path) && !isPhoto(path)) return notAllowed(path);
  }
  const additions: Update['additions'] = [];
  for (const addition of body.additions) {
    const { path } = addition;
    if (isPhoto(path)) {
      const photo = await makePhotoSafe(Buffer.from(addition.contents, 'base64'), path, photoField(path));
      if (!photo.ok) return refused(photo.status, photo.message);
      additions.push({ path, contents: photo.bytes.toString('base64') });
    } else if (isEntry(path) || singletons.has(path)) {
      additions.push(addition);
    } else {
      return notAllowed(path);
    }
  }
  return { ok: true, update: { additions, deletions: body.deletions } };
}
