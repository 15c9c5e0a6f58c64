import { business } from '../../../config/business.ts';
import { Stars } from '../../../components/ui/Stars.tsx';

/** The rating an area page's structured data states, shown on the page too */
export function RatingSummary({ reviewCount, areaName }: { reviewCount: number; areaName: string }) {
  const { rating } = business.claims;
  return (
    <p className="flex flex-wrap items-center gap-2 text-white/90">
      <Stars rating={rating.value} outOf={rating.best} className="size-5" />
      <span>
        Rated {rating.value} out of {rating.best} from <strong className="text-white">{reviewCount} reviews</strong> by {areaName} customers
      </span>
    </p>
  );
}
