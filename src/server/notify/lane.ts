/**
 * One channel's lane of the outbox: claims the deliveries due on that channel into a few places
 * at once, attempts each (attempt.ts), records each outcome (keeping in memory what the store
 * cannot take yet), and keeps the channel's circuit breaker. An attempt that runs past the slow
 * mark (a relay holding its answer) gives its place up while it runs on to its deadline, so a few
 * stalled messages cannot hold up the leads behind them; a hard cap bounds all in flight.
 */
import type { AsyncLeadStore } from '../db/async-store.ts';
import type { ClaimedDelivery } from '../db/records.ts';
import { attemptDelivery, LEAD_DELETED, type Outcome } from './attempt.ts';
import type { Sender } from './channel.ts';
import type { FailureKind } from './delivery-failure.ts';
import { latestPlausibleMs, retryDelayMs, type RetryPolicy } from './retry-policy.ts';

/**
 * Deliveries whose attempts failed with the channel's failures, with no success between, that
 * open the circuit breaker; a receiver that hangs on one lead again and again counts once
 */
export const BREAKER_FAILURES = 3;
/** How long closing waits for the attempts in flight before aborting them */
const CLOSE_WAIT_MS = 3000;

type Log = (message: string, error?: unknown) => void;

export interface Lane {
  start(): void;
  wake(): void;
  readonly working: boolean;
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface LaneOptions {
  store: AsyncLeadStore;
  retry: RetryPolicy;
  staleAfterMs: number;
  /** Attempts in flight at once that have not yet run past `slowAfterMs` */
  concurrency: number;
  /** After this long an attempt no longer counts against `concurrency` */
  slowAfterMs: number;
  /** Attempts in flight at once, slow ones included */
  maxInFlight: number;
  onGivenUp: () => void;
  log: Log;
}

export function createLane(
  channel: Sender,
  {
    store,
    retry,
    staleAfterMs,
    concurrency,
    slowAfterMs,
    maxInFlight,
    onGivenUp,
    log,
  }: LaneOptions,
): Lane {
  const { name } = channel;
  const inFlight = new Map<number, Promise<void>>();
  /** Attempts in flight past the slow mark: they hold no place */
  let slow = 0;
  /** Places free for new attempts: within the concurrency, not counting slow ones, and under the cap */
  const freePlaces = () =>
    Math.min(concurrency - (inFlight.size - slow), maxInFlight - inFlight.size);
  /** Outcomes the store could not record yet: written before anything else is claimed */
  const unrecorded = new Map<number, Outcome>();
  /** Aborts every attempt in flight when the server stops */
  const closing = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let round: Promise<void> | undefined;
  let again = false;
  let started = false;
  /** Set when closing begins: nothing more is claimed */
  let stopping = false;
  /** Leads whose attempts failed with the channel's failures since its last answer */
  const failingLeads = new Set<number>();
  const attempt = (claimed: ClaimedDelivery) =>
    attemptDelivery(claimed, {
      store,
      channel,
      retry,
      closing: closing.signal,
      log,
      noteAttempt,
    });
  /** Failed probes in a row while the breaker is open, for its backoff */
  let failedProbes = 0;
  /** While the breaker is open: no attempt before this moment, then one at a time (not counting slow ones) */
  let breakerUntil = 0;
  let probing = false;
  /** Rounds in a row the store failed in, for the lane's own backoff while it is unusable */
  let storeFailures = 0;

  const breakerOpen = () => failingLeads.size >= BREAKER_FAILURES;

  function noteAttempt(leadId: number, kind: FailureKind | 'sent') {
    // A refusal or a deferral is an answer: the channel works
    if (kind !== 'unavailable') {
      failingLeads.clear();
      failedProbes = 0;
      return;
    }
    failingLeads.add(leadId);
    if (breakerOpen()) breakerUntil = Date.now() + retryDelayMs(++failedProbes, retry);
  }

  async function record(leadId: number, outcome: Outcome) {
    if (outcome.kind === 'sent') await store.markDelivered(leadId, name, outcome.at);
    else if (outcome.kind === 'released') await store.releaseClaim(leadId, name);
    else
      await store.markAttemptFailed(leadId, name, {
        error: outcome.reason,
        retryAt: outcome.retryAt,
        now: outcome.at,
      });
  }

  /** Writes the outcomes the store could not take before; throws while it still cannot */
  async function recordPending() {
    for (const [leadId, outcome] of unrecorded) {
      await record(leadId, outcome);
      unrecorded.delete(leadId);
    }
  }

  function begin(claimed: ClaimedDelivery, probe: boolean) {
    const { leadId } = claimed;
    if (probe) probing = true;
    // Claimed again while its outcome waits to be recorded (after the stale period): never resent
    const outcome = unrecorded.get(leadId)
      ? Promise.resolve(unrecorded.get(leadId)!)
      : attempt(claimed);
    // Past the slow mark the attempt runs on (a stall still ends at its deadline and counts as the
    // channel failing) but makes room beside it, in the lane and in the channel (the SMTP pool);
    // a slow probe lets the next one start, so a lead the channel answers is not kept waiting
    let madeRoom: (() => void) | undefined;
    const slowTimer = setTimeout(() => {
      slow++;
      if (probe) probing = false;
      madeRoom = channel.makeRoom?.() ?? (() => {});
      run();
    }, slowAfterMs);
    slowTimer.unref();
    const running = outcome
      .then(async (settled) => {
        unrecorded.set(leadId, settled);
        try {
          await record(leadId, settled);
          unrecorded.delete(leadId);
          if (
            settled.kind === 'failed' &&
            settled.retryAt === null &&
            settled.reason !== LEAD_DELETED
          )
            onGivenUp();
        } catch (error) {
          log(`The ${name} outbox could not record a delivery; it will again shortly`, error);
        }
      })
      .finally(() => {
        clearTimeout(slowTimer);
        if (madeRoom) {
          slow--;
          madeRoom();
        }
        inFlight.delete(leadId);
        if (probe && !madeRoom) probing = false;
        run();
      });
    inFlight.set(leadId, running);
  }

  /** Claims due deliveries into the free slots: all of them, or one probe while the breaker is open */
  async function fill(): Promise<void> {
    await recordPending();
    for (;;) {
      again = false;
      const free = freePlaces();
      const probe = breakerOpen();
      if (free <= 0 || stopping || (probe && (probing || Date.now() < breakerUntil))) return;
      const limit = probe ? 1 : free;
      const now = Date.now();
      const claimed = await store.claimDueDeliveries({
        channel: name,
        now: new Date(now),
        staleBefore: new Date(now - staleAfterMs),
        implausibleAfter: new Date(latestPlausibleMs(now, retry)),
        limit,
      });
      for (const delivery of claimed) begin(delivery, probe);
      if (probe || (claimed.length < limit && !again)) return;
    }
  }

  /** The wait until the next delivery is due (now, for a time no right clock could have written) */
  async function nextWaitMs(): Promise<number> {
    if (unrecorded.size > 0 || storeFailures > 0)
      return retryDelayMs(Math.max(storeFailures, 1), retry);
    // No place to fill before an attempt in flight ends, and its end looks again
    if (freePlaces() <= 0 || (breakerOpen() && probing)) return retry.maxDelayMs;
    const due = await store.nextDueAt(name, staleAfterMs);
    let waitMs = retry.maxDelayMs;
    if (due !== null) {
      const now = Date.now();
      const dueAt = Date.parse(due);
      waitMs =
        dueAt > latestPlausibleMs(now, retry) ? 0 : Math.min(waitMs, Math.max(0, dueAt - now));
    }
    if (breakerOpen())
      waitMs = Math.max(waitMs, Math.min(retry.maxDelayMs, breakerUntil - Date.now()));
    return waitMs;
  }

  async function scheduleNext() {
    let waitMs: number;
    try {
      waitMs = await nextWaitMs();
    } catch (error) {
      storeFailures++;
      log(`The ${name} outbox could not read when the next delivery is due`, error);
      waitMs = retryDelayMs(storeFailures, retry);
    }
    if (stopping) return;
    clearTimeout(timer);
    timer = setTimeout(run, waitMs);
    // A pending retry must not keep a stopping server alive; the next start carries on
    timer.unref();
  }

  function run() {
    if (!started || stopping) return;
    if (round) {
      again = true;
      return;
    }
    clearTimeout(timer);
    round = fill()
      .then(
        () => (storeFailures = 0),
        (error: unknown) => {
          storeFailures++;
          log(`The ${name} outbox could not read or record its deliveries`, error);
        },
      )
      .then(scheduleNext)
      .finally(() => {
        round = undefined;
        if (again && storeFailures === 0) run();
      });
  }

  return {
    start() {
      started = true;
      run();
    },
    wake: run,
    get working() {
      return !breakerOpen();
    },
    async idle() {
      while (round || inFlight.size > 0) {
        await round;
        await Promise.all(inFlight.values());
      }
    },
    async close() {
      stopping = true;
      clearTimeout(timer);
      const settled = Promise.all([round, ...inFlight.values()]);
      let waited: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        settled,
        new Promise((resolve) => (waited = setTimeout(resolve, CLOSE_WAIT_MS))),
      ]);
      clearTimeout(waited);
      // What is still in flight is aborted and given back, to be sent after the next start
      closing.abort(new Error('The server is stopping'));
      await Promise.race([
        settled,
        new Promise((resolve) => (waited = setTimeout(resolve, CLOSE_WAIT_MS))),
      ]);
      clearTimeout(waited);
      channel.close?.();
    },
  };
}
