import { cn } from '../../lib/cn.ts';
import { NUMBERS_PERIODS, type NumbersPeriod } from '../../lib/owner-api.ts';
import { Alert } from '../Alert.tsx';
import { useNumbers } from '../data.tsx';
import { errorMessage } from '../notices.tsx';
import { Panel } from '../Panel.tsx';
import { hashOf } from '../routes.ts';
import { formatCalendarDay } from '../time.ts';
import { View } from '../View.tsx';
import { DailyChart } from './DailyChart.tsx';
import { Funnel } from './Funnel.tsx';
import { PagesTable } from './PagesTable.tsx';
import { Sources } from './Sources.tsx';
import { Speed } from './Speed.tsx';
import { TotalsGrid } from './TotalsGrid.tsx';

/**
 * His numbers for the last 7, 30 or 90 days: totals and trend, this month's requests and how many
 * he won, where visitors came from, each day, each page, and how fast pages are for real visitors
 */
export function Numbers({ days }: { days: NumbersPeriod }) {
  const { data: report, error } = useNumbers(days);
  return (
    <View title="Numbers">
      <nav aria-label="Period" className="grid grid-cols-3 gap-1 rounded-xl bg-brand-100 p-1">
        {NUMBERS_PERIODS.map((period) => (
          <a
            key={period}
            href={hashOf({ name: 'numbers', days: period })}
            aria-current={period === days ? 'true' : undefined}
            className={cn(
              'flex min-h-11 items-center justify-center rounded-lg font-semibold text-brand-900 no-underline',
              period === days ? 'bg-white shadow-(--shadow-card)' : 'hover:bg-white/60',
            )}
          >
            {period} days
          </a>
        ))}
      </nav>
      {error !== undefined && <Alert>{errorMessage(error)}</Alert>}
      {!report && error === undefined && (
        <p className="text-muted" role="status">
          Counting…
        </p>
      )}
      {report && (
        <div className="space-y-4">
          <p className="text-muted">
            {formatCalendarDay(report.period.from)} to {formatCalendarDay(report.period.to)},
            compared with the {days} days before.
          </p>
          <TotalsGrid report={report} days={days} />
          <Panel title="This month's quote requests">
            <Funnel funnel={report.funnel} />
          </Panel>
          <Panel title="Where visitors came from">
            <Sources sources={report.sources} />
          </Panel>
          <Panel title="Each day">
            <DailyChart daily={report.daily} />
          </Panel>
          <Panel title="Each page">
            <PagesTable pages={report.pages} />
          </Panel>
          <Panel title="How fast your pages are for real visitors">
            <Speed speed={report.speed} />
          </Panel>
        </div>
      )}
    </View>
  );
}
