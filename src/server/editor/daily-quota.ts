/**
 * How many bytes the editor may write in any 24 hours: what a busy day of job photos takes, many
 * times over, and not what fills a disk. Timed by the monotonic clock, so a clock that jumps
 * neither resets nor stalls it.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the editor, and the photos his jobs wait with, may each write in any 24 hours: a few hundred job photos */
export const PHOTO_BYTES_PER_DAY = 300 * 1024 * 1024;

export interface DailyQuota {
  /** Bytes that may still be written now */
  remaining(): number;
  spend(bytes: number): void;
}

export function createDailyQuota(
  bytesPerDay: number,
  now: () => number = () => performance.now(),
): DailyQuota {
  const spent: Array<{ at: number; bytes: number }> = [];
  const forget = () => {
    while (spent.length > 0 && now() - spent[0]!.at >= DAY_MS) spent.shift();
  };
  return {
    remaining() {
      forget();
      return Math.max(0, bytesPerDay - spent.reduce((sum, entry) => sum + entry.bytes, 0));
    },
    spend(bytes) {
      spent.push({ at: now(), bytes });
    },
  };
}
