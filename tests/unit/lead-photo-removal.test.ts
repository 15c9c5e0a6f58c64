/**
 * A request deleted while the owner's thumbnails of its photos are still being written: the
 * deletion goes through, and nothing of its photos is left beside the database
 */
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { belongsInBackup, leadPhotoFiles } from '../../src/server/db/lead-photos.ts';

const photo = new Uint8Array(256 * 1024).fill(7);

describe('deleting a request while its thumbnails are written', () => {
  it('removes every photo and thumbnail, and leaves nothing behind', async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'lead-photo-removal-')), 'lead-photos');
    const files = leadPhotoFiles(folder);
    for (let leadId = 1; leadId <= 40; leadId++) {
      const staged = await files.stage([photo, photo, photo]);
      if (staged === 'disk-full') throw new Error('disk full');
      await files.attach(staged, leadId);
      const thumbnails = [1, 2, 3].map((n) => files.keepThumbnail(leadId, n, photo));
      await expect(files.remove(leadId)).resolves.toBeUndefined();
      await Promise.all(thumbnails);
      await files.remove(leadId);
      expect(readdirSync(folder)).toEqual([]);
    }
  });

  it('keeps what is being removed out of a backup', () => {
    expect(belongsInBackup('.removing-0b6e')).toBe(false);
    expect(belongsInBackup('12')).toBe(true);
  });
});
