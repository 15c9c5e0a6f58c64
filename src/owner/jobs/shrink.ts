/**
 * A photo from the camera roll made ready to send on the phone itself: turned upright as the
 * camera meant it, at most JOB_PHOTO_MAX_SIDE pixels on its long side, and drawn again as a JPEG,
 * which keeps none of the original's hidden details (where it was taken, the camera). A 12 MP
 * photo of 3–5 MB leaves as a few hundred KB, so a weak signal carries it in seconds, not minutes.
 */
import { JOB_PHOTO_MAX_SIDE } from '../../lib/owner-api.ts';

const JPEG_QUALITY = 0.82;

export interface ShrunkPhoto {
  blob: Blob;
  width: number;
  height: number;
}

/** The photo shrunk; the original file itself where the browser cannot draw it (the server makes it safe either way) */
export async function shrinkPhoto(file: Blob): Promise<ShrunkPhoto> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const scale = Math.min(1, JOB_PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw the photo.');
    context.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((done) =>
      canvas.toBlob(done, 'image/jpeg', JPEG_QUALITY),
    );
    if (!blob) throw new Error('This browser cannot make the photo smaller.');
    return { blob, width, height };
  } finally {
    bitmap.close();
  }
}
