/**
 * Counts in memory and writes them to the store every few seconds, one transaction for each kind
 * of figure, so a busy page costs no database write per view: page views and taps, where visits
 * came from, and speed readings by bucket. Counts not yet written when the server stops are
 * written by `close()`.
 */
import type { AsyncLeadStore } from '../db/async-store.ts';
import type { CountKind, DailyCount, DailySource, DailyVital } from '../db/stats-records.ts';
import { nzDay } from '../support/days.ts';
import type { VisitSource } from './sources.ts';

export interface Counter {
  count(path: string, kind: CountKind, at?: Date): void;
  /** A visit from `source` */
  countSource(source: VisitSource, at?: Date): void;
  /** One speed reading, in its bucket */
  countVital(reading: Pick<DailyVital, 'pageKind' | 'metric' | 'bucket'>, at?: Date): void;
  /** Writes what has been counted so far */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Distinct entries held at most; beyond it they are written at once */
const MAX_PENDING = 5000;

type Store = Pick<AsyncLeadStore, 'addCounts' | 'addSources' | 'addVitals'>;

export function createCounter({
  store,
  flushMs = 2000,
  log = console.error,
}: {
  store: Store;
  flushMs?: number;
  log?: (message: string, error?: unknown) => void;
}): Counter {
  let counts = new Map<string, DailyCount>();
  let sources = new Map<string, DailySource>();
  let vitals = new Map<string, DailyVital>();
  let writing: Promise<void> = Promise.resolve();
  const pendingSize = () => counts.size + sources.size + vitals.size;

  function write<T>(entries: T[], save: (entries: T[]) => Promise<void>, what: string) {
    if (entries.length === 0) return Promise.resolve();
    return save(entries).catch((error: unknown) =>
      log(`${entries.length} ${what} could not be written`, error),
    );
  }

  function flush(): Promise<void> {
    if (pendingSize() === 0) return writing;
    const batch = {
      counts: [...counts.values()],
      sources: [...sources.values()],
      vitals: [...vitals.values()],
    };
    counts = new Map();
    sources = new Map();
    vitals = new Map();
    writing = writing.then(async () => {
      await write(batch.counts, (entries) => store.addCounts(entries), 'page counts');
      await write(batch.sources, (entries) => store.addSources(entries), 'visit sources');
      await write(batch.vitals, (entries) => store.addVitals(entries), 'speed readings');
    });
    return writing;
  }

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  /** Adds one to the entry under `key`, or starts it */
  function tally<T extends { count: number }>(map: Map<string, T>, key: string, entry: () => T) {
    const found = map.get(key);
    if (found) found.count++;
    else map.set(key, entry());
    if (pendingSize() >= MAX_PENDING) void flush();
  }

  return {
    count(path, kind, at = new Date()) {
      const day = nzDay(at);
      tally(counts, `${day}\n${path}\n${kind}`, () => ({ day, path, kind, count: 1 }));
    },
    countSource({ source, site }, at = new Date()) {
      const day = nzDay(at);
      tally(sources, `${day}\n${source}\n${site ?? ''}`, () => ({ day, source, site, count: 1 }));
    },
    countVital({ pageKind, metric, bucket }, at = new Date()) {
      const day = nzDay(at);
      tally(vitals, `${day}\n${pageKind}\n${metric}\n${bucket}`, () => ({
        day,
        pageKind,
        metric,
        bucket,
        count: 1,
      }));
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
