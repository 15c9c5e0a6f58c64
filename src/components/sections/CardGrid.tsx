import type { ServiceCardData } from '../../lib/cards.ts';
import { ServiceCard } from './ServiceCard.tsx';

/** Service cards in a responsive grid of one to three columns */
export function CardGrid({
  cards,
  columns = 3,
}: {
  cards: readonly ServiceCardData[];
  columns?: 2 | 3;
}) {
  return (
    <ul className={`grid gap-6 sm:grid-cols-2 ${columns === 3 ? 'lg:grid-cols-3' : ''}`}>
      {cards.map((card) => (
        <li key={card.href}>
          <ServiceCard {...card} />
        </li>
      ))}
    </ul>
  );
}
