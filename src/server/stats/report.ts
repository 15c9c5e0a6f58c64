/**
 * The owner's report: per page, views, taps on the phone and e-mail links, quote requests, and
 * the share of views that led to contact, for a period and the one before it. Built from the
 * anonymous daily counts and from the quote requests themselves (their page and form). Its shape
 * is the owner API's NumbersBody (lib/owner-api.ts).
 */
import type { Figures, NumbersBody as Report, PageFigures, Period } from '../../lib/owner-api.ts';
import type { DailyCount, LeadSource } from '../db/records.ts';
import { addDays, daysBetween, nzDay, nzDayStart } from '../support/days.ts';

export type { Period, Report };

/** Where the figures come from: the store, in this thread or behind a promise */
export interface ReportSource {
  countsBetween(fromDay: string, toDay: string): DailyCount[] | Promise<DailyCount[]>;
  leadSourcesBetween(from: Date, to: Date): LeadSource[] | Promise<LeadSource[]>;
}

/** The page a quote request came from, as the counts name pages */
const UNKNOWN_PAGE = '(page not known)';
function leadPath(lead: LeadSource): string {
  return lead.page?.split('?')[0] || UNKNOWN_PAGE;
}

function emptyFigures(): Figures {
  return { views: 0, calls: 0, emails: 0, quotes: 0, contacts: 0, contactShare: null };
}

function finish<T extends Figures>(figures: T): T {
  figures.contacts = figures.calls + figures.emails + figures.quotes;
  figures.contactShare = figures.views > 0 ? figures.contacts / figures.views : null;
  return figures;
}

function add(figures: Figures, kind: DailyCount['kind'] | 'quote', count: number) {
  if (kind === 'view') figures.views += count;
  else if (kind === 'tel') figures.calls += count;
  else if (kind === 'mailto') figures.emails += count;
  else figures.quotes += count;
}

function change(now: number, before: number): number | null {
  return before === 0 ? null : Math.round(((now - before) / before) * 100);
}

function totalsOf(counts: readonly DailyCount[], leads: readonly LeadSource[]): Figures {
  const totals = emptyFigures();
  for (const { kind, count } of counts) add(totals, kind, count);
  add(totals, 'quote', leads.length);
  return finish(totals);
}

export function buildReport(
  period: Period,
  current: { counts: readonly DailyCount[]; leads: readonly LeadSource[] },
  previous: { counts: readonly DailyCount[]; leads: readonly LeadSource[] },
): Report {
  const length = daysBetween(period.from, period.to).length;
  const previousPeriod = { from: addDays(period.from, -length), to: addDays(period.from, -1) };
  const byPage = new Map<string, PageFigures>();
  const pageOf = (path: string) => {
    let figures = byPage.get(path);
    if (!figures) byPage.set(path, (figures = { path, ...emptyFigures() }));
    return figures;
  };
  const daily = new Map(
    daysBetween(period.from, period.to).map((day) => [day, { day, views: 0, contacts: 0 }]),
  );
  for (const { day, path, kind, count } of current.counts) {
    add(pageOf(path), kind, count);
    const date = daily.get(day);
    if (date) date[kind === 'view' ? 'views' : 'contacts'] += count;
  }
  const quotesByForm: Record<string, number> = {};
  for (const lead of current.leads) {
    add(pageOf(leadPath(lead)), 'quote', 1);
    quotesByForm[lead.formSource] = (quotesByForm[lead.formSource] ?? 0) + 1;
    const date = daily.get(nzDay(new Date(lead.createdAt)));
    if (date) date.contacts++;
  }
  const pages = [...byPage.values()]
    .map(finish)
    .sort((a, b) => b.contacts - a.contacts || b.views - a.views || a.path.localeCompare(b.path));
  const totals = totalsOf(current.counts, current.leads);
  const previousTotals = totalsOf(previous.counts, previous.leads);
  return {
    period,
    previousPeriod,
    pages,
    totals,
    previousTotals,
    trend: {
      views: change(totals.views, previousTotals.views),
      contacts: change(totals.contacts, previousTotals.contacts),
    },
    daily: [...daily.values()],
    quotesByForm,
  };
}

/** The report for `period`, with the period of the same length before it */
export async function collectReport(source: ReportSource, period: Period): Promise<Report> {
  const length = daysBetween(period.from, period.to).length;
  const before = { from: addDays(period.from, -length), to: addDays(period.from, -1) };
  const read = async ({ from, to }: Period) => ({
    counts: await source.countsBetween(from, to),
    leads: await source.leadSourcesBetween(nzDayStart(from), nzDayStart(addDays(to, 1))),
  });
  return buildReport(period, await read(period), await read(before));
}

/** The last `days` days, today (in New Zealand) included */
export function lastDays(days: number, now = new Date()): Period {
  const to = nzDay(now);
  return { from: addDays(to, -(days - 1)), to };
}
