/**
 * A photo sent with a quote request made fit to keep: its type judged from its first bytes (not
 * its name or what the browser said), JPEG, PNG or WebP alone; its pixels counted before it is
 * decoded (a small file that unpacks to gigapixels is refused); read strictly, so a file cut
 * short is refused rather than kept half grey; turned upright from its EXIF orientation, shrunk
 * to PHOTO_MAX_EDGE on its long side and written as a JPEG with no metadata (no place, time or
 * camera). sharp does its work on libuv's threads, one core at a time, so pages keep being
 * served meanwhile.
 */
import { PHOTO_JPEG_QUALITY, PHOTO_MAX_EDGE, PHOTO_THUMBNAIL_EDGE } from '../../lib/photos.ts';

/** A 50-megapixel phone camera's photo, with room; a decompression bomb's is far more */
export const PHOTO_MAX_PIXELS = 60_000_000;

/** sharp, loaded with the first photo so the server starts without it */
async function loadSharp() {
  const sharp = (await import('sharp')).default;
  // One core for photos: on a two-core server the other keeps serving pages meanwhile
  sharp.concurrency(1);
  return sharp;
}

type SniffedType = 'jpeg' | 'png' | 'webp' | 'heic' | null;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** HEIF's brands: iPhones' photos and those a Mac exports */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** What the first bytes say the file is */
export function sniffImageType(bytes: Uint8Array): SniffedType {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(bytes, 8, 12))) return 'heic';
  return null;
}

export type PhotoOutcome =
  { ok: true; jpeg: Buffer; width: number; height: number } | { ok: false; message: string };

/** `label` names the photo in a refusal ("Photo 2 (switchboard.jpg)") */
export async function prepareLeadPhoto(input: Uint8Array, label: string): Promise<PhotoOutcome> {
  const type = sniffImageType(input);
  if (type === 'heic')
    return {
      ok: false,
      message: `${label} is a HEIC photo. Please send photos as JPEG (on an iPhone or Mac, choose "Most Compatible" or export as JPEG).`,
    };
  if (type === null)
    return { ok: false, message: `${label} is not a photo. Please send JPEG, PNG or WebP photos.` };
  const sharp = await loadSharp();
  const options = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'warning' as const };
  const tooManyPixels = (size: string) => ({
    ok: false as const,
    message: `${label} has too many pixels${size}. Please send a smaller photo.`,
  });
  try {
    const { format, width = 0, height = 0, pages = 1 } = await sharp(input, options).metadata();
    if (format !== type || pages > 1)
      return { ok: false, message: `${label} is not a photo we can read. Please send it as JPEG.` };
    if (width * height > PHOTO_MAX_PIXELS) return tooManyPixels(` (${width} × ${height})`);
    const { data, info } = await sharp(input, options)
      .rotate()
      .resize({
        width: PHOTO_MAX_EDGE,
        height: PHOTO_MAX_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toColourspace('srgb')
      .jpeg({ quality: Math.round(PHOTO_JPEG_QUALITY * 100), mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, jpeg: data, width: info.width, height: info.height };
  } catch (error) {
    // sharp checks the pixels from the header, before decoding anything
    if (error instanceof Error && /pixel limit/i.test(error.message)) return tooManyPixels('');
    // Otherwise it cannot read the photo to its end: cut short, or damaged
    return {
      ok: false,
      message: `${label} is damaged or incomplete. Please take or choose it again.`,
    };
  }
}

/** A kept photo (already upright, sRGB and without metadata) small, for the owner's thumbnails */
export async function thumbnailOf(jpeg: Uint8Array): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(jpeg, { limitInputPixels: PHOTO_MAX_PIXELS })
    .resize({ width: PHOTO_THUMBNAIL_EDGE, height: PHOTO_THUMBNAIL_EDGE, fit: 'inside' })
    .jpeg({ quality: 70, mozjpeg: true })
    .toBuffer();
}
