/**
 * Counts in memory and writes them to the store every few seconds, one transaction for all, so
 * a busy page costs no database write per view. Counts not yet written when the server stops
 * are written by `close()`.
 */
import type { AsyncLeadStore } from '../db/async-store.ts';
import type { CountKind, DailyCount } from '../db/records.ts';
import { nzDay } from '../support/days.ts';

export interface Counter {
  count(path: string, kind: CountKind, at?: Date): void;
  /** Writes what has been counted so far */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Distinct (day, page, kind) entries held at most; beyond it they are written at once */
const MAX_PENDING = 5000;

export function createCounter({
  store,
  flushMs = 2000,
  log = console.error,
}: {
  store: AsyncLeadStore;
  flushMs?: number;
  log?: (message: string, error?: unknown) => void;
}): Counter {
  let pending = new Map<string, DailyCount>();
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    if (pending.size === 0) return writing;
    const counts = [...pending.values()];
    pending = new Map();
    writing = writing.then(() =>
      store
        .addCounts(counts)
        .catch((error: unknown) => log(`${counts.length} page counts could not be written`, error)),
    );
    return writing;
  }

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    count(path, kind, at = new Date()) {
      const day = nzDay(at);
      const key = `${day}\n${path}\n${kind}`;
      const entry = pending.get(key);
      if (entry) entry.count++;
      else pending.set(key, { day, path, kind, count: 1 });
      if (pending.size >= MAX_PENDING) void flush();
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
