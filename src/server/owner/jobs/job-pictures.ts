/**
 * The small pictures the owner's app shows of a job: a photo shrunk to 640 pixels wide, or, for a
 * job with no photo, its drawing.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { PHOTOS_DIRECTORY } from '../../../lib/content-schemas.ts';
import { photoFileOf, type ProjectFiles } from './project-files.ts';

const ILLUSTRATIONS_DIRECTORY = 'src/assets/illustrations';

export function jobPictures(files: ProjectFiles) {
  /** A job's photo (or drawing), small: its bytes and type */
  async function picture(
    id: string,
    index: number,
  ): Promise<{ bytes: Buffer; type: string } | undefined> {
    const project = await files.one(id);
    if (!project) return undefined;
    const src = project.photos[index]?.src;
    if (src) {
      const file = files.inside(PHOTOS_DIRECTORY, photoFileOf(src));
      if (!file || !existsSync(file)) return undefined;
      const sharp = (await import('sharp')).default;
      const bytes = await sharp(file)
        .resize({ width: 640, withoutEnlargement: true })
        .jpeg()
        .toBuffer();
      return { bytes, type: 'image/jpeg' };
    }
    if (index === 0 && project.photos.length === 0 && project.image) {
      const file = files.inside(
        ILLUSTRATIONS_DIRECTORY,
        `${ILLUSTRATIONS_DIRECTORY}/${project.image}.svg`,
      );
      if (!file || !existsSync(file)) return undefined;
      return { bytes: await readFile(file), type: 'image/svg+xml' };
    }
    return undefined;
  }

  return { picture };
}
