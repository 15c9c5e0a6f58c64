import { TrendingDown, TrendingUp } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import type { NumbersBody } from '../../lib/owner-api.ts';
import { inHundred } from '../../lib/numbers-words.ts';
import { formatCount, trendText } from './figures.ts';

/** The period's totals, then how views and contacts moved on the period before */
export function TotalsGrid({ report, days }: { report: NumbersBody; days: number }) {
  const { totals, previousTotals, trend } = report;
  const tiles: Array<[string, string, string]> = [
    ['Views', formatCount(totals.views), formatCount(previousTotals.views)],
    ['Calls', formatCount(totals.calls), formatCount(previousTotals.calls)],
    ['E-mails', formatCount(totals.emails), formatCount(previousTotals.emails)],
    ['Quote requests', formatCount(totals.quotes), formatCount(previousTotals.quotes)],
    [
      'Visitors who called, e-mailed or asked for a quote',
      inHundred(totals.contactShare) ?? '–',
      inHundred(previousTotals.contactShare) ?? '–',
    ],
  ];
  const trends: Array<[string, number | null]> = [
    ['Views', trend.views],
    ['Contacts (calls, e-mails and quote requests)', trend.contacts],
  ];
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {tiles.map(([label, value, before], index) => (
          <div
            key={label}
            className={cn(
              'rounded-(--radius-card) border border-line bg-white p-4 shadow-(--shadow-card)',
              index === tiles.length - 1 && 'col-span-2 sm:col-span-1',
            )}
          >
            <dt className="text-sm font-semibold text-muted">{label}</dt>
            <dd className="mt-1 text-3xl font-bold text-brand-900 tabular-nums">{value}</dd>
            <dd className="text-sm text-muted">{before} before</dd>
          </div>
        ))}
      </dl>
      <ul className="space-y-1">
        {trends.map(([label, change]) => {
          const Icon = change !== null && change < 0 ? TrendingDown : TrendingUp;
          return (
            <li key={label} className="flex items-center gap-2">
              <Icon className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
              <span>
                <span className="font-semibold text-brand-900">{label}:</span>{' '}
                {trendText(change, days)}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="text-sm text-muted">
        Your own visits are not counted while you are signed in on this phone.
      </p>
    </div>
  );
}
