import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { OwnerPhoto } from '../../lib/owner-api.ts';
import { buttonClass } from '../../lib/button.ts';
import { photoCount } from '../../lib/photos.ts';

interface Props {
  photos: readonly OwnerPhoto[];
  /** Photos the customer sent that the server could not keep (its disk was full) */
  notKept: number;
}

/**
 * The photos sent with the request: thumbnails, each opening the photo large in a dialog (a
 * lightbox) with the previous and next; Escape or Close shuts it and the focus goes back to the
 * thumbnail it was opened from
 */
export function Photos({ photos, notKept }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const thumbnails = useRef<Array<HTMLButtonElement | null>>([]);
  const [open, setOpen] = useState<number | null>(null);
  const count = photos.length;

  function show(index: number) {
    setOpen(index);
    dialog.current?.showModal();
  }

  function closed() {
    const from = open;
    setOpen(null);
    if (from !== null) thumbnails.current[from]?.focus();
  }

  const step = (by: number) =>
    setOpen((index) => (index === null ? null : (index + by + count) % count));

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'ArrowRight') step(1);
    else if (event.key === 'ArrowLeft') step(-1);
  }

  const label = (index: number) => `Photo ${index + 1} of ${count}`;
  const shown = open === null ? undefined : photos[open];

  return (
    <div>
      {count > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label={photoCount(count)}>
          {photos.map((photo, index) => (
            <li key={photo.url}>
              <button
                type="button"
                ref={(button) => {
                  thumbnails.current[index] = button;
                }}
                onClick={() => show(index)}
                className="block aspect-square w-full overflow-hidden rounded-lg border border-line bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-2"
              >
                <img
                  src={photo.thumbnailUrl}
                  alt={`${label(index)}, open it large`}
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {notKept > 0 && (
        <p className={count > 0 ? 'mt-3 text-sm text-muted' : 'text-muted'}>
          {photoCount(notKept)} {notKept === 1 ? 'was' : 'were'} sent but not kept: the server’s
          disk was full. Ask the customer to e-mail {notKept === 1 ? 'it' : 'them'}.
        </p>
      )}
      <dialog
        ref={dialog}
        aria-label={open === null ? 'Photo' : label(open)}
        onClose={closed}
        onKeyDown={onKeyDown}
        className="m-auto max-h-dvh w-full max-w-5xl bg-transparent p-2 backdrop:bg-black/85"
      >
        {shown && open !== null && (
          <figure className="flex flex-col items-center gap-3">
            <img
              src={shown.url}
              alt={label(open)}
              className="max-h-[calc(100dvh-7rem)] w-auto max-w-full rounded-lg bg-white object-contain"
            />
            <figcaption className="flex w-full flex-wrap items-center justify-center gap-2 text-white">
              {count > 1 && (
                <button
                  type="button"
                  onClick={() => step(-1)}
                  className={buttonClass({ variant: 'outline', size: 'sm' }, 'bg-white')}
                >
                  <ChevronLeft className="size-5" aria-hidden="true" />
                  Previous
                </button>
              )}
              <span className="px-2 font-semibold" aria-live="polite">
                {label(open)}
              </span>
              {count > 1 && (
                <button
                  type="button"
                  onClick={() => step(1)}
                  className={buttonClass({ variant: 'outline', size: 'sm' }, 'bg-white')}
                >
                  Next
                  <ChevronRight className="size-5" aria-hidden="true" />
                </button>
              )}
              <button
                type="button"
                onClick={() => dialog.current?.close()}
                className={buttonClass({ variant: 'brand', size: 'sm' })}
                autoFocus
              >
                <X className="size-5" aria-hidden="true" />
                Close
              </button>
            </figcaption>
          </figure>
        )}
      </dialog>
    </div>
  );
}
