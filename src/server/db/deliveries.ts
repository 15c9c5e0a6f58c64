/**
 * The outbox: each lead's deliveries to the owner (and the customer's acknowledgement), claimed,
 * marked sent or failed, and counted for the health check and the alerts of leads that reached
 * him on no channel, on the lead store's connection.
 */
import type { Connection } from './database-file.ts';
import {
  clip,
  type ChannelName,
  type DeliveryKind,
  type DeliveryStatus,
  type LeadStore,
} from './records.ts';
import { readLead, type LeadRow } from './statements.ts';

type DeliveryMethods =
  | 'claimDueDeliveries'
  | 'releaseClaim'
  | 'markDelivered'
  | 'markAttemptFailed'
  | 'nextDueAt'
  | 'health'
  | 'countUnreachedLeads'
  | 'undeliveredToAnnounce'
  | 'markAnnounced';

const ERROR_MAX_LENGTH = 1000;
/** Later than any time stored, in the stored format */
const FAR_FUTURE = '9999-12-31T23:59:59.999Z';

/** The lead store's methods for the deliveries */
export function deliveryRecords(connection: () => Connection): Pick<LeadStore, DeliveryMethods> {
  return {
    claimDueDeliveries({ channel, now, staleBefore, limit, implausibleAfter }) {
      const rows = connection().statements.claim.all({
        channel,
        now: now.toISOString(),
        staleBefore: staleBefore.toISOString(),
        implausibleAfter: implausibleAfter?.toISOString() ?? FAR_FUTURE,
        limit,
      }) as Array<{ lead_id: number; channel: DeliveryKind; attempts: number }>;
      return rows.map((row) => ({
        leadId: row.lead_id,
        channel: row.channel,
        attempts: row.attempts,
      }));
    },
    releaseClaim(leadId, channel) {
      connection().statements.release.run({ leadId, channel });
    },
    markDelivered(leadId, channel, now = new Date()) {
      connection().statements.markSent.run({ leadId, channel, now: now.toISOString() });
    },
    markAttemptFailed(leadId, channel, { error, retryAt, now = new Date() }) {
      connection().statements.markFailed.run({
        leadId,
        channel,
        status: retryAt ? 'pending' : 'failed',
        error: clip(error, ERROR_MAX_LENGTH),
        retryAt: (retryAt ?? now).toISOString(),
        now: now.toISOString(),
      });
    },
    nextDueAt(channel, staleAfterMs) {
      const staleSeconds = (staleAfterMs / 1000).toFixed(3);
      return (
        connection().statements.nextDue.get({ channel, staleSeconds }) as { due: string | null }
      ).due;
    },
    health({ now = new Date(), latest = now } = {}) {
      const { statements } = connection();
      statements.touch.run(now.toISOString());
      const rows = statements.waiting.all({ latest: latest.toISOString() }) as Array<{
        channel: DeliveryKind;
        waiting: number;
        oldest: string | null;
        failed: number;
        oldestFailed: string | null;
        futureDated: number;
      }>;
      return rows.map(({ channel, waiting, oldest, failed, oldestFailed, futureDated }) => ({
        channel,
        waiting,
        oldestCreatedAt: oldest,
        failed,
        oldestFailedCreatedAt: oldestFailed,
        futureDated,
      }));
    },
    countUnreachedLeads({ since, overdueBefore }) {
      const row = connection().statements.unreached.get({
        since: since.toISOString(),
        overdueBefore: overdueBefore.toISOString(),
      });
      return Number((row as { count: number }).count);
    },
    undeliveredToAnnounce({ overdueBefore, settledBefore = overdueBefore, limit }) {
      const { statements } = connection();
      const rows = statements.toAnnounce.all({
        overdueBefore: overdueBefore.toISOString(),
        settledBefore: settledBefore.toISOString(),
        limit,
      }) as Array<{
        leadId: number;
        channel: ChannelName;
        status: DeliveryStatus;
        lastError: string | null;
      }>;
      return rows.flatMap(({ leadId, channel, status, lastError }) => {
        const row = statements.get.get(leadId) as LeadRow | undefined;
        if (!row) return [];
        return [{ lead: readLead(statements, row), channel, status, lastError }];
      });
    },
    markAnnounced(leadId, channel, now = new Date()) {
      connection().statements.markAnnounced.run({ leadId, channel, now: now.toISOString() });
    },
  };
}
