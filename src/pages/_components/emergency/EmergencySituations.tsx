import { TriangleAlert } from 'lucide-react';
import { availability } from '../../../lib/site-day.ts';

/** The emergency page's list of situations that warrant a call */
export function EmergencySituations({ situations }: { situations: readonly string[] }) {
  return (
    <div className="card border-danger-700/30">
      <h2 className="text-h3">
        {`${availability.emergencyCallOuts ? 'Call us' : 'Get help'} straight away if you have`}
      </h2>
      <ul className="mt-4 space-y-3">
        {situations.map((situation) => (
          <li key={situation} className="flex gap-3">
            <TriangleAlert className="mt-0.5 size-5 shrink-0 text-danger-700" aria-hidden="true" />
            <span>{situation}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
