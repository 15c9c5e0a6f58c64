import { useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { filterMatch } from '../ui/filter-choices.ts';
import { FilterTabs } from './FilterTabs.tsx';
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

/**
 * A grid of pictures that open in the lightbox, with optional category tabs and their counts.
 * The tabs filter through CSS, so they work before the island hydrates and without JavaScript;
 * every card stays rendered.
 */
export function Gallery({ items, categories = [], label, wideColumns = 4 }: Props) {
  const filterName = `${useId()}-filter`;
  const [open, setOpen] = useState<GalleryItem | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const tabs = [ALL, ...categories].map((category) => ({
    label: category,
    count:
      category === ALL ? items.length : items.filter((item) => item.category === category).length,
  }));
  const hasTabs = categories.length > 0;

  const close = () => {
    setOpen(null);
    trigger.current?.focus();
  };

  return (
    <div data-filter={hasTabs ? '' : undefined}>
      {hasTabs && <FilterTabs name={filterName} tabs={tabs} />}
      <ul
        aria-label={label}
        className={cn(
          'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3',
          wideColumns === 4 && 'xl:grid-cols-4',
        )}
      >
        {items.map((item) => (
          <li
            key={item.id}
            {...(hasTabs ? filterMatch([0, categories.indexOf(item.category) + 1]) : {})}
          >
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
