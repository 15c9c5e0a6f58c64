/**
 * One photo sent to the server (POST jobs/uploads) with XMLHttpRequest, which, unlike fetch,
 * tells how much of the body has gone: the form's progress bar follows it. A dropped signal is an
 * error like any other (status 0), which the form meets by sending that photo again.
 */
import { errorMessageOf } from '../../lib/api-errors.ts';
import { ownerPaths, type PhotoUploaded } from '../../lib/owner-api.ts';
import { ApiError } from '../api.ts';

const NO_SIGNAL =
  'No signal, so it did not get through. It goes again by itself when the signal is back, or tap Try again.';

export function uploadPhoto(
  photo: Blob,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<PhotoUploaded> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', ownerPaths.jobUploads);
    request.setRequestHeader('Accept', 'application/json');
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(String(request.response ?? ''));
      } catch {
        // Not JSON: said below by its status
      }
      if (request.status === 201 && body && typeof body === 'object' && 'upload' in body) {
        onProgress(1);
        resolve(body as PhotoUploaded);
      } else
        reject(
          new ApiError(
            request.status,
            errorMessageOf(body) ?? `The photo was refused (error ${request.status}).`,
          ),
        );
    };
    request.onerror = () => reject(new ApiError(0, NO_SIGNAL));
    request.ontimeout = () => reject(new ApiError(0, NO_SIGNAL));
    request.onabort = () => reject(new ApiError(0, 'Stopped.'));
    signal?.addEventListener('abort', () => request.abort());
    request.send(photo);
  });
}
