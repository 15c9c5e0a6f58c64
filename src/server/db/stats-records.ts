/**
 * What the store keeps for the owner's report, none of it about a person: the daily counts of
 * pages and taps, where visits came from, real visitors' speed as histograms, and which weekly
 * summaries were sent.
 */

/** What is counted for the owner's report (quote requests come from the leads themselves) */
export const COUNT_KINDS = ['view', 'tel', 'mailto'] as const;
export type CountKind = (typeof COUNT_KINDS)[number];

export interface DailyCount {
  /** YYYY-MM-DD, New Zealand time */
  day: string;
  path: string;
  kind: CountKind;
  count: number;
}

/** The kinds of place a visit can come from, as the report names them */
export const SOURCE_KINDS = ['search', 'maps', 'social', 'direct', 'other'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** Visits from one kind of source on one day; for another website, its host name */
export interface DailySource {
  /** YYYY-MM-DD, New Zealand time */
  day: string;
  source: SourceKind;
  /** The referring site's host name, for `other` only */
  site: string | null;
  count: number;
}

/** How many of one day's readings of a measure on a kind of page fell in one bucket */
export interface DailyVital {
  /** YYYY-MM-DD, New Zealand time */
  day: string;
  pageKind: string;
  metric: string;
  /** The bucket's index in the measure's fixed boundaries */
  bucket: number;
  count: number;
}

/** The lead store's methods for the report's figures (stats-store.ts) */
export interface StatsRecords {
  /** Adds counts to the daily totals, in one transaction */
  addCounts(counts: readonly DailyCount[]): void;
  /** The daily totals from `fromDay` to `toDay`, both included */
  countsBetween(fromDay: string, toDay: string): DailyCount[];
  /** Adds visits per source to the daily totals, in one transaction */
  addSources(sources: readonly DailySource[]): void;
  sourcesBetween(fromDay: string, toDay: string): DailySource[];
  /** Adds speed readings to the daily histograms, in one transaction */
  addVitals(readings: readonly DailyVital[]): void;
  vitalsBetween(fromDay: string, toDay: string): DailyVital[];
  /** Marks the weekly summary of `week` as sent; false when it already was */
  claimWeeklySummary(week: string, now?: Date): boolean;
  /** Forgets a claim whose sending failed, so it is tried again */
  releaseWeeklySummary(week: string): void;
}
