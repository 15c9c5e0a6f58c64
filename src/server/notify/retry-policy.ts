/** How often, for how long and how many at once the outbox tries each delivery */

export interface RetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  /** A delivery still failing this long after the lead arrived is given up (shown as failed) */
  giveUpAfterMs: number;
  /** An attempt that has not settled by then is aborted and counts as failed */
  attemptTimeoutMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  firstDelayMs: 1000,
  maxDelayMs: 10 * 60_000,
  giveUpAfterMs: 72 * 60 * 60_000,
  attemptTimeoutMs: 60_000,
};

/** Attempts in flight at once on one channel (the SMTP pool has as many connections) */
export const OUTBOX_CONCURRENCY = 3;

/**
 * An attempt running longer than this (a relay that holds its answer after the message) no longer
 * counts against OUTBOX_CONCURRENCY, so other deliveries start beside it
 */
export const SLOW_ATTEMPT_MS = 10_000;

/** Attempts in flight at once on one channel, slow ones included */
export const OUTBOX_MAX_IN_FLIGHT = 20;

/** The wait after `attempts` failed attempts: the first delay, doubling, capped */
export function retryDelayMs(
  attempts: number,
  { firstDelayMs, maxDelayMs }: Pick<RetryPolicy, 'firstDelayMs' | 'maxDelayMs'>,
): number {
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(Math.max(attempts - 1, 0), 40));
}

/** Leeway for a clock that moved a little between a write and a read */
const CLOCK_SLACK_MS = 60_000;

/**
 * The latest retry time a right clock could have written at `now`: no retry is set further ahead
 * than the cap, so a later one was written before the clock stepped back
 */
export function latestPlausibleMs(
  now: number,
  { maxDelayMs }: Pick<RetryPolicy, 'maxDelayMs'>,
): number {
  return now + maxDelayMs + CLOCK_SLACK_MS;
}
