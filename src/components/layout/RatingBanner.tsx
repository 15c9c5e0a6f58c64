import { Phone } from 'lucide-react';
import { business, phoneText, telHref, yearsClaim } from '../../config/business.ts';
import { availability } from '../../lib/site-day.ts';
import { emergencyHelpWords } from '../../lib/availability.ts';
import { Stars } from '../ui/Stars.tsx';

const linkClass =
  'inline-flex min-h-7 items-center gap-2 font-semibold no-underline hover:underline';

/** A dot between two claims, where they share a line */
function Separator({ className }: { className: string }) {
  return (
    <span className={className} aria-hidden="true">
      ·
    </span>
  );
}

/**
 * The strip under the header: the rating with where it comes from (a link to the review site),
 * and the emergency line; on wider screens the licence and the years as well
 */
export function RatingBanner() {
  const { rating } = business.claims;
  const { reviewSite } = business;
  return (
    <aside aria-label="Rating and emergency help" className="bg-brand-900 text-white">
      <p className="container-page flex flex-wrap items-center justify-center gap-x-4 gap-y-0.5 py-1.5 text-center text-sm">
        <a href={reviewSite.url} className={`${linkClass} text-white`}>
          <span aria-hidden="true">
            <Stars rating={rating.value} outOf={rating.best} />
          </span>
          <span>
            {rating.value.toFixed(1)} <span className="hidden sm:inline">average </span>from{' '}
            {reviewSite.reviewCount} {reviewSite.name}
          </span>
        </a>
        <Separator className="hidden xl:inline" />
        <span className="hidden xl:inline">Licensed &amp; insured</span>
        <Separator className="hidden xl:inline" />
        <span className="hidden xl:inline">{yearsClaim} experience</span>
        <Separator className="hidden sm:inline" />
        <a href={telHref} className={`${linkClass} whitespace-nowrap text-accent-400`}>
          <Phone className="size-4" aria-hidden="true" />
          {emergencyHelpWords(availability)}: {phoneText}
        </a>
      </p>
    </aside>
  );
}
