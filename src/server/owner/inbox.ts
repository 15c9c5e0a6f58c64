/**
 * The owner's inbox as the page reads it: each quote request with what he has done with it and
 * how each channel delivered it, the unread count, the count per status, the requests still
 * New that a channel failed or is over an hour late on (they head the page), and the open ones
 * whose follow-up date has come (New Zealand time).
 */
import {
  LEAD_STATUSES,
  SEARCH_MAX_LENGTH,
  type InboxBody,
  type LeadStatus,
  type OwnerLead,
} from '../../lib/owner-api.ts';
import { leadPhotoPath } from '../../lib/owner-api/constants.ts';
import type { AsyncLeadStore } from '../db/async-store.ts';
import type { StoredLead } from '../db/records.ts';
import { deliveryState, isUndelivered } from '../leads/export.ts';
import { leadTextForOwner } from '../notify/lead-text.ts';
import { nzDay } from '../support/days.ts';

/** Requests listed at once: years of a one-man business's requests; older ones are found by search */
export const INBOX_LIMIT = 500;

/**
 * A stored lead as the owner's page reads it: its text as every channel shows it (no control or
 * bidi character, so `gnp.exe` cannot pass for `exe.png`), without its uid and the visitor's
 * browser, each delivery as he should read it
 */
export function ownerLead(lead: StoredLead, now: Date): OwnerLead {
  const {
    uid: _uid,
    userAgent: _userAgent,
    deliveries,
    acknowledgement,
    photos,
    ...shown
  } = leadTextForOwner(lead);
  return {
    ...shown,
    acknowledgement: acknowledgement && {
      state: acknowledgement.status,
      deliveredAt: acknowledgement.deliveredAt,
    },
    photos: Array.from({ length: photos }, (_, index) => ({
      url: leadPhotoPath(lead.id, index + 1),
      thumbnailUrl: leadPhotoPath(lead.id, index + 1, 'small'),
    })),
    deliveries: deliveries.map((delivery) => ({
      channel: delivery.channel,
      state: deliveryState(delivery, lead, now),
      overdue: isUndelivered(delivery, lead, now),
      attempts: delivery.attempts,
      deliveredAt: delivery.deliveredAt,
      lastError: delivery.lastError,
    })),
  };
}

export interface InboxQuery {
  status?: LeadStatus | undefined;
  text?: string | undefined;
}

/** ?status= and ?q=, or what is wrong with them */
export function parseInboxQuery(params: URLSearchParams): InboxQuery | { error: string } {
  const status = params.get('status') || undefined;
  const text = params.get('q')?.trim() || undefined;
  if (status !== undefined && !(LEAD_STATUSES as readonly string[]).includes(status)) {
    return { error: `status must be one of ${LEAD_STATUSES.join(', ')}` };
  }
  if (text !== undefined && [...text].length > SEARCH_MAX_LENGTH)
    return { error: `A search is at most ${SEARCH_MAX_LENGTH} characters` };
  return { status: status as LeadStatus | undefined, text };
}

export async function readInbox(
  store: AsyncLeadStore,
  query: InboxQuery,
  now = new Date(),
): Promise<InboxBody> {
  const today = nzDay(now);
  const [leads, newLeads, followUpsDue, tally] = await Promise.all([
    store.findLeads({ ...query, limit: INBOX_LIMIT }),
    store.findLeads({ status: 'new', limit: INBOX_LIMIT }),
    store.followUpsDue(today, INBOX_LIMIT),
    store.leadTally(),
  ]);
  const undelivered = newLeads.filter((lead) =>
    lead.deliveries.some((delivery) => isUndelivered(delivery, lead, now)),
  );
  return {
    leads: leads.map((lead) => ownerLead(lead, now)),
    unread: tally.unread,
    counts: tally.counts,
    undelivered: undelivered.map((lead) => ownerLead(lead, now)),
    followUpsDue: followUpsDue.map((lead) => ownerLead(lead, now)),
    today,
  };
}
