import { Star } from 'lucide-react';

/** A row of filled stars; the text alternative says the rating in words */
export function Stars({
  rating,
  outOf = 5,
  className = 'size-4',
}: {
  rating: number;
  outOf?: number;
  className?: string;
}) {
  return (
    <span
      className="inline-flex gap-0.5 text-accent-500"
      role="img"
      aria-label={`Rated ${rating} out of ${outOf}`}
    >
      {Array.from({ length: outOf }, (_, index) => (
        <Star
          key={index}
          className={className}
          fill={index < rating ? 'currentColor' : 'none'}
          aria-hidden="true"
        />
      ))}
    </span>
  );
}
