/**
 * A job's photos waiting for their save are bounded by the day, as the editor's saves are: a
 * session cannot fill the disk the quote requests are kept on.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createDailyQuota } from '../../src/server/editor/daily-quota.ts';
import {
  photoUploads,
  UPLOADS_OVER_QUOTA_MESSAGE,
} from '../../src/server/owner/jobs/photo-uploads.ts';
import { phonePhoto } from '../support/phone-photo.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

it("takes photos until the day's bytes are used up, writing nothing past them, and again a day later", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'job-uploads-'));
  dirs.push(dir);
  let clock = 0;
  const photo = await phonePhoto(600, 400);
  // The size the uploads keep this photo at, made safe
  const first = await photoUploads(dir, createDailyQuota(Number.MAX_SAFE_INTEGER)).upload(photo);
  if (!first.ok) throw new Error(first.message);
  const kept = statSync(join(dir, `${first.upload}.jpg`)).size;
  // Room for two more
  const uploads = photoUploads(
    dir,
    createDailyQuota(kept * 2, () => clock),
  );
  for (const _ of [1, 2]) expect((await uploads.upload(photo)).ok).toBe(true);
  expect(await uploads.upload(photo)).toEqual({
    ok: false,
    status: 429,
    message: UPLOADS_OVER_QUOTA_MESSAGE,
  });
  expect(readdirSync(dir)).toHaveLength(3);
  clock += 24 * 60 * 60 * 1000;
  expect((await uploads.upload(photo)).ok).toBe(true);
});
