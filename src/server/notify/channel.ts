/**
 * What a notification channel (e-mail, webhook, push) is to the rest of the server: it delivers
 * a lead, and may carry a notice that needs the owner now or a report he reads at leisure.
 */
import type { ChannelName, DeliveryKind, StoredLead } from '../db/records.ts';

/** What the owner is told on his other channels about a lead that did not reach him on one */
export interface OwnerNotice {
  lead: StoredLead;
  /** The channels the lead did not reach him on, and why */
  failures: ReadonlyArray<{ channel: ChannelName; reason: string }>;
  title: string;
  text: string;
  /** The owner's page open on the lead (ownerLeadUrl) */
  link?: string;
  /** Needs him now: ntfy's top priority, push urgency high */
  urgent?: boolean;
}

/** A report for the owner (the weekly summary), made by whoever reports */
export interface OwnerReport {
  title: string;
  /** The report as plain text, for an e-mail */
  text: string;
  /** The report as data, for the webhook */
  json: Record<string, unknown>;
  /** The same for every sending of this report, so a receiver can tell a repeat */
  key: string;
}

/**
 * Something the owner must know at once: about his own sign-in (a passkey added or removed, an
 * invite link), an emergency request he has not opened, the follow-ups due today
 */
export interface OwnerAlert {
  title: string;
  text: string;
  /** The same for every sending of this alert, so a receiver can tell a repeat */
  key: string;
  /** Where a tap takes him: an absolute URL into the owner's page */
  link?: string;
  /** Needs him now: ntfy's top priority, push urgency high */
  urgent?: boolean;
  /** What the alert is about, for a webhook's receiver (`type`); his sign-in when not given */
  kind?: 'sign-in' | 'emergency' | 'follow-ups';
}

/** What an outbox lane sends a lead's delivery with: one of the owner's channels, or the customer's acknowledgement */
export interface Sender {
  readonly name: DeliveryKind;
  /**
   * Attempts one delivery, stopping when `signal` aborts; rejects when it failed (with a
   * DeliveryFailure when the channel can tell whom the failure concerns)
   */
  deliver(lead: StoredLead, signal: AbortSignal): Promise<void>;
  /**
   * Called when an attempt has run past the lane's slow mark, so another can start beside it (the
   * SMTP pool opens one more connection); the returned function is called when that attempt ends
   */
  makeRoom?(): () => void;
  /** Releases connections (the SMTP pool) */
  close?(): void;
}

/** One way of telling the owner */
export interface Channel extends Sender {
  readonly name: ChannelName;
  /**
   * Whether the channel takes deliveries, notices and alerts now (push: while a device is
   * subscribed); always, when absent. A lead is queued on the channels active when it arrives.
   */
  isActive?(): boolean;
  /** Tells the owner that a lead did not reach him on another channel */
  sendNotice?: (notice: OwnerNotice, signal: AbortSignal) => Promise<void>;
  /** Sends a report, for channels that can carry one (not a push notification) */
  sendReport?: (report: OwnerReport, signal: AbortSignal) => Promise<void>;
  /** Tells the owner about his sign-in at once */
  sendAlert?: (alert: OwnerAlert, signal: AbortSignal) => Promise<void>;
}
