/**
 * Photos sent with the full quote request: how many, how large they are kept, and how they are
 * named to the owner. The browser shrinks them to these limits before sending; the server holds
 * every photo to them whether it was shrunk or not.
 */

/** The form field that carries the photos */
export const PHOTO_FIELD = 'photos';
/** At most this many photos with one request */
export const PHOTOS_MAX = 5;
/** A photo is kept at most this many pixels wide and high */
export const PHOTO_MAX_EDGE = 2048;
/** The JPEG quality a photo is kept at (0 to 1, as a canvas takes it) */
export const PHOTO_JPEG_QUALITY = 0.82;
/** The owner's thumbnails are this many pixels on their long side: a third of a phone's width at 3× */
export const PHOTO_THUMBNAIL_EDGE = 480;
/** One photo as sent, before shrinking: a phone's full-size photo is 2 to 8 MB */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** A whole request with photos: five full-size phone photos and the form's text */
export const PHOTO_REQUEST_MAX_BYTES = 30 * 1024 * 1024;

/** "1 photo", "3 photos" */
export function photoCount(count: number): string {
  return `${count} ${count === 1 ? 'photo' : 'photos'}`;
}
