import type { NumbersBody } from '../../lib/owner-api.ts';
import { formatCalendarDay } from '../time.ts';
import { formatCount } from './figures.ts';

/** This month's requests → contacted → quoted → won, from where he has put each request */
export function Funnel({ funnel }: { funnel: NumbersBody['funnel'] }) {
  const steps: Array<[string, number]> = [
    ['Requests', funnel.requests],
    ['Contacted', funnel.contacted],
    ['Quoted', funnel.quoted],
    ['Won', funnel.won],
  ];
  return (
    <div className="space-y-3">
      <p className="text-muted">
        {formatCalendarDay(funnel.period.from)} to {formatCalendarDay(funnel.period.to)}
      </p>
      <ol
        className="grid grid-cols-4 gap-1 text-center"
        aria-label="How far this month's requests went"
      >
        {steps.map(([label, count], index) => (
          <li key={label} className="rounded-lg bg-brand-100 px-1 py-2">
            <span className="block text-2xl font-bold text-brand-900 tabular-nums">
              {formatCount(count)}
            </span>
            <span className="block text-sm">
              {index > 0 && <span aria-hidden="true">→ </span>}
              {label}
            </span>
          </li>
        ))}
      </ol>
      <p className="font-semibold text-brand-900">
        {funnel.wonShare === null
          ? 'No requests yet this month.'
          : `Won: ${funnel.won} of ${funnel.requests} (${Math.round(funnel.wonShare * 100)}%)`}
      </p>
      <p className="text-sm text-muted">
        From the status you give each request; a lost one counts as contacted.
      </p>
    </div>
  );
}
