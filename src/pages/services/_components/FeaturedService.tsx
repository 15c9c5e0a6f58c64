import { buttonClass } from '../../../lib/button.ts';
import type { ServiceCardData } from '../../../lib/cards.ts';
import { midSentence } from '../../../lib/mid-sentence.ts';
import { Icon } from '../../../components/ui/Icon.tsx';
import { ResponsivePicture } from '../../../components/ui/ResponsivePicture.tsx';

/** The residential page's lead service, shown large */
export function FeaturedService({ card }: { card: ServiceCardData }) {
  const titleId = 'featured-service-title';
  return (
    <article aria-labelledby={titleId} className="card grid overflow-hidden p-0 md:grid-cols-2">
      {card.picture && (
        <ResponsivePicture
          data={card.picture}
          alt={card.imageAlt ?? ''}
          sizes="(min-width: 768px) 560px, 92vw"
          className="aspect-[4/3] md:aspect-auto md:h-full"
        />
      )}
      <div className="flex flex-col justify-center p-6 md:p-10">
        <p id="featured-service-label" className="eyebrow flex items-center gap-2">
          <Icon name={card.icon} className="size-5" /> Featured service
        </p>
        <h2 id={titleId} className="mt-3 text-h2">
          {card.title}
        </h2>
        <p className="mt-3 text-lg text-muted">{card.description}</p>
        <a href={card.href} className={buttonClass({ variant: 'brand' }, 'mt-6 self-start')}>
          Read about {midSentence(card.title)}
        </a>
      </div>
    </article>
  );
}
