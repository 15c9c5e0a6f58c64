/**
 * A job photo arrives on its own, is made safe at once (editor/photos.ts) and waits in a folder
 * outside the site until a save takes it, so a dropped signal costs one photo's upload, never the
 * job. A draft never saved leaves its photos there for two days. They sit beside the quote
 * requests' database, so what they may take in a day is bounded as the editor's saves are.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makePhotoSafe } from '../../editor/photos.ts';
import {
  createDailyQuota,
  PHOTO_BYTES_PER_DAY,
  type DailyQuota,
} from '../../editor/daily-quota.ts';

/** A draft's photos wait this long for the save that takes them */
const UPLOAD_KEPT_MS = 2 * 24 * 60 * 60 * 1000;
const UPLOAD_NAME = /^[\w-]{22}$/;
export const UPLOADS_OVER_QUOTA_MESSAGE = `That is more than the ${PHOTO_BYTES_PER_DAY / 1024 / 1024} MB of photos the site takes in a day. Add the rest tomorrow.`;

export function photoUploads(
  uploadsDir: string,
  quota: DailyQuota = createDailyQuota(PHOTO_BYTES_PER_DAY),
) {
  const uploadFile = (name: string) => join(uploadsDir, `${name}.jpg`);

  /** Photos of drafts never saved, past the time they wait */
  async function forgetOldUploads() {
    const now = Date.now();
    for (const name of await readdir(uploadsDir).catch(() => [] as string[])) {
      const file = join(uploadsDir, name);
      const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: now }));
      if (now - mtimeMs > UPLOAD_KEPT_MS) await rm(file, { force: true });
    }
  }

  /** A photo for a draft, made safe and kept until a save takes it */
  async function upload(
    bytes: Uint8Array,
  ): Promise<
    { ok: true; upload: string } | { ok: false; status: 400 | 413 | 429 | 500; message: string }
  > {
    const safe = await makePhotoSafe(bytes, 'photo.jpg', 'That photo');
    if (!safe.ok) return safe;
    if (safe.bytes.length > quota.remaining())
      return { ok: false, status: 429, message: UPLOADS_OVER_QUOTA_MESSAGE };
    await mkdir(uploadsDir, { recursive: true });
    await forgetOldUploads();
    const name = randomBytes(16).toString('base64url').slice(0, 22);
    await writeFile(uploadFile(name), safe.bytes, { flag: 'wx' });
    quota.spend(safe.bytes.length);
    return { ok: true, upload: name };
  }

  async function uploaded(name: string): Promise<Buffer | undefined> {
    if (!UPLOAD_NAME.test(name)) return undefined;
    return readFile(uploadFile(name)).catch(() => undefined);
  }

  /** A photo a save has taken into the site */
  async function remove(name: string) {
    await rm(uploadFile(name), { force: true });
  }

  return { upload, uploaded, remove };
}

export type PhotoUploads = ReturnType<typeof photoUploads>;
