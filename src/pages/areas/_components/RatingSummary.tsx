import { business } from '../../../config/business.ts';
import { Stars } from '../../../components/ui/Stars.tsx';

/**
 * The business's one rating, as the rating bar and the structured data state it, and on a suburb
 * page how many of those reviews are by its customers (`share`)
 */
export function RatingSummary({
  share,
  areaName,
}: {
  share: number | undefined;
  areaName: string;
}) {
  const { claims, reviewSite } = business;
  return (
    <p className="flex flex-wrap items-center gap-2 text-white/90">
      <Stars rating={claims.rating.value} outOf={claims.rating.best} className="size-5" />
      <span>
        Rated {claims.rating.value} out of {claims.rating.best} from{' '}
        <strong className="text-white">
          {reviewSite.reviewCount} {reviewSite.name}
        </strong>
        {share !== undefined && (
          <>
            , {share} of them by {areaName} customers
          </>
        )}
      </span>
    </p>
  );
}
