/**
 * One attempt at a delivery of the outbox: the lead read from the store, sent on its channel
 * within the deadline, and how it ended (sent, failed with a reason and a retry time, or given
 * back), which the lane records.
 */
import type { AsyncLeadStore } from '../db/async-store.ts';
import type { ClaimedDelivery, StoredLead } from '../db/records.ts';
import { withDeadline } from '../support/deadline.ts';
import { describeError } from '../support/log.ts';
import type { Sender } from './channel.ts';
import { DeliveryFailure, failureKind, type FailureKind } from './delivery-failure.ts';
import { retryDelayMs, type RetryPolicy } from './retry-policy.ts';

/** How often an attempt in flight checks that its lead has not been deleted */
const DELETION_CHECK_MS = 1000;

/** How an attempt ended, kept in memory until the store has recorded it */
export type Outcome =
  | { kind: 'sent'; at: Date }
  | { kind: 'failed'; at: Date; reason: string; retryAt: Date | null }
  /** Not attempted after all (the store could not read the lead, or the server is closing) */
  | { kind: 'released' };

export const LEAD_DELETED = 'The lead was deleted';

/** What the owner reads: a refusal's own words, or the whole chain of causes of an outage */
function failureReason(error: unknown): string {
  return error instanceof DeliveryFailure && error.kind !== 'unavailable'
    ? describeError(error.message)
    : describeError(error);
}

export interface AttemptContext {
  store: AsyncLeadStore;
  channel: Sender;
  retry: RetryPolicy;
  /** Aborted when the server stops */
  closing: AbortSignal;
  log: (message: string, error?: unknown) => void;
  noteAttempt: (leadId: number, kind: FailureKind | 'sent') => void;
}

/** Aborts `controller` once the lead is no longer stored */
function watchDeletion(store: AsyncLeadStore, leadId: number, controller: AbortController) {
  const timer = setInterval(() => {
    store.hasLead(leadId).then(
      (found) => found || controller.abort(new Error(LEAD_DELETED)),
      () => undefined,
    );
  }, DELETION_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * One attempt at delivering a claimed lead on `channel`, within the retry policy's deadline,
 * aborted when the lead is deleted or the server closes; `noteAttempt` hears how the channel answered
 */
export async function attemptDelivery(
  { leadId, attempts }: ClaimedDelivery,
  { store, channel, retry, closing, log, noteAttempt }: AttemptContext,
): Promise<Outcome> {
  const { name } = channel;
  let lead: StoredLead | undefined;
  try {
    lead = await store.getLead(leadId);
  } catch (error) {
    log(`The ${name} outbox could not read a lead`, error);
    return { kind: 'released' };
  }
  // Deleted by hand since it was stored: nothing left to send
  if (!lead) return { kind: 'failed', at: new Date(), reason: LEAD_DELETED, retryAt: null };
  const deletion = new AbortController();
  const stopWatching = watchDeletion(store, leadId, deletion);
  try {
    await withDeadline(
      (signal) => channel.deliver(lead, signal),
      retry.attemptTimeoutMs,
      AbortSignal.any([deletion.signal, closing]),
    );
    noteAttempt(leadId, 'sent');
    return { kind: 'sent', at: new Date() };
  } catch (error) {
    const at = new Date();
    if (deletion.signal.aborted) return { kind: 'failed', at, reason: LEAD_DELETED, retryAt: null };
    if (closing.aborted) return { kind: 'released' };
    const kind = failureKind(error);
    noteAttempt(leadId, kind);
    const reason = failureReason(error);
    const giveUp =
      kind === 'refused' || at.getTime() - Date.parse(lead.createdAt) >= retry.giveUpAfterMs;
    // The same line for every lead while a channel is down, so the log counts them once a minute
    if (kind === 'refused')
      log(`Lead ${leadId}: the ${name} delivery was refused for good: ${reason}`);
    else if (giveUp)
      log(
        `Lead ${leadId}: ${name} delivery still failing ${retry.giveUpAfterMs / 3_600_000} hours on; giving up`,
        error,
      );
    else
      log(
        `A ${name} delivery failed; retrying with backoff (npm run leads shows each request)`,
        error,
      );
    return {
      kind: 'failed',
      at,
      reason,
      retryAt: giveUp ? null : new Date(at.getTime() + retryDelayMs(attempts, retry)),
    };
  } finally {
    stopWatching();
  }
}
