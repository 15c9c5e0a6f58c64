/**
 * The new photos of a job on their way to the server over a weak link: each shrunk on the phone
 * and shown from there at once, then sent one after another, tried again by itself a few times
 * when the signal drops, and again when the signal comes back (or every little while, as a phone
 * does not always say so). The photos' states live in the draft; their bytes only here.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../api.ts';
import { errorMessage } from '../notices.tsx';
import type { DraftPhoto } from './draft.ts';
import { shrinkPhoto } from './shrink.ts';
import { uploadPhoto } from './upload.ts';
import type { PhotosUpdate } from './use-job-draft.ts';

/** Tries of one photo before it waits for him (or the signal's return) */
const SEND_TRIES = 3;
const RETRY_PAUSE_MS = 1500;
/** A photo that did not get through is tried again this often while the page is open */
const RETRY_EVERY_MS = 10_000;

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
let photoCount = 0;
const newKey = () => `new-${Date.now()}-${++photoCount}`;

export interface PhotoSending {
  /** Adds the files to the draft's photos and sends them */
  add: (files: readonly File[]) => Promise<void>;
  /** Sends one photo again, after those before it */
  send: (key: string) => void;
  /** The picture to show for a photo: the phone's own copy of a new one, else the server's */
  pictureOf: (photo: DraftPhoto) => string | undefined;
}

export function usePhotoSending(
  photos: readonly DraftPhoto[],
  updatePhotos: PhotosUpdate,
): PhotoSending {
  const blobs = useRef(new Map<string, Blob>());
  // Each new photo as the phone has it, shown before the server has it
  const [localUrls, setLocalUrls] = useState<Readonly<Record<string, string>>>({});
  const madeUrls = useRef<string[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    const urls = madeUrls.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const changePhoto = useCallback(
    (key: string, fields: Partial<DraftPhoto>) =>
      updatePhotos((current) =>
        current.map((photo) => (photo.key === key ? { ...photo, ...fields } : photo)),
      ),
    [updatePhotos],
  );

  /** Sends one photo, after those before it, trying again by itself a few times */
  const send = useCallback(
    (key: string) => {
      queue.current = queue.current.then(async () => {
        const blob = blobs.current.get(key);
        if (!blob) return changePhoto(key, { state: 'lost', progress: 0 });
        for (let attempt = 1; ; attempt++) {
          changePhoto(key, { state: 'sending', progress: 0, problem: undefined });
          try {
            const sent = await uploadPhoto(blob, (progress) => changePhoto(key, { progress }));
            changePhoto(key, { state: 'sent', progress: 1, upload: sent.upload, url: sent.url });
            return;
          } catch (error) {
            const noSignal = error instanceof ApiError && error.status === 0;
            if (!noSignal || attempt >= SEND_TRIES) {
              changePhoto(key, { state: 'failed', progress: 0, problem: errorMessage(error) });
              return;
            }
            await pause(RETRY_PAUSE_MS * attempt);
          }
        }
      });
    },
    [changePhoto],
  );

  // When the signal comes back (or, as a phone does not always say so, every little while), the
  // photos that did not get through go again by themselves
  const failed = photos.filter((photo) => photo.state === 'failed').map((photo) => photo.key);
  const failedKeys = failed.join();
  useEffect(() => {
    if (failedKeys === '') return;
    const again = () => {
      if (navigator.onLine) failedKeys.split(',').forEach(send);
    };
    window.addEventListener('online', again);
    const timer = setInterval(again, RETRY_EVERY_MS);
    return () => {
      window.removeEventListener('online', again);
      clearInterval(timer);
    };
  }, [failedKeys, send]);

  const add = async (files: readonly File[]) => {
    const added = files.map((file) => ({ file, key: newKey() }));
    updatePhotos((current) => [
      ...current,
      ...added.map(({ key }) => ({ key, state: 'shrinking' as const, progress: 0, alt: '' })),
    ]);
    for (const { file, key } of added) {
      try {
        const shrunk = await shrinkPhoto(file);
        blobs.current.set(key, shrunk.blob);
      } catch {
        // The browser cannot draw it: the server makes the original safe instead
        blobs.current.set(key, file);
      }
      const url = URL.createObjectURL(blobs.current.get(key)!);
      madeUrls.current.push(url);
      setLocalUrls((current) => ({ ...current, [key]: url }));
      send(key);
    }
  };

  const pictureOf = (photo: DraftPhoto) => localUrls[photo.key] ?? photo.url;
  return { add, send, pictureOf };
}
