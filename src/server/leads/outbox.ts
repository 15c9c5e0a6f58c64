/**
 * Delivers each stored lead to the owner on every configured channel (e-mail, webhook, push),
 * from the deliveries queued with it in the store. A failed attempt is retried with capped
 * exponential backoff (1 s doubling to 10 minutes) for 72 hours from the lead's arrival, by the
 * running server: after an outage of any length within that time, every lead still due goes
 * out within one retry interval of the service's return, without a restart. Each attempt is
 * recorded in the store, so `npm run leads` shows it and a restart carries on where it was.
 */
import { describeError } from '../log.ts';
import type { AsyncLeadStore } from './async-store.ts';
import type { ChannelName, ClaimedDelivery, StoredLead } from './store.ts';

/** One way of telling the owner about a lead; `deliver` rejects when the attempt failed */
export interface Channel {
  readonly name: ChannelName;
  deliver(lead: StoredLead): Promise<void>;
  /** Releases connections (the SMTP pool) */
  close?(): void;
}

export interface RetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  /** A delivery still failing this long after the lead arrived is given up (shown as failed) */
  giveUpAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  firstDelayMs: 1000,
  maxDelayMs: 10 * 60_000,
  giveUpAfterMs: 72 * 60 * 60_000,
};

export interface OutboxOptions {
  store: AsyncLeadStore;
  channels: readonly Channel[];
  retry?: RetryPolicy;
  /** An attempt still marked in flight after this long was cut short (a crash) and is redone */
  staleAfterMs?: number;
  /** Attempts in flight at once, across channels (the SMTP pool has as many connections) */
  concurrency?: number;
  log?: (message: string, error?: unknown) => void;
}

export interface Outbox {
  /** The channels deliveries are queued for */
  readonly channelNames: readonly ChannelName[];
  /** Looks for due deliveries now (after a lead was stored) */
  wake(): void;
  /** Resolves once the current round of attempts has finished */
  idle(): Promise<void>;
  /** Stops retrying and releases the channels; what is due stays queued for the next start */
  close(): Promise<void>;
}

const DEFAULT_STALE_AFTER_MS = 5 * 60_000;
export const OUTBOX_CONCURRENCY = 3;
const CLAIM_BATCH = 20;
/** How long closing waits for the attempts in flight */
const CLOSE_WAIT_MS = 5000;

/** The wait after `attempts` failed attempts: the first delay, doubling, capped */
export function retryDelayMs(attempts: number, { firstDelayMs, maxDelayMs }: RetryPolicy): number {
  return Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(Math.max(attempts - 1, 0), 40));
}

export function createOutbox({
  store,
  channels,
  retry = DEFAULT_RETRY,
  staleAfterMs = DEFAULT_STALE_AFTER_MS,
  concurrency = OUTBOX_CONCURRENCY,
  log = console.error,
}: OutboxOptions): Outbox {
  const byName = new Map(channels.map((channel) => [channel.name, channel]));
  const channelNames = channels.map((channel) => channel.name);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let round: Promise<void> | undefined;
  let again = false;
  let closed = false;

  async function attempt({ leadId, channel: name, attempts }: ClaimedDelivery): Promise<void> {
    const channel = byName.get(name)!;
    const lead = await store.getLead(leadId);
    if (!lead) return;
    try {
      await channel.deliver(lead);
      await store.markDelivered(leadId, name, new Date());
    } catch (error) {
      const now = Date.now();
      const giveUp = now - Date.parse(lead.createdAt) >= retry.giveUpAfterMs;
      const retryAt = giveUp ? null : new Date(now + retryDelayMs(attempts, retry));
      await store.markAttemptFailed(leadId, name, { error: describeError(error), retryAt, now: new Date(now) });
      // The same line for every lead while a channel is down, so the log counts them once a minute
      if (giveUp) log(`Lead ${leadId}: ${name} delivery still failing ${retry.giveUpAfterMs / 3_600_000} hours on; giving up`, error);
      else log(`A ${name} delivery failed; retrying with backoff (npm run leads shows each request)`, error);
    }
  }

  /** Runs `work` over `items`, at most `concurrency` at a time */
  async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>) {
    const queue = [...items];
    const runner = async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, runner));
  }

  async function deliverDue(): Promise<void> {
    for (;;) {
      again = false;
      const now = new Date();
      const claimed = await store.claimDueDeliveries({
        channels: channelNames,
        now,
        staleBefore: new Date(now.getTime() - staleAfterMs),
        limit: CLAIM_BATCH,
      });
      await inParallel(claimed, (delivery) =>
        attempt(delivery).catch((error: unknown) => log(`Lead ${delivery.leadId}: ${delivery.channel} delivery not recorded`, error)),
      );
      if (closed || (claimed.length < CLAIM_BATCH && !again)) return;
    }
  }

  /** Sleeps until the next delivery is due, and at least every retry cap (to pick up stale attempts) */
  async function scheduleNext() {
    let waitMs = retry.maxDelayMs;
    try {
      const due = await store.nextDueAt(channelNames);
      if (due !== null) waitMs = Math.min(waitMs, Math.max(0, Date.parse(due) - Date.now()));
    } catch (error) {
      log('The outbox could not read when the next delivery is due', error);
    }
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(run, waitMs);
    // A pending retry must not keep a stopping server alive; the next start carries on
    timer.unref();
  }

  function run() {
    if (closed || channels.length === 0) return;
    if (round) {
      again = true;
      return;
    }
    clearTimeout(timer);
    round = deliverDue()
      .catch((error: unknown) => log('The outbox could not read the deliveries due', error))
      .then(scheduleNext)
      .finally(() => {
        round = undefined;
        if (again) run();
      });
  }

  // Deliveries still due from before a restart go out now
  run();

  return {
    channelNames,
    wake: run,
    async idle() {
      while (round) await round;
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      // An attempt cut short stays marked in flight and is redone after a restart
      await Promise.race([round, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
      for (const channel of channels) channel.close?.();
    },
  };
}
