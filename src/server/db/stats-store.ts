/**
 * What the stats read and write in the lead store (stats-records.ts): the anonymous daily counts, visit sources and
 * speed readings, where the quote requests came from, and which weekly summaries were sent, on
 * the lead store's connection.
 */
import type { Connection } from './database-file.ts';
import type { LeadSource, LeadStore } from './records.ts';
import type { DailyCount, DailySource, DailyVital } from './stats-records.ts';
import { inTransaction } from './sqlite.ts';

type StatsMethods =
  | 'addCounts'
  | 'countsBetween'
  | 'addSources'
  | 'sourcesBetween'
  | 'addVitals'
  | 'vitalsBetween'
  | 'leadSourcesBetween'
  | 'claimWeeklySummary'
  | 'releaseWeeklySummary';

/** The lead store's methods for the stats */
export function statsRecords(connection: () => Connection): Pick<LeadStore, StatsMethods> {
  return {
    addCounts(counts) {
      const { db, statements } = connection();
      inTransaction(db, () => {
        for (const { day, path, kind, count } of counts)
          statements.addCount.run({ day, path, kind, count });
      });
    },
    countsBetween(fromDay, toDay) {
      return connection().statements.countsBetween.all(fromDay, toDay) as unknown as DailyCount[];
    },
    addSources(sources) {
      const { db, statements } = connection();
      inTransaction(db, () => {
        for (const { day, source, site, count } of sources)
          statements.addSource.run({ day, source, site: site ?? '', count });
      });
    },
    sourcesBetween(fromDay, toDay) {
      const rows = connection().statements.sourcesBetween.all(fromDay, toDay) as unknown as Array<
        Omit<DailySource, 'site'> & { site: string }
      >;
      return rows.map((row) => ({ ...row, site: row.site || null }));
    },
    addVitals(readings) {
      const { db, statements } = connection();
      inTransaction(db, () => {
        for (const { day, pageKind, metric, bucket, count } of readings)
          statements.addVital.run({ day, pageKind, metric, bucket, count });
      });
    },
    vitalsBetween(fromDay, toDay) {
      return connection().statements.vitalsBetween.all(fromDay, toDay) as unknown as DailyVital[];
    },
    leadSourcesBetween(from, to) {
      return connection().statements.leadSources.all(
        from.toISOString(),
        to.toISOString(),
      ) as unknown as LeadSource[];
    },
    claimWeeklySummary(week, now = new Date()) {
      return Number(connection().statements.claimWeek.run(week, now.toISOString()).changes) === 1;
    },
    releaseWeeklySummary(week) {
      connection().statements.releaseWeek.run(week);
    },
  };
}
