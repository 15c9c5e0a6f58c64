import type { ServiceCardData } from '../../lib/cards.ts';
import { Icon } from '../ui/Icon.tsx';
import { ResponsivePicture } from '../ui/ResponsivePicture.tsx';

/**
 * A service as a card that links to its page; the whole card is the link's target area. The card's
 * title names it, so a list of cards reads as distinct articles rather than a run of unnamed ones.
 */
export function ServiceCard({
  title,
  description,
  icon,
  href,
  picture,
  imageAlt,
}: ServiceCardData) {
  const titleId = `service-card-${href.split('/').pop()}`;
  return (
    <article
      aria-labelledby={titleId}
      data-reveal=""
      className="card relative flex h-full flex-col overflow-hidden p-0 transition-shadow hover:shadow-lg"
    >
      {picture && (
        <ResponsivePicture
          data={picture}
          alt={imageAlt ?? ''}
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 45vw, 92vw"
          className="aspect-[4/3]"
        />
      )}
      <div className="flex flex-1 flex-col p-6">
        <span className="icon-badge">
          <Icon name={icon} className="size-6" />
        </span>
        <h3 id={titleId} className="mt-4 text-h3">
          <a
            href={href}
            className="text-brand-900 no-underline after:absolute after:inset-0 hover:underline"
          >
            {title}
          </a>
        </h3>
        <p className="mt-2 flex-1 text-muted">{description}</p>
        <span className="mt-4 font-semibold text-brand-700" aria-hidden="true">
          Learn more →
        </span>
      </div>
    </article>
  );
}
