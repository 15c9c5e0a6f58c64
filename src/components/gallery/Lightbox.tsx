import { useEffect, useRef, useState } from 'react';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import type { GalleryItem } from '../../lib/gallery.ts';
import { IconButton } from '../ui/IconButton.tsx';

interface Props {
  item: GalleryItem | null;
  onClose: () => void;
}

/**
 * The image lightbox, a modal <dialog>: the browser traps focus and closes it on Escape; a click
 * on the backdrop closes it too, and page scrolling is locked while it is open.
 */
export function Lightbox({ item, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (item) {
      if (!element.open) element.showModal();
      document.documentElement.style.overflow = 'hidden';
    } else if (element.open) {
      element.close();
    }
    return () => {
      document.documentElement.style.overflow = '';
    };
  }, [item]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="lightbox-title"
      className="lightbox m-auto w-[min(64rem,94vw)] max-w-none overflow-visible rounded-(--radius-card) bg-white p-0 backdrop:bg-brand-950/80"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {/* Keyed by item, so each project opens at its first photo */}
      {item && <LightboxContent key={item.id} item={item} onClose={onClose} />}
    </dialog>
  );
}

const stepButton =
  'absolute top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-brand-900 shadow-lg hover:bg-white';

/** One item: its photos one at a time (the arrow buttons and keys step through several), then its words */
function LightboxContent({ item, onClose }: { item: GalleryItem; onClose: () => void }) {
  const photos = [{ ...item.full, alt: item.alt }, ...item.more];
  const [index, setIndex] = useState(0);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const photo = photos[index]!;
  const step = (by: number) =>
    setIndex((current) => (current + by + photos.length) % photos.length);

  return (
    <div
      className="relative"
      onKeyDown={(event) => {
        if (photos.length < 2) return;
        if (event.key === 'ArrowLeft') step(-1);
        else if (event.key === 'ArrowRight') step(1);
      }}
    >
      <IconButton
        label="Close"
        icon={X}
        iconClassName="size-6"
        onClick={onClose}
        className="absolute -top-3 -right-3 z-10 size-11 rounded-full bg-white text-brand-900 shadow-lg hover:bg-brand-50"
      />
      <div className="relative flex aspect-[4/3] max-h-[70vh] w-full items-center justify-center overflow-hidden rounded-t-(--radius-card) bg-brand-100">
        {failedSrc === photo.src ? (
          <p className="font-semibold text-brand-900">Failed to load image</p>
        ) : (
          <img
            src={photo.src}
            width={photo.width}
            height={photo.height}
            alt={photo.alt}
            onError={() => setFailedSrc(photo.src)}
            className="h-full w-full object-contain"
          />
        )}
        {photos.length > 1 && (
          <>
            <button
              type="button"
              onClick={() => step(-1)}
              className={`${stepButton} left-3`}
              aria-label="Previous photo"
            >
              <ChevronLeft className="size-6" aria-hidden="true" />
            </button>
            <button
              type="button"
              onClick={() => step(1)}
              className={`${stepButton} right-3`}
              aria-label="Next photo"
            >
              <ChevronRight className="size-6" aria-hidden="true" />
            </button>
          </>
        )}
      </div>
      <div className="p-5 md:p-6">
        <p className="eyebrow">{item.category}</p>
        <h2 id="lightbox-title" className="mt-1 text-h3">
          {item.title}
        </h2>
        {photos.length > 1 && (
          <p className="mt-1 text-sm font-semibold text-muted" aria-live="polite">
            Photo {index + 1} of {photos.length}
          </p>
        )}
        <p className="mt-2 text-muted">{item.description}</p>
      </div>
    </div>
  );
}
