import { ZoomIn } from 'lucide-react';
import { ResponsivePicture } from '../ui/ResponsivePicture.tsx';
import type { GalleryItem } from '../../lib/gallery.ts';
import { focusClasses } from '../../lib/photo-focus.ts';

interface Props {
  item: GalleryItem;
  onOpen: (item: GalleryItem, trigger: HTMLElement) => void;
}

/** A gallery tile: without JavaScript its link opens the large image; with it, the lightbox. Its title names it. */
export function GalleryCard({ item, onOpen }: Props) {
  const titleId = `gallery-card-${item.id}`;
  const focus = focusClasses(item.focus);
  return (
    <article
      aria-labelledby={titleId}
      data-reveal=""
      className="card group relative flex h-full flex-col overflow-hidden p-0"
    >
      <ResponsivePicture
        data={item.thumb}
        alt={item.alt}
        sizes="(min-width: 1280px) 290px, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 92vw"
        className={`aspect-[4/3] ${focus.frame}`.trim()}
        {...(focus.image ? { imgClassName: focus.image } : {})}
      />
      <div className="flex flex-1 flex-col p-5">
        <p className="eyebrow">{item.category}</p>
        <h3 id={titleId} className="mt-1 text-lg font-bold">
          <a
            href={item.full.src}
            className="text-brand-900 no-underline after:absolute after:inset-0 hover:underline"
            aria-haspopup="dialog"
            onClick={(event) => {
              event.preventDefault();
              onOpen(item, event.currentTarget);
            }}
          >
            {item.title}
          </a>
        </h3>
        <p className="mt-2 line-clamp-3 text-sm text-muted">{item.description}</p>
        <span
          className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700"
          aria-hidden="true"
        >
          <ZoomIn className="size-4" />{' '}
          {item.more.length > 0 ? `View ${item.more.length + 1} photos` : 'View larger'}
        </span>
      </div>
    </article>
  );
}
