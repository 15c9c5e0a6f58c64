import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { GalleryCard } from './GalleryCard.tsx';
import { Lightbox } from './Lightbox.tsx';
import type { GalleryItem } from '../../lib/gallery.ts';

interface Props {
  items: GalleryItem[];
  /** Category tabs (with 'All' first); none shows every item without tabs */
  categories?: string[];
  /** Accessible name of the grid */
  label: string;
  /** Columns on wide screens: 4 for the full portfolio, 3 for the six-item selections */
  wideColumns?: 3 | 4;
}

const ALL = 'All';

/** A grid of pictures that open in the lightbox, with optional category tabs and their counts */
export function Gallery({ items, categories = [], label, wideColumns = 4 }: Props) {
  const [filter, setFilter] = useState(ALL);
  const [open, setOpen] = useState<GalleryItem | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const visible = filter === ALL ? items : items.filter((item) => item.category === filter);

  useEffect(() => {
    // Cards that mount after a filter change join the scroll reveal
    document.dispatchEvent(new CustomEvent('reveal:scan'));
  }, [filter]);

  const close = () => {
    setOpen(null);
    trigger.current?.focus();
  };

  return (
    <div>
      {categories.length > 0 && (
        <div role="group" aria-label="Filter projects" className="mb-8 flex flex-wrap justify-center gap-2">
          {[ALL, ...categories].map((category) => {
            const count = category === ALL ? items.length : items.filter((item) => item.category === category).length;
            return (
              <button
                key={category}
                type="button"
                aria-pressed={filter === category}
                onClick={() => setFilter(category)}
                className={cn(
                  'rounded-full border-2 px-5 py-2 font-semibold transition-colors',
                  filter === category
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-brand-100 bg-white text-brand-800 hover:border-brand-700',
                )}
              >
                {category} <span className="ml-1 rounded-full bg-black/10 px-2 text-sm">{count}</span>
              </button>
            );
          })}
        </div>
      )}
      <ul aria-label={label} className={cn('grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3', wideColumns === 4 && 'xl:grid-cols-4')}>
        {visible.map((item) => (
          <li key={item.id}>
            <GalleryCard
              item={item}
              onOpen={(chosen, element) => {
                trigger.current = element;
                setOpen(chosen);
              }}
            />
          </li>
        ))}
      </ul>
      <Lightbox item={open} onClose={close} />
    </div>
  );
}
