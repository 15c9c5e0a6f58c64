/**
 * The photos sent with quote requests, as files beside the database (never under the web root):
 * `lead-photos/<lead id>/<n>.jpg`, n from 1, and beside each the thumbnail made when the owner
 * first looks at it (`<n>-small.jpg`). They are written to a folder of their own first and
 * the folder is given the lead's id once the lead is committed, so a request refused or not
 * stored leaves no photos, and the owner never sees part of a request's photos. The count in the
 * lead's row (`photos`) says how many files its folder holds.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export const PHOTOS_FOLDER = 'lead-photos';
/** Where photos are written before their lead is stored; never a lead's id */
const INCOMING_PREFIX = '.incoming-';
/** Where a deleted lead's photos go while they are removed; never a lead's id */
const REMOVING_PREFIX = '.removing-';

/** The folder of every lead's photos, beside the database at `databasePath` */
export function photosFolderBeside(databasePath: string): string {
  return join(dirname(databasePath), PHOTOS_FOLDER);
}

export type PhotoSize = 'full' | 'small';

const fileOf = (n: number, size: PhotoSize) => (size === 'small' ? `${n}-small.jpg` : `${n}.jpg`);

/** A request's photo as it was sent (`3.jpg`), not its thumbnail */
export const isSentPhoto = (name: string) => /^\d+\.jpg$/.test(name);

/**
 * Whether a file or folder of lead-photos/ belongs in a backup: photos still being written and
 * thumbnails (made again when he looks) do not
 */
export function belongsInBackup(name: string): boolean {
  if ([INCOMING_PREFIX, REMOVING_PREFIX].some((prefix) => name.startsWith(prefix))) return false;
  if (name.endsWith('.part')) return false;
  return !name.endsWith('.jpg') || isSentPhoto(name);
}

export type StagedPhotos = { folder: string; count: number };

export interface LeadPhotoFiles {
  readonly folder: string;
  /**
   * Writes the photos to a folder of their own; 'disk-full' when the disk is full (ENOSPC or over
   * quota), with nothing left behind. Any other failure throws.
   */
  stage(photos: readonly Uint8Array[]): Promise<StagedPhotos | 'disk-full'>;
  /** Gives staged photos to the lead `leadId` */
  attach(staged: StagedPhotos, leadId: number): Promise<void>;
  /** Removes staged photos whose lead was not stored */
  discard(staged: StagedPhotos): Promise<void>;
  /** Photo `n` (from 1) of the lead, or its thumbnail, or null when it has none such */
  read(leadId: number, n: number, size?: PhotoSize): Promise<Buffer | null>;
  /** Keeps the thumbnail of photo `n`, so it is made once; a full disk only means it is made again */
  keepThumbnail(leadId: number, n: number, bytes: Uint8Array): Promise<void>;
  /**
   * Removes every photo of the lead, and thumbnails being made meanwhile; what the disk will not
   * let go at once is out of the lead's folder, and goes with the next removal
   */
  remove(leadId: number): Promise<void>;
}

const isDiskFull = (error: unknown) =>
  error instanceof Error && ['ENOSPC', 'EDQUOT'].includes((error as NodeJS.ErrnoException).code!);

/** `write` stands in for writeFile in tests (a disk that fills up) */
export function leadPhotoFiles(
  folder: string,
  write: (path: string, bytes: Uint8Array) => Promise<void> = writeFile,
): LeadPhotoFiles {
  const leadFolder = (leadId: number) => join(folder, String(leadId));
  const removeFolder = (path: string) => rm(path, { recursive: true, force: true });

  return {
    folder,
    async stage(photos) {
      const staging = join(folder, `${INCOMING_PREFIX}${randomUUID()}`);
      try {
        await mkdir(staging, { recursive: true, mode: 0o700 });
        for (const [index, bytes] of photos.entries())
          await write(join(staging, `${index + 1}.jpg`), bytes);
        return { folder: staging, count: photos.length };
      } catch (error) {
        await removeFolder(staging).catch(() => {});
        if (isDiskFull(error)) return 'disk-full';
        throw error;
      }
    },
    async attach(staged, leadId) {
      // A folder left by a lead of a database since replaced or restored is not this lead's
      await removeFolder(leadFolder(leadId));
      await rename(staged.folder, leadFolder(leadId));
    },
    discard: (staged) => removeFolder(staged.folder),
    async read(leadId, n, size = 'full') {
      if (!Number.isSafeInteger(leadId) || !Number.isSafeInteger(n) || n < 1) return null;
      try {
        return await readFile(join(leadFolder(leadId), fileOf(n, size)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async keepThumbnail(leadId, n, bytes) {
      const path = join(leadFolder(leadId), fileOf(n, 'small'));
      const partial = `${path}.${randomUUID()}.part`;
      try {
        await write(partial, bytes);
        // Whole or not at all: a thumbnail cut short by a full disk is never served
        await rename(partial, path);
      } catch {
        // The disk is full, or the request was deleted meanwhile: it is made again next time
        await rm(partial, { force: true }).catch(() => {});
      }
    },
    async remove(leadId) {
      // Moved aside first: a thumbnail still being written then lands nowhere, or in what goes
      const removing = join(folder, `${REMOVING_PREFIX}${randomUUID()}`);
      try {
        await rename(leadFolder(leadId), removing);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      const names = await readdir(folder).catch(() => []);
      await Promise.all(
        names
          .filter((name) => name.startsWith(REMOVING_PREFIX))
          .map((name) =>
            rm(join(folder, name), { recursive: true, force: true, maxRetries: 5 }).catch(() => {}),
          ),
      );
    },
  };
}
