/**
 * Sending the quote form with its photos, loaded only when a visitor sends photos: each photo
 * shrunk in the browser (turned upright from its EXIF orientation, at most PHOTO_MAX_EDGE on its
 * long side, drawn on a canvas and saved as a JPEG, which keeps no EXIF and so no location), then
 * the form posted with XMLHttpRequest, whose upload events give the progress fetch cannot.
 */
import { PHOTO_FIELD, PHOTO_JPEG_QUALITY, PHOTO_MAX_EDGE } from '../../lib/photos.ts';

/** Longer than the server's own deadline for a body with photos (3 minutes), so the server's decides */
const UPLOAD_TIMEOUT_MS = 4 * 60_000;

/** Why a send failed: the server's own words when it gave any, or that the connection dropped */
export class UploadError extends Error {
  override name = 'UploadError';
  /** The HTTP status, or 0 when no answer came (the signal dropped, or it took too long) */
  readonly status: number;
  /** What the server said was wrong, in words for the visitor */
  readonly serverMessage: string | null;
  constructor(message: string, status: number, serverMessage: string | null = null) {
    super(message);
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

function canvasToJpeg(canvas: HTMLCanvasElement | OffscreenCanvas): Promise<Blob | null> {
  if ('convertToBlob' in canvas)
    return canvas.convertToBlob({ type: 'image/jpeg', quality: PHOTO_JPEG_QUALITY });
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', PHOTO_JPEG_QUALITY));
}

/**
 * The photo upright and at most PHOTO_MAX_EDGE px, as a JPEG with no metadata; the file as it is
 * when this browser cannot read it (the server then judges it and says what is wrong)
 */
export async function shrinkPhoto(file: File): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, PHOTO_MAX_EDGE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas =
      typeof OffscreenCanvas === 'function'
        ? new OffscreenCanvas(width, height)
        : Object.assign(document.createElement('canvas'), { width, height });
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, width, height);
    return (await canvasToJpeg(canvas)) ?? file;
  } finally {
    bitmap.close();
  }
}

/** The name a shrunk photo is sent under: the original's, as a .jpg */
const jpegName = (name: string) => `${name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;

/** The form's data with its photos replaced by `photos`, each shrunk */
export async function withShrunkPhotos(data: FormData, photos: readonly File[]): Promise<FormData> {
  const sent = new FormData();
  for (const [name, value] of data) if (name !== PHOTO_FIELD) sent.append(name, value);
  for (const photo of photos) {
    const shrunk = await shrinkPhoto(photo);
    sent.append(PHOTO_FIELD, shrunk, shrunk === photo ? photo.name : jpegName(photo.name));
  }
  return sent;
}

/** The first message of the API's error shape ({ errors: [{ message }] }), if the answer has one */
function serverMessageOf(request: XMLHttpRequest): string | null {
  try {
    const body = JSON.parse(request.responseText) as { errors?: Array<{ message?: unknown }> };
    const message = body.errors?.[0]?.message;
    return typeof message === 'string' ? message : null;
  } catch {
    return null;
  }
}

/** Posts the form as the endpoint expects (multipart, asking for JSON), telling `onProgress` of each step */
export function uploadForm(
  endpoint: string,
  data: FormData,
  onProgress: (sent: number, total: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', endpoint);
    request.setRequestHeader('Accept', 'application/json');
    request.timeout = UPLOAD_TIMEOUT_MS;
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) resolve();
      else
        reject(
          new UploadError(
            `Form endpoint answered ${request.status}`,
            request.status,
            serverMessageOf(request),
          ),
        );
    });
    const dropped = () => reject(new UploadError('The connection dropped while sending', 0));
    request.addEventListener('error', dropped);
    request.addEventListener('timeout', dropped);
    request.addEventListener('abort', dropped);
    request.send(data);
  });
}
