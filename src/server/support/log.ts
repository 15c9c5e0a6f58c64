/**
 * A log for errors that can repeat once per request (a full disk, a failing handler): one short
 * line per distinct message, no stack trace, and repeats of a line within the interval counted
 * and reported once as '… (repeated 57 times in the last minute)', when the interval has passed.
 */
import { oneLine } from './plain-text.ts';

export type ThrottledLog = (message: string, error?: unknown) => void;

export interface ThrottledLogOptions {
  /** How long a line is counted instead of written again */
  intervalMs?: number;
  write?: (line: string) => void;
  now?: () => number;
  /** Distinct lines remembered at once; the oldest is reported and forgotten first */
  maxLines?: number;
}

interface Seen {
  since: number;
  repeats: number;
}

/** Longest line written, so that a long error message cannot flood the log either */
const MAX_LINE = 500;

/**
 * The error's code and message on one line (a Node system error's message already starts with
 * its code), with its cause's: fetch's 'fetch failed' says what failed only in its cause.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) {
    try {
      return oneLine(String(error), MAX_LINE);
    } catch {
      return 'a value that cannot be shown'; // String() throws for an object without a prototype
    }
  }
  const code = (error as NodeJS.ErrnoException).code;
  const message =
    typeof code === 'string' && !error.message.includes(code)
      ? `${code}: ${error.message}`
      : error.message;
  const cause = error.cause === undefined ? '' : ` (${describeError(error.cause)})`;
  return oneLine((message || error.name) + cause, MAX_LINE);
}

function describeInterval(ms: number): string {
  if (ms === 60_000) return 'the last minute';
  return ms % 60_000 === 0
    ? `the last ${ms / 60_000} minutes`
    : `the last ${Math.round(ms / 1000)} s`;
}

export function createThrottledLog({
  intervalMs = 60_000,
  write = console.error,
  now = Date.now,
  maxLines = 100,
}: ThrottledLogOptions = {}): ThrottledLog {
  const seen = new Map<string, Seen>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timerDue = Number.POSITIVE_INFINITY;

  function report(line: string, { repeats }: Seen) {
    if (repeats > 0)
      write(
        `${line} (repeated ${repeats} time${repeats === 1 ? '' : 's'} in ${describeInterval(intervalMs)})`,
      );
    seen.delete(line);
  }

  /** Whether a line's interval is over: it has passed, or the clock stepped back before its start */
  const isOver = (entry: Seen, at: number) => at - entry.since >= intervalMs || at < entry.since;

  /** Reports and forgets every line whose interval has passed; wakes again when the next count is due */
  function flush() {
    const at = now();
    for (const [line, entry] of seen) {
      if (isOver(entry, at)) report(line, entry);
      else if (entry.repeats > 0) wakeAt(entry.since + intervalMs);
    }
  }

  /**
   * An unref'd timer, so that a count still waiting never keeps the process alive; never set
   * further ahead than one interval, whatever the clock did (Node fires a delay past 2^31 ms at once)
   */
  function wakeAt(due: number) {
    if (due >= timerDue) return;
    clearTimeout(timer);
    timerDue = due;
    timer = setTimeout(
      () => {
        timer = undefined;
        timerDue = Number.POSITIVE_INFINITY;
        flush();
      },
      Math.min(intervalMs, Math.max(0, due - now())),
    );
    timer.unref();
  }

  return (message, error) => {
    const line = oneLine(
      error === undefined ? message : `${message}: ${describeError(error)}`,
      MAX_LINE,
    );
    const at = now();
    const entry = seen.get(line);
    if (entry && !isOver(entry, at)) {
      entry.repeats++;
      wakeAt(entry.since + intervalMs);
      return;
    }
    if (entry) report(line, entry);
    if (seen.size >= maxLines) {
      flush();
      const [oldest] = seen;
      if (oldest && seen.size >= maxLines) report(...oldest);
    }
    write(line);
    seen.set(line, { since: at, repeats: 0 });
  };
}
