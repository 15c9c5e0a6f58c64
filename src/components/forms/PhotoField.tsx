import { X } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { cn } from '../../lib/cn.ts';
import { PHOTO_FIELD, PHOTOS_MAX } from '../../lib/photos.ts';

interface Props {
  id: string;
  photos: readonly File[];
  onChange: (photos: File[]) => void;
  disabled?: boolean;
}

const THUMBNAIL_PX = 192;

/**
 * A small square of the photo, upright, as a data: URL (the page's CSP takes images from the site
 * and data: alone); null when this browser cannot read the photo
 */
async function thumbnailOf(photo: File): Promise<string | null> {
  try {
    const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
    const side = Math.min(bitmap.width, bitmap.height);
    const canvas = Object.assign(document.createElement('canvas'), {
      width: THUMBNAIL_PX,
      height: THUMBNAIL_PX,
    });
    canvas
      .getContext('2d')
      ?.drawImage(
        bitmap,
        (bitmap.width - side) / 2,
        (bitmap.height - side) / 2,
        side,
        side,
        0,
        0,
        THUMBNAIL_PX,
        THUMBNAIL_PX,
      );
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.7);
  } catch {
    return null;
  }
}

/** Each photo's thumbnail once drawn (undefined until then, null when it cannot be) */
function useThumbnails(photos: readonly File[]): Array<string | null | undefined> {
  const [drawn, setDrawn] = useState(() => new Map<File, string | null>());
  useEffect(() => {
    for (const photo of photos) {
      if (drawn.has(photo)) continue;
      void thumbnailOf(photo).then((url) =>
        setDrawn((current) => new Map(current).set(photo, url)),
      );
    }
  }, [photos, drawn]);
  return photos.map((photo) => drawn.get(photo));
}

/**
 * Optional photos of the job. Without JavaScript it is a plain file input the form posts as it
 * is (multipart), and the server shrinks them. With it, each pick adds to the photos shown as
 * thumbnails, up to PHOTOS_MAX, each with a remove button; the input is emptied after each pick so
 * the next one adds more, and the form sends the photos shown (photo-upload.ts).
 */
export function PhotoField({ id, photos, onChange, disabled = false }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const thumbnails = useThumbnails(photos);
  const [notice, setNotice] = useState<string | null>(null);
  const hintId = `${id}-hint`;
  const noticeId = `${id}-notice`;

  // The form clears itself once sent: its photos go with it
  useEffect(() => {
    const form = input.current?.form;
    const clear = () => {
      onChange([]);
      setNotice(null);
    };
    form?.addEventListener('reset', clear);
    return () => form?.removeEventListener('reset', clear);
  }, [onChange]);

  function picked(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])].filter(
      (file) => file.type === '' || file.type.startsWith('image/'),
    );
    event.target.value = '';
    const next = [...photos, ...chosen];
    setNotice(
      next.length > PHOTOS_MAX
        ? `You can send up to ${PHOTOS_MAX} photos, so only the first ${PHOTOS_MAX} are kept.`
        : null,
    );
    onChange(next.slice(0, PHOTOS_MAX));
  }

  function remove(index: number) {
    onChange(photos.filter((_, at) => at !== index));
    setNotice(null);
    input.current?.focus();
  }

  const full = photos.length >= PHOTOS_MAX;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Photos of the job (optional)
      </label>
      <p id={hintId} className="-mt-1 mb-2 text-sm text-muted">
        Up to {PHOTOS_MAX} photos, such as the switchboard or the fault. They help us quote.
      </p>
      <input
        ref={input}
        id={id}
        type="file"
        name={PHOTO_FIELD}
        accept="image/*"
        multiple
        disabled={disabled || full}
        onChange={picked}
        aria-describedby={notice ? `${hintId} ${noticeId}` : hintId}
        // Emptied after each pick, the input would say "No file chosen" beside the thumbnails
        className={cn(
          'hover:file:bg-brand-200 block w-full text-sm file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border-0 file:bg-brand-100 file:px-4 file:py-2 file:font-semibold file:text-brand-900',
          photos.length > 0 ? 'text-transparent' : 'text-muted',
        )}
      />
      {notice && (
        <p id={noticeId} className="mt-2 text-sm text-brand-900" role="status">
          {notice}
        </p>
      )}
      {photos.length > 0 && (
        <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Photos to send">
          {photos.map((photo, index) => (
            <li key={`${photo.name}-${photo.lastModified}-${index}`} className="relative">
              {thumbnails[index] ? (
                <img
                  src={thumbnails[index]}
                  alt={`Photo ${index + 1}: ${photo.name}`}
                  className="aspect-square w-full rounded-lg border border-line object-cover"
                />
              ) : (
                <div className="flex aspect-square w-full items-center justify-center rounded-lg border border-line bg-brand-50 p-1 text-center text-xs break-all text-muted">
                  {photo.name}
                </div>
              )}
              <button
                type="button"
                onClick={() => remove(index)}
                disabled={disabled}
                aria-label={`Remove photo ${index + 1}`}
                className="absolute top-1 right-1 flex size-11 items-center justify-center rounded-full bg-brand-900/80 text-white hover:bg-brand-900"
              >
                <X className="size-5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
