import { useId } from 'react';
import { cn } from '../../lib/cn.ts';
import type { NumbersBody } from '../../lib/owner-api.ts';
import { formatCalendarDay, formatShortCalendarDay } from '../time.ts';
import { formatCount, niceCeiling } from './figures.ts';
import { FiguresTable } from './FiguresTable.tsx';

type Day = NumbersBody['daily'][number];

const BAR_WIDTH = 10;
const HEIGHT = 100;

/** One figure per day as bars, with its scale and its busiest day said in words */
function Bars({
  daily,
  figure,
  label,
  colour,
}: {
  daily: Day[];
  figure: 'views' | 'contacts';
  label: string;
  colour: string;
}) {
  const titleId = useId();
  const top = niceCeiling(Math.max(0, ...daily.map((day) => day[figure])));
  const busiest = daily.reduce<Day | undefined>(
    (best, day) => (!best || day[figure] > best[figure] ? day : best),
    undefined,
  );
  const total = daily.reduce((sum, day) => sum + day[figure], 0);
  const summary =
    busiest && busiest[figure] > 0
      ? `${label} per day: ${formatCount(total)} in all, the most on ${formatCalendarDay(busiest.day)} (${formatCount(busiest[figure])}).`
      : `${label} per day: none in this period.`;
  const gap = daily.length > 40 ? 1 : 2;
  return (
    <figure>
      <figcaption id={titleId} className="text-sm font-semibold text-brand-900">
        {label} per day{' '}
        <span className="font-normal text-muted">(scale 0 to {formatCount(top)})</span>
      </figcaption>
      <div className="relative mt-1 border-b border-l border-gray-400">
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${daily.length * BAR_WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="block h-28 w-full"
        >
          <line
            x1="0"
            x2={daily.length * BAR_WIDTH}
            y1={HEIGHT / 2}
            y2={HEIGHT / 2}
            className="stroke-line"
            strokeWidth="1"
            vectorEffect="non-scaling-stroke"
          />
          {daily.map((day, index) => {
            const height = (day[figure] / top) * HEIGHT;
            return (
              <rect
                key={day.day}
                x={index * BAR_WIDTH + gap / 2}
                y={HEIGHT - height}
                width={BAR_WIDTH - gap}
                height={height}
                className={colour}
              />
            );
          })}
        </svg>
      </div>
      <div className="mt-1 flex justify-between text-xs text-muted" aria-hidden="true">
        <span>{daily[0] && formatShortCalendarDay(daily[0].day)}</span>
        <span>{daily.at(-1) && formatShortCalendarDay(daily.at(-1)!.day)}</span>
      </div>
    </figure>
  );
}

/** Views and contacts per day, as two bar charts, and the same figures as a table */
export function DailyChart({ daily }: { daily: Day[] }) {
  return (
    <div className="space-y-5">
      <Bars daily={daily} figure="views" label="Views" colour="fill-brand-600" />
      <Bars daily={daily} figure="contacts" label="Contacts" colour="fill-accent-500" />
      <details className="group">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-brand-700 underline underline-offset-2">
          The figures for each day, as a table
        </summary>
        <FiguresTable label="Figures for each day" className="mt-2 max-h-96 overflow-y-auto">
          <thead className="sticky top-0 bg-white">
            <tr className="border-b border-line">
              <th scope="col" className="py-2 pr-4">
                Day
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                Views
              </th>
              <th scope="col" className="py-2 text-right">
                Contacts
              </th>
            </tr>
          </thead>
          <tbody>
            {[...daily].reverse().map((day) => (
              <tr key={day.day} className={cn('border-b border-line')}>
                <th scope="row" className="py-1.5 pr-4 font-normal">
                  {formatCalendarDay(day.day)}
                </th>
                <td className="py-1.5 pr-4 text-right">{formatCount(day.views)}</td>
                <td className="py-1.5 text-right">{formatCount(day.contacts)}</td>
              </tr>
            ))}
          </tbody>
        </FiguresTable>
      </details>
    </div>
  );
}
