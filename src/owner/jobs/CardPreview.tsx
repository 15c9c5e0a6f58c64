/**
 * The job's card as the projects page will show it, from the first photo and what he has typed
 * so far, with where its crop is centred picked above it.
 */
import { useMemo } from 'react';
import { GalleryCard } from '../../components/gallery/GalleryCard.tsx';
import type { GalleryItem } from '../../lib/gallery.ts';
import type { PhotoFocus } from '../../lib/photo-focus.ts';
import { photoAlt, type Draft } from './draft.ts';
import { FocusPicker } from './FocusPicker.tsx';

export function CardPreview({
  draft,
  picture,
  onFocusChange,
}: {
  draft: Draft;
  /** The first photo's picture */
  picture: string;
  onFocusChange: (focus: PhotoFocus) => void;
}) {
  const preview = useMemo<GalleryItem>(() => {
    const size = { src: picture, width: 1200, height: 900 };
    return {
      id: 'preview',
      title: draft.title.trim() || 'Your job’s title',
      description: draft.description.trim() || 'What you did shows here.',
      category: draft.category,
      alt: draft.photos[0]?.alt || photoAlt(draft.title, 0, draft.photos.length),
      thumb: { ...size, sources: [], srcset: '' },
      full: size,
      more: draft.photos.slice(1).map((photo) => ({ ...size, alt: photo.alt })),
      focus: draft.focus,
    };
  }, [picture, draft]);

  return (
    <section className="space-y-3" aria-label="The card on your site">
      <FocusPicker picture={picture} focus={draft.focus} onChange={onFocusChange} />
      <h2 className="text-h3">The card on your site</h2>
      <div className="max-w-sm" data-job-preview="">
        <GalleryCard item={preview} onOpen={() => undefined} />
      </div>
    </section>
  );
}
