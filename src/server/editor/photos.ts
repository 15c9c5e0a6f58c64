/**
 * A project photo made safe before it is written: checked by its content (not its name or what
 * the browser said) to be a JPEG, PNG or WebP picture, turned upright from its EXIF orientation,
 * stripped of every piece of metadata (where and when it was taken, the camera, XMP, IPTC; its
 * colours converted to sRGB), scaled to at most 2,400 pixels on its long side (never enlarged),
 * and written in the format its file name's extension names. sharp is loaded on the first photo,
 * so the server starts without it.
 */

export const PHOTO_MAX_BYTES = 20 * 1024 * 1024;
export const PHOTO_MAX_SIDE = 2400;
/** Pixels a photo may have before it is decoded: a 100-megapixel camera's, not a decompression bomb's */
const PHOTO_MAX_PIXELS = 100_000_000;

/** The formats a photo may arrive in, by what sharp reads from its content */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** The format each file extension names */
const FORMAT_OF_EXTENSION: Readonly<Record<string, 'jpeg' | 'png' | 'webp'>> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
};

export type PhotoOutcome =
  { ok: true; bytes: Buffer } | { ok: false; status: 400 | 413 | 500; message: string };

/** The file's extension, lower-cased, without the dot ('' when it has none) */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The photo at `path` (its extension decides the format written) made safe; `field` names it in
 * a refusal, such as "Photo 2"
 */
export async function makePhotoSafe(
  input: Uint8Array,
  path: string,
  field = 'Photo',
): Promise<PhotoOutcome> {
  const notAPicture: PhotoOutcome = {
    ok: false,
    status: 400,
    message: `${field}: that file is not a photo the site can show. Choose a photo from your phone or camera.`,
  };
  if (input.byteLength > PHOTO_MAX_BYTES) {
    return {
      ok: false,
      status: 413,
      message: `${field}: that file is over ${PHOTO_MAX_BYTES / 1024 / 1024} MB. Choose a smaller photo.`,
    };
  }
  const format = FORMAT_OF_EXTENSION[extensionOf(path)];
  if (!format) return notAPicture;
  let sharp: typeof import('sharp').default;
  try {
    sharp = (await import('sharp')).default;
    // One core for photos: on a two-core server the other keeps serving pages meanwhile
    sharp.concurrency(1);
  } catch {
    return {
      ok: false,
      status: 500,
      message: `${field}: the server cannot make photos safe (sharp is not installed), so it saved nothing.`,
    };
  }
  const options = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' as const };
  try {
    const { format: actual, pages = 1 } = await sharp(input, options).metadata();
    if (!actual || !ACCEPTED_FORMATS.has(actual) || pages > 1) return notAPicture;
    const image = sharp(input, options)
      .rotate()
      .resize({
        width: PHOTO_MAX_SIDE,
        height: PHOTO_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toColourspace('srgb');
    const bytes =
      format === 'jpeg'
        ? await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer()
        : format === 'png'
          ? await image.png({ compressionLevel: 9 }).toBuffer()
          : await image.webp({ quality: 85 }).toBuffer();
    return { ok: true, bytes };
  } catch {
    // sharp cannot read it: not a picture at all, cut short, or larger than the pixel limit
    return notAPicture;
  }
}
