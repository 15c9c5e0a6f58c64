import type { NumbersBody } from '../../lib/owner-api.ts';
import { SOURCE_LABELS } from '../../lib/numbers-words.ts';
import { formatCount } from './figures.ts';

/** Where visits came from, the most first, each as a bar of the whole; other sites by name */
export function Sources({ sources }: { sources: NumbersBody['sources'] }) {
  if (sources.total === 0)
    return <p className="text-muted">No visits from outside the site in this period yet.</p>;
  const kinds = sources.kinds.filter((kind) => kind.visits > 0);
  return (
    <div className="space-y-3">
      <ul className="space-y-2" aria-label="Visits by where they came from">
        {kinds.map(({ source, visits }) => (
          <li key={source}>
            <div className="flex justify-between gap-3">
              <span>{SOURCE_LABELS[source]}</span>
              <span className="font-semibold text-brand-900 tabular-nums">
                {formatCount(visits)}
              </span>
            </div>
            <div className="mt-1 h-2 rounded-full bg-brand-100" aria-hidden="true">
              <div
                className="h-2 rounded-full bg-brand-600"
                style={{ width: `${Math.max(2, (visits / sources.total) * 100)}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
      {sources.sites.length > 0 && (
        <p className="text-sm">
          <span className="font-semibold text-brand-900">Other websites: </span>
          {sources.sites.map(({ site, visits }) => `${site} (${formatCount(visits)})`).join(', ')}
        </p>
      )}
      <p className="text-sm text-muted">
        Told from the address of the site each visit came from; nothing is stored about visitors.
      </p>
    </div>
  );
}
