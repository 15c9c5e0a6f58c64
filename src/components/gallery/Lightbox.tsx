import { useEffect, useRef, useState } from 'react';
import { X } from 'lucide-react';
import type { GalleryItem } from '../../lib/gallery.ts';

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
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = item !== null && failedSrc === item.full.src;

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
      {item && (
        <div className="relative">
          <button
            type="button"
            onClick={onClose}
            className="absolute -top-3 -right-3 z-10 inline-flex size-11 items-center justify-center rounded-full bg-white text-brand-900 shadow-lg hover:bg-brand-50"
            aria-label="Close"
          >
            <X className="size-6" aria-hidden="true" />
          </button>
          <div className="flex aspect-[4/3] max-h-[70vh] w-full items-center justify-center overflow-hidden rounded-t-(--radius-card) bg-brand-100">
            {failed ? (
              <p className="font-semibold text-brand-900">Failed to load image</p>
            ) : (
              <img
                src={item.full.src}
                width={item.full.width}
                height={item.full.height}
                alt={item.alt}
                onError={() => setFailedSrc(item.full.src)}
                className="h-full w-full object-contain"
              />
            )}
          </div>
          <div className="p-5 md:p-6">
            <p className="eyebrow">{item.category}</p>
            <h2 id="lightbox-title" className="mt-1 text-h3">
              {item.title}
            </h2>
            <p className="mt-2 text-muted">{item.description}</p>
          </div>
        </div>
      )}
    </dialog>
  );
}
