/**
 * Delivers each stored lead to the owner on every configured channel (e-mail, webhook, push),
 * from the deliveries queued with it in the store. Each channel has its own lane, so one that is
 * down or slow never holds up another. A failed attempt is retried with capped exponential
 * backoff (1 s doubling to 10 minutes) for 72 hours from the lead's arrival, by the running
 * server; while a channel keeps failing, its lane tries one delivery at a time on the same
 * schedule instead of every lead on its own. So after an outage of any length within those 72
 * hours, every lead still due goes out within one retry interval of the service's return,
 * without a restart. Each attempt is recorded in the store, so `npm run leads` shows it and a
 * restart carries on where it was.
 */
import { withDeadline } from '../deadline.ts';
import { describeError } from '../log.ts';
import type { AsyncLeadStore } from './async-store.ts';
import type { WeeklySummary } from '../stats/weekly.ts';
import type { ChannelName, ClaimedDelivery, StoredLead } from './store.ts';

/** One way of telling the owner about a lead; `deliver` rejects when the attempt failed */
export interface Channel {
  readonly name: ChannelName;
  deliver(lead: StoredLead): Promise<void>;
  /** Sends the owner's weekly summary, for channels that can carry one */
  sendSummary?(summary: WeeklySummary): Promise<void>;
  /** Releases connections (the SMTP pool) */
  close?(): void;
}

export interface RetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  /** A delivery still failing this long after the lead arrived is given up (shown as failed) */
  giveUpAfterMs: number;
  /** An attempt that has not settled by then counts as failed */
  attemptTimeoutMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  firstDelayMs: 1000,
  maxDelayMs: 10 * 60_000,
  giveUpAfterMs: 72 * 60 * 60_000,
  attemptTimeoutMs: 2 * 60_000,
};

export interface OutboxOptions {
  store: AsyncLeadStore;
  channels: readonly Channel[];
  retry?: RetryPolicy;
  /**
   * An attempt still marked in flight after this long was cut short (a crash or a restart) and
   * is redone; longer than any attempt can take (attemptTimeoutMs)
   */
  staleAfterMs?: number;
  /** Attempts in flight at once on one channel (the SMTP pool has as many connections) */
  concurrency?: number;
  log?: (message: string, error?: unknown) => void;
}

export interface Outbox {
  /** The channels deliveries are queued for */
  readonly channelNames: readonly ChannelName[];
  /** Looks for due deliveries now (after a lead was stored) */
  wake(): void;
  /** Resolves once the current rounds of attempts have finished */
  idle(): Promise<void>;
  /** Stops retrying and releases the channels; what is due stays queued for the next start */
  close(): Promise<void>;
}

export const OUTBOX_CONCURRENCY = 3;
const CLAIM_BATCH = 20;
/** How long closing waits for the attempts in flight */
const CLOSE_WAIT_MS = 3000;

/** The wait after `attempts` failed attempts: the first delay, doubling, capped */
export function retryDelayMs(attempts: number, { firstDelayMs, maxDelayMs }: Pick<RetryPolicy, 'firstDelayMs' | 'maxDelayMs'>): number {
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(Math.max(attempts - 1, 0), 40));
}

type Log = (message: string, error?: unknown) => void;

interface Lane {
  wake(): void;
  idle(): Promise<void>;
  close(): Promise<void>;
}

function createLane(
  channel: Channel,
  {
    store,
    retry,
    staleAfterMs,
    concurrency,
    log,
  }: { store: AsyncLeadStore; retry: RetryPolicy; staleAfterMs: number; concurrency: number; log: Log },
): Lane {
  const { name } = channel;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let round: Promise<void> | undefined;
  let again = false;
  let closed = false;
  /** Consecutive failed rounds; while above 0, one delivery is tried at a time */
  let failedRounds = 0;
  /** Delivered, but the store could not record it yet: recorded before anything is sent again */
  const unrecorded = new Set<number>();

  async function recordDelivered() {
    for (const leadId of unrecorded) {
      await store.markDelivered(leadId, name, new Date());
      unrecorded.delete(leadId);
    }
  }

  /** One attempt; resolves to whether the channel worked */
  async function attempt({ leadId, attempts }: ClaimedDelivery): Promise<boolean> {
    const lead = await store.getLead(leadId);
    if (!lead) {
      // Deleted by hand since it was stored: nothing left to send
      await store.markAttemptFailed(leadId, name, { error: 'The lead was deleted', retryAt: null });
      return true;
    }
    if (unrecorded.has(leadId)) return true;
    try {
      await withDeadline(channel.deliver(lead), retry.attemptTimeoutMs);
    } catch (error) {
      const now = Date.now();
      const giveUp = now - Date.parse(lead.createdAt) >= retry.giveUpAfterMs;
      const retryAt = giveUp ? null : new Date(now + retryDelayMs(attempts, retry));
      await store.markAttemptFailed(leadId, name, { error: describeError(error), retryAt, now: new Date(now) });
      // The same line for every lead while a channel is down, so the log counts them once a minute
      if (giveUp) log(`Lead ${leadId}: ${name} delivery still failing ${retry.giveUpAfterMs / 3_600_000} hours on; giving up`, error);
      else log(`A ${name} delivery failed; retrying with backoff (npm run leads shows each request)`, error);
      return false;
    }
    // Sent: from here on only the bookkeeping is retried, never the send
    unrecorded.add(leadId);
    await recordDelivered();
    return true;
  }

  /**
   * Attempts the claimed deliveries, at most `concurrency` at a time; once one fails, the rest
   * are given back unattempted. Resolves to whether every attempt made worked.
   */
  async function attemptAll(claimed: readonly ClaimedDelivery[]): Promise<boolean> {
    const queue = [...claimed];
    let worked = true;
    const runner = async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        if (!worked || closed) {
          await store.releaseClaim(next.leadId, name);
          continue;
        }
        if (!(await attempt(next))) worked = false;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, runner));
    return worked;
  }

  async function deliverDue(): Promise<void> {
    await recordDelivered();
    for (;;) {
      again = false;
      const now = new Date();
      const claimed = await store.claimDueDeliveries({
        channel: name,
        now,
        staleBefore: new Date(now.getTime() - staleAfterMs),
        // While the channel is failing, one at a time: a probe, not a burst
        limit: failedRounds > 0 ? 1 : CLAIM_BATCH,
      });
      if (claimed.length === 0) return;
      if (!(await attemptAll(claimed))) {
        failedRounds++;
        return;
      }
      failedRounds = 0;
      if (closed || (claimed.length < CLAIM_BATCH && !again)) return;
    }
  }

  /** Sleeps until the next delivery is due (after the lane's own backoff while failing), at most the retry cap */
  async function scheduleNext() {
    let waitMs = retry.maxDelayMs;
    try {
      const due = await store.nextDueAt(name);
      if (due !== null) waitMs = Math.min(waitMs, Math.max(0, Date.parse(due) - Date.now()));
      if (failedRounds > 0) waitMs = Math.max(waitMs, retryDelayMs(failedRounds, retry));
    } catch (error) {
      log(`The ${name} outbox could not read when the next delivery is due`, error);
    }
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(run, waitMs);
    // A pending retry must not keep a stopping server alive; the next start carries on
    timer.unref();
  }

  function run() {
    if (closed) return;
    if (round) {
      again = true;
      return;
    }
    clearTimeout(timer);
    round = deliverDue()
      .catch((error: unknown) => {
        failedRounds++;
        log(`The ${name} outbox could not read or record its deliveries`, error);
      })
      .then(scheduleNext)
      .finally(() => {
        round = undefined;
        if (again && failedRounds === 0) run();
      });
  }

  // Deliveries still due from before a restart go out now
  run();

  return {
    // While the channel is failing, a new lead waits for the lane's next try like the others
    wake: () => (failedRounds > 0 ? (again = true) : run()),
    async idle() {
      while (round) await round;
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      // An attempt cut short stays marked in flight and is redone after a restart
      let waited: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([round, new Promise((resolve) => (waited = setTimeout(resolve, CLOSE_WAIT_MS)))]);
      clearTimeout(waited);
      channel.close?.();
    },
  };
}

export function createOutbox({
  store,
  channels,
  retry = DEFAULT_RETRY,
  staleAfterMs = retry.attemptTimeoutMs + 60_000,
  concurrency = OUTBOX_CONCURRENCY,
  log = console.error,
}: OutboxOptions): Outbox {
  const lanes = channels.map((channel) => createLane(channel, { store, retry, staleAfterMs, concurrency, log }));
  return {
    channelNames: channels.map((channel) => channel.name),
    wake() {
      for (const lane of lanes) lane.wake();
    },
    async idle() {
      await Promise.all(lanes.map((lane) => lane.idle()));
    },
    async close() {
      await Promise.all(lanes.map((lane) => lane.close()));
    },
  };
}
