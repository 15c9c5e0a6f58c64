/**
 * What the lead store holds and how it is used: quote requests, their deliveries to the owner
 * on each channel, and the anonymous daily counts; the store's interface (with the owner's
 * records, owner-records.ts, and his push devices, push-records.ts), which the worker thread
 * and the async facade mirror.
 */

import type { QuoteField, QuoteRequestFields } from '../../lib/validation.ts';
import type { OwnerRecords } from './owner-records.ts';
import type { PushDeviceRecords } from './push-records.ts';
import type { StatsRecords } from './stats-records.ts';

/** Where the owner has a quote request: New → Contacted → Quoted → Won or Lost; Spam sets one aside */
export const LEAD_STATUSES = ['new', 'contacted', 'quoted', 'won', 'lost', 'spam'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** A note the owner wrote on a quote request */
export interface LeadNote {
  /** ISO 8601 */
  at: string;
  text: string;
}

export const CHANNELS = ['email', 'webhook', 'ntfy', 'push'] as const;
export type ChannelName = (typeof CHANNELS)[number];

/**
 * The e-mail that tells the customer the request arrived: an outbox delivery of its own (retried,
 * counted in the health report), kept out of the lead's deliveries to the owner
 */
export const ACKNOWLEDGEMENT = 'acknowledgement' as const;
/** What the outbox delivers: a lead to the owner on one of his channels, or the customer's acknowledgement */
export type DeliveryKind = ChannelName | typeof ACKNOWLEDGEMENT;
/** An address is acknowledged at most once in this long, so the form cannot be used to send mail to anyone */
export const ACKNOWLEDGE_ONCE_IN_MS = 24 * 60 * 60_000;

/**
 * pending: due at `nextAttemptAt` (the first attempt or a retry); sending: an attempt is in
 * flight; sent: delivered; failed: given up (still undelivered when retries stopped).
 */
export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed';

export interface Delivery {
  channel: ChannelName;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: string;
  deliveredAt: string | null;
  lastError: string | null;
}

/** What the endpoint stores */
export interface NewLead extends QuoteRequestFields {
  userAgent: string | null;
  /** Photos kept with it (files 1.jpg to N.jpg in its folder of db/lead-photos.ts); none when not given */
  photos?: number;
  /** Photos the visitor sent that could not be kept (a full disk); a note on the lead says so */
  photosNotKept?: number;
}

/** How the customer's acknowledgement stands */
export interface Acknowledgement {
  status: DeliveryStatus;
  deliveredAt: string | null;
}

export interface StoredLead extends NewLead {
  id: number;
  /** Unique across databases (ids restart in a fresh or restored file): the webhook's idempotency key */
  uid: string;
  /** ISO 8601, UTC */
  createdAt: string;
  /** One per channel that was configured when the lead arrived, in CHANNELS order */
  deliveries: Delivery[];
  /** The e-mail telling the customer it arrived, or null when none was to be sent */
  acknowledgement: Acknowledgement | null;
  /** The owner's work on it */
  status: LeadStatus;
  /** YYYY-MM-DD */
  followUp: string | null;
  /** When the owner first opened it */
  readAt: string | null;
  /** Oldest first */
  notes: LeadNote[];
  photos: number;
  photosNotKept: number;
}

/** Deliveries not yet made on one channel: how many, and when the oldest one's lead arrived */
export interface WaitingDeliveries {
  channel: DeliveryKind;
  waiting: number;
  oldestCreatedAt: string | null;
  /** Refused for good, or given up after retrying for 72 hours */
  failed: number;
  oldestFailedCreatedAt: string | null;
  /** Waiting deliveries stamped later than the health check's clock allows (the clock stepped back) */
  futureDated: number;
}

/** A delivery the owner has not been told about that failed for good or is overdue */
export interface UndeliveredNotice {
  lead: StoredLead;
  channel: ChannelName;
  status: DeliveryStatus;
  lastError: string | null;
}

export interface LeadQuery {
  status?: LeadStatus | undefined;
  /** Matched against name, phone, e-mail and address */
  text?: string | undefined;
  limit: number;
}

export interface LeadUpdate {
  status?: LeadStatus | undefined;
  followUp?: string | null | undefined;
  /** Sets when it was first read, once */
  readAt?: Date | undefined;
}

/** A quote request as the report counts it */
export interface LeadSource {
  /** ISO 8601, UTC */
  createdAt: string;
  formSource: string;
  page: string | null;
  /** Where the owner has it now */
  status: LeadStatus;
}

/** A delivery taken for one attempt */
export interface ClaimedDelivery {
  leadId: number;
  channel: DeliveryKind;
  /** Attempts made, this one included */
  attempts: number;
}

export interface InsertOptions {
  /** Channels to deliver the lead to */
  channels?: readonly ChannelName[];
  /**
   * The customer's address to acknowledge the lead to: queued unless an acknowledgement went to
   * it within ACKNOWLEDGE_ONCE_IN_MS (the addresses are kept as hashes, for that long)
   */
  acknowledge?: string | undefined;
  now?: Date;
  /** Epoch ms: give up (StoreBusyError) rather than wait for a lock past this moment */
  deadline?: number;
}

export interface LeadStore extends OwnerRecords, PushDeviceRecords, StatsRecords {
  readonly path: string;
  /** Stores a lead and its deliveries durably, in the file at `path`, and returns its id */
  insertLead(lead: NewLead, options?: InsertOptions): number;
  getLead(id: number): StoredLead | undefined;
  /** Newest first */
  listLeads(options?: { limit?: number }): StoredLead[];
  countLeads(): number;
  /** Newest first */
  findLeads(query: LeadQuery): StoredLead[];
  /**
   * Leads still open (not won, lost or spam) whose follow-up date is `day` (YYYY-MM-DD) or
   * earlier, the oldest date first
   */
  followUpsDue(day: string, limit: number): StoredLead[];
  /** How many leads have each status, and how many are unread */
  leadTally(): { counts: Record<LeadStatus, number>; unread: number };
  /** False when there is no such lead */
  updateLead(id: number, update: LeadUpdate): boolean;
  /** False when there is no such lead */
  addLeadNote(id: number, text: string, now: Date): boolean;

  /** Deletes a lead, its deliveries and notes for good (a privacy request); false when there is none */
  deleteLead(id: number): boolean;
  /** Whether a lead is still stored (not deleted since) */
  hasLead(id: number): boolean;
  /**
   * Takes up to `limit` deliveries on `channel` for one attempt each (counting it), the least
   * tried first: those due by `now`, those left in flight since before `staleBefore` (a crash
   * mid-send), and those due or claimed after `implausibleAfter`, a time no clock that is right
   * could have written (it has stepped back since).
   */
  claimDueDeliveries(options: {
    channel: DeliveryKind;
    now: Date;
    staleBefore: Date;
    limit: number;
    implausibleAfter?: Date;
  }): ClaimedDelivery[];
  /** Gives back a claimed delivery that was not attempted after all, uncounted */
  releaseClaim(leadId: number, channel: DeliveryKind): void;
  markDelivered(leadId: number, channel: DeliveryKind, now?: Date): void;
  /** Records a failed attempt: due again at `retryAt`, or given up (failed) when it is null */
  markAttemptFailed(
    leadId: number,
    channel: DeliveryKind,
    options: { error: string; retryAt: Date | null; now?: Date },
  ): void;
  /**
   * When the next delivery on `channel` is due (ISO 8601), or null when none is: a pending one's
   * retry, or the moment one in flight becomes stale (`staleAfterMs` after it was claimed)
   */
  nextDueAt(channel: DeliveryKind, staleAfterMs: number): string | null;
  /** Writes to the database (a throw means it cannot store a lead now) and counts what is waiting */
  health(options?: { now?: Date; latest?: Date }): WaitingDeliveries[];
  /**
   * Leads since `since` that reached the owner on no channel: every delivery failed, or none
   * made by `overdueBefore` (the lead is older than that)
   */
  countUnreachedLeads(options: { since: Date; overdueBefore: Date }): number;
  /**
   * Failed deliveries, and those of leads from before `overdueBefore` still waiting, not yet
   * announced: of at most `limit` leads, each with all such channels at once, and none of a lead
   * from after `settledBefore` (by default `overdueBefore`) whose other channels are still on
   * their first try
   */
  undeliveredToAnnounce(options: {
    overdueBefore: Date;
    settledBefore?: Date;
    limit: number;
  }): UndeliveredNotice[];
  markAnnounced(leadId: number, channel: ChannelName, now?: Date): void;
  /** Whether each channel's most recently attempted delivery failed (or waits after a failure) */
  latestDeliveryFailed(): Array<{ channel: ChannelName; failed: boolean }>;
  /** Where and when the quote requests between two instants came from */
  leadSourcesBetween(from: Date, to: Date): LeadSource[];
  /**
   * Checkpoints the WAL into the main file (so a plain copy of it holds every lead) and closes;
   * `checkpoint: false` only closes (after a failure, when the file may not be writable).
   */
  close(options?: { checkpoint?: boolean }): void;
}

type QuoteFields = Pick<QuoteRequestFields, QuoteField>;

/** The fields of the quote form (QUOTE_FIELDS), as the visitor typed them, out of a lead or its row */
export function quoteFieldsOf(source: QuoteFields): QuoteFields {
  const { name, email, phone, address, service, message } = source;
  return { name, email, phone, address, service, message };
}

/** `value` cut to at most `maxLength` characters (code points), for what is stored */
export function clip(value: string | null, maxLength: number): string | null {
  if (value === null) return null;
  const characters = [...value];
  return characters.length > maxLength ? characters.slice(0, maxLength).join('') : value;
}

/** The lock was not free before the request's deadline; nothing was stored */
export class StoreBusyError extends Error {
  override name = 'StoreBusyError';
}
