/**
 * The job's photos in the form: a tile for each (the first is on the card), a button to add more,
 * several at once, up to the job's most, and what stops the form on them.
 */
import { Camera } from 'lucide-react';
import { buttonClass } from '../../lib/button.ts';
import { useNotices } from '../notices.tsx';
import type { DraftPhoto } from './draft.ts';
import { PhotoTile } from './PhotoTile.tsx';
import type { PhotosUpdate } from './use-job-draft.ts';
import type { PhotoSending } from './use-photo-sending.ts';

export function JobPhotos({
  headingId,
  heading,
  photos,
  maxPhotos,
  sending,
  updatePhotos,
  problem,
}: {
  headingId: string;
  heading: string;
  photos: readonly DraftPhoto[];
  maxPhotos: number;
  sending: PhotoSending;
  updatePhotos: PhotosUpdate;
  problem: string | undefined;
}) {
  const { notify } = useNotices();

  const addPhotos = async (files: FileList | null) => {
    const room = maxPhotos - photos.length;
    const picked = [...(files ?? [])].slice(0, Math.max(0, room));
    if (files && files.length > picked.length)
      notify({
        kind: 'error',
        text: `A job shows up to ${maxPhotos} photos; ${files.length - picked.length} left out.`,
      });
    await sending.add(picked);
  };

  const removePhoto = (key: string) =>
    updatePhotos((current) => current.filter((photo) => photo.key !== key));

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-h3">
        {heading}
      </h2>
      <ul className="grid grid-cols-3 gap-2">
        {photos.map((photo, place) => (
          <PhotoTile
            key={photo.key}
            photo={photo}
            place={place}
            picture={sending.pictureOf(photo)}
            onRetry={() => sending.send(photo.key)}
            onRemove={() => removePhoto(photo.key)}
          />
        ))}
      </ul>
      {photos.length < maxPhotos && (
        <label className={buttonClass({ variant: 'brand', block: true }, 'cursor-pointer')}>
          <Camera className="size-5" aria-hidden="true" />
          {photos.length === 0 ? 'Add photos' : 'Add more photos'}
          <input
            type="file"
            accept="image/*"
            multiple
            className="sr-only"
            onChange={(event) => {
              void addPhotos(event.target.files);
              event.target.value = '';
            }}
          />
        </label>
      )}
      {problem && <p className="field-error">{problem}</p>}
    </section>
  );
}
