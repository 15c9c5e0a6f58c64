/**
 * The owner's report: per page (named as the site names it), views, taps on the phone and e-mail
 * links, quote requests, and the share of views that led to contact, for a period and the one
 * before it; where visits came from; how far this month's quote requests went; and real visitors'
 * page speed per kind of page. Built from the anonymous daily counts, histograms and the quote
 * requests themselves (their page, form and status). Its shape is the owner API's NumbersBody
 * (lib/owner-api.ts).
 */
import type {
  Figures,
  FunnelFigures,
  NumbersBody as Report,
  PageFigures,
  Period,
  SourcesFigures,
  SpeedByKind,
} from '../../lib/owner-api.ts';
import { PAGE_KIND_LABELS, PAGE_KINDS } from '../../lib/page-kind.ts';
import type { LeadSource } from '../db/records.ts';
import {
  SOURCE_KINDS,
  type DailyCount,
  type DailySource,
  type DailyVital,
} from '../db/stats-records.ts';
import { addDays } from '../../lib/availability.ts';
import { daysBetween, nzDay, nzDayStart } from '../support/days.ts';
import type { PageTitles } from './page-titles.ts';
import { p75Of, THRESHOLDS, VITAL_METRICS, type VitalMetric } from './vitals.ts';

export type { Period, Report };

/** Where the figures come from: the store, in this thread or behind a promise */
export interface ReportSource {
  countsBetween(fromDay: string, toDay: string): DailyCount[] | Promise<DailyCount[]>;
  leadSourcesBetween(from: Date, to: Date): LeadSource[] | Promise<LeadSource[]>;
  sourcesBetween(fromDay: string, toDay: string): DailySource[] | Promise<DailySource[]>;
  vitalsBetween(fromDay: string, toDay: string): DailyVital[] | Promise<DailyVital[]>;
}

/** What else a report is built from besides the period's and the one before's counts */
export interface ReportExtras {
  sources?: readonly DailySource[];
  vitals?: readonly DailyVital[];
  /** This month so far, and its quote requests */
  month?: { period: Period; leads: readonly LeadSource[] };
}

/** Other sites listed by name at most */
const SITES_LISTED = 20;

export function sourcesOf(rows: readonly DailySource[]): SourcesFigures {
  const kinds = new Map(SOURCE_KINDS.map((source) => [source, 0]));
  const sites = new Map<string, number>();
  for (const { source, site, count } of rows) {
    kinds.set(source, (kinds.get(source) ?? 0) + count);
    if (source === 'other' && site) sites.set(site, (sites.get(site) ?? 0) + count);
  }
  return {
    total: [...kinds.values()].reduce((sum, visits) => sum + visits, 0),
    kinds: [...kinds]
      .map(([source, visits]) => ({ source, visits }))
      .sort((a, b) => b.visits - a.visits),
    sites: [...sites]
      .map(([site, visits]) => ({ site, visits }))
      .sort((a, b) => b.visits - a.visits || a.site.localeCompare(b.site))
      .slice(0, SITES_LISTED),
  };
}

/** Requests (spam set aside) and how many got as far as each step; Lost counts as contacted */
export function funnelOf(period: Period, leads: readonly LeadSource[]): FunnelFigures {
  const real = leads.filter((lead) => lead.status !== 'spam');
  const reached = (...statuses: string[]) =>
    real.filter((lead) => statuses.includes(lead.status)).length;
  const won = reached('won');
  return {
    period,
    requests: real.length,
    contacted: reached('contacted', 'quoted', 'won', 'lost'),
    quoted: reached('quoted', 'won'),
    won,
    wonShare: real.length > 0 ? won / real.length : null,
  };
}

/** The 75th percentile of each measure per kind of page, kinds with no reading left out */
export function speedOf(rows: readonly DailyVital[]): SpeedByKind[] {
  const histograms = new Map<string, Map<number, number>>();
  for (const { pageKind, metric, bucket, count } of rows) {
    const key = `${pageKind} ${metric}`;
    const histogram = histograms.get(key) ?? new Map<number, number>();
    histogram.set(bucket, (histogram.get(bucket) ?? 0) + count);
    histograms.set(key, histogram);
  }
  return PAGE_KINDS.flatMap((pageKind) => {
    const metrics = VITAL_METRICS.flatMap((metric: VitalMetric) => {
      const percentile = p75Of(metric, histograms.get(`${pageKind} ${metric}`) ?? new Map());
      return percentile ? [{ metric, ...percentile, good: THRESHOLDS[metric].good }] : [];
    });
    return metrics.length > 0 ? [{ pageKind, label: PAGE_KIND_LABELS[pageKind], metrics }] : [];
  });
}

/** This month in New Zealand, from its first day to today */
export function monthSoFar(now = new Date()): Period {
  const to = nzDay(now);
  return { from: `${to.slice(0, 8)}01`, to };
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
  extras: ReportExtras = {},
): Report {
  const length = daysBetween(period.from, period.to).length;
  const previousPeriod = { from: addDays(period.from, -length), to: addDays(period.from, -1) };
  const byPage = new Map<string, PageFigures>();
  const pageOf = (path: string) => {
    let figures = byPage.get(path);
    if (!figures) byPage.set(path, (figures = { path, title: path, ...emptyFigures() }));
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
    sources: sourcesOf(extras.sources ?? []),
    funnel: funnelOf(
      extras.month?.period ?? monthSoFar(nzDayStart(period.to)),
      extras.month?.leads ?? [],
    ),
    speed: speedOf(extras.vitals ?? []),
  };
}

/**
 * The report for `period`, with the period of the same length before it, this month's requests
 * as of `now`, and each page named by `titles` (by its path without)
 */
export async function collectReport(
  source: ReportSource,
  period: Period,
  { titles, now = new Date() }: { titles?: PageTitles | undefined; now?: Date } = {},
): Promise<Report> {
  const length = daysBetween(period.from, period.to).length;
  const before = { from: addDays(period.from, -length), to: addDays(period.from, -1) };
  const leadsOf = ({ from, to }: Period) =>
    source.leadSourcesBetween(nzDayStart(from), nzDayStart(addDays(to, 1)));
  const read = async (range: Period) => ({
    counts: await source.countsBetween(range.from, range.to),
    leads: await leadsOf(range),
  });
  const month = monthSoFar(now);
  const report = buildReport(period, await read(period), await read(before), {
    sources: await source.sourcesBetween(period.from, period.to),
    vitals: await source.vitalsBetween(period.from, period.to),
    month: { period: month, leads: await leadsOf(month) },
  });
  if (titles) {
    for (const page of report.pages)
      if (page.path !== UNKNOWN_PAGE) page.title = await titles(page.path);
  }
  return report;
}

/** The last `days` days, today (in New Zealand) included */
export function lastDays(days: number, now = new Date()): Period {
  const to = nzDay(now);
  return { from: addDays(to, -(days - 1)), to };
}
