import { business, emergencyClaim, yearsClaim } from '../../config/business.ts';
import { Stars } from '../ui/Stars.tsx';

/** The strip under the header: the rating and the claims every visitor should see */
export function RatingBanner() {
  const { rating } = business.claims;
  return (
    <aside aria-label="Customer rating" className="bg-brand-900 text-white">
      <p className="container-page flex flex-wrap items-center justify-center gap-x-4 gap-y-1 py-2 text-center text-sm">
        <span className="inline-flex items-center gap-2 font-semibold">
          <Stars rating={rating.value} outOf={rating.best} />
          Rated {rating.value} out of {rating.best} by our customers
        </span>
        <span className="hidden sm:inline" aria-hidden="true">
          ·
        </span>
        <span className="hidden sm:inline">Licensed &amp; insured</span>
        <span className="hidden sm:inline" aria-hidden="true">
          ·
        </span>
        <span className="hidden sm:inline">{yearsClaim} experience</span>
        <span className="hidden md:inline" aria-hidden="true">
          ·
        </span>
        <span className="hidden md:inline">{emergencyClaim('emergency call-outs')}</span>
      </p>
    </aside>
  );
}
