/**
 * Delivers each stored lead to the owner on every configured channel (e-mail, webhook, push),
 * from the deliveries queued with it in the store. Each channel has its own lane, so one that is
 * down or slow never holds up another, and within a lane each delivery is its own: a message
 * the relay refuses for good is marked failed at once, one it defers is retried on its own
 * schedule (1 s doubling to 10 minutes, for 72 hours from the lead's arrival), and neither
 * delays any other lead. Only failures of the channel itself (see delivery-failure.ts) slow the
 * whole lane: once three leads have failed so with no success between, a circuit breaker lets
 * one delivery through at a time, the least tried first, on the same capped schedule, until one
 * gets through. So after an outage of any length within those 72 hours, every lead still due
 * goes out within one retry interval of the service's return, without a restart. An attempt
 * slower than 10 s (a relay that holds its answer) gives its place to the next delivery while it
 * runs on to its deadline, up to 20 in flight, so stalled messages delay no other lead.
 *
 * Every attempt has a deadline that aborts it (the SMTP connection is closed before the relay's
 * final answer), so a send given up on is never completed behind the store's back; a lead
 * deleted meanwhile aborts its sends too. Each attempt and its outcome are recorded in the store,
 * so `npm run leads` shows them and a restart carries on where it was.
 *
 * The customer's acknowledgement, when one is set up, is sent the same way on a lane of its own,
 * so a slow or failing send to a customer's address never holds up the owner's notifications.
 */
import type { AsyncLeadStore } from '../db/async-store.ts';
import type { ChannelName } from '../db/records.ts';
import type { Channel, Sender } from './channel.ts';
import { createLane, type LaneOptions } from './lane.ts';
import {
  DEFAULT_RETRY,
  OUTBOX_CONCURRENCY,
  OUTBOX_MAX_IN_FLIGHT,
  SLOW_ATTEMPT_MS,
  type RetryPolicy,
} from './retry-policy.ts';

export interface OutboxOptions {
  store: AsyncLeadStore;
  channels: readonly Channel[];
  /** Sends each customer's acknowledgement (acknowledgement.ts); none are sent without it */
  acknowledgement?: Sender | undefined;
  retry?: RetryPolicy;
  /**
   * An attempt still marked in flight after this long was cut short (a crash or a restart) and
   * is redone; longer than any attempt can take (attemptTimeoutMs)
   */
  staleAfterMs?: number;
  /** Attempts in flight at once on one channel (the SMTP pool has as many connections) */
  concurrency?: number;
  /** An attempt running longer no longer counts against `concurrency` (SLOW_ATTEMPT_MS) */
  slowAfterMs?: number;
  /** Attempts in flight at once on one channel, slow ones included (OUTBOX_MAX_IN_FLIGHT) */
  maxInFlight?: number;
  /** Called when a delivery has failed for good, so the owner can be told elsewhere */
  onGivenUp?: () => void;
  log?: (message: string, error?: unknown) => void;
}

export interface Outbox {
  /** The channels a lead arriving now is queued for: those active (push, while a device is subscribed) */
  readonly channelNames: readonly ChannelName[];
  /** Whether customers' acknowledgements are sent (a lead may then queue one); not when absent */
  readonly acknowledges?: boolean;
  /** Starts delivering (what is due from before a restart goes out now) */
  start(): void;
  /** Looks for due deliveries now (after a lead was stored) */
  wake(): void;
  /** Whether a channel is active and its lane is taking deliveries (its circuit breaker is closed) */
  isWorking: (channel: ChannelName) => boolean;
  /** Resolves once no attempt is in flight and no round is running */
  idle(): Promise<void>;
  /** Stops retrying and releases the channels; what is due stays queued for the next start */
  close(): Promise<void>;
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { channels, acknowledgement } = options;
  const retry = options.retry ?? DEFAULT_RETRY;
  const laneOptions: LaneOptions = {
    store: options.store,
    retry,
    staleAfterMs: options.staleAfterMs ?? retry.attemptTimeoutMs + 60_000,
    concurrency: options.concurrency ?? OUTBOX_CONCURRENCY,
    slowAfterMs: options.slowAfterMs ?? SLOW_ATTEMPT_MS,
    maxInFlight: options.maxInFlight ?? OUTBOX_MAX_IN_FLIGHT,
    onGivenUp: options.onGivenUp ?? (() => {}),
    log: options.log ?? console.error,
  };
  const senders: Sender[] = [...channels, ...(acknowledgement ? [acknowledgement] : [])];
  const lanes = new Map(
    senders.map((sender) => [
      sender.name,
      createLane(
        sender,
        // A customer's address that refuses is no news the owner must act on
        sender === acknowledgement ? { ...laneOptions, onGivenUp: () => {} } : laneOptions,
      ),
    ]),
  );
  const isActive = (channel: Channel) => channel.isActive?.() ?? true;
  return {
    // Each lane runs whether its channel is active or not, so what was queued is still delivered
    get channelNames() {
      return channels.filter(isActive).map((channel) => channel.name);
    },
    acknowledges: acknowledgement !== undefined,
    start() {
      for (const lane of lanes.values()) lane.start();
    },
    wake() {
      for (const lane of lanes.values()) lane.wake();
    },
    isWorking: (name) =>
      channels.some((channel) => channel.name === name && isActive(channel)) &&
      (lanes.get(name)?.working ?? false),
    async idle() {
      await Promise.all([...lanes.values()].map((lane) => lane.idle()));
    },
    async close() {
      await Promise.all([...lanes.values()].map((lane) => lane.close()));
    },
  };
}
