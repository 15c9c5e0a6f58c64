/**
 * Tells the owner, once, on his other working channels, when a lead cannot reach him on one:
 * its delivery failed for good (refused, or given up after 72 hours) or is more than an hour
 * overdue. One notice per lead names the request, the channels it missed and why, and how to
 * reach the visitor, so a lead a content filter or a broken webhook swallowed still gets its
 * call back. A notice that no channel took is tried again at the next check; each is recorded
 * in the store once sent.
 */
import { withDeadline } from '../support/deadline.ts';
import type { AsyncLeadStore } from '../db/async-store.ts';
import { OVERDUE_AFTER_MS } from './health.ts';
import { ownerLeadUrl } from '../../lib/owner-api/constants.ts';
import type { Channel, OwnerNotice } from './channel.ts';
import { oneLine } from '../support/plain-text.ts';
import type { ChannelName, UndeliveredNotice } from '../db/records.ts';

const CHECK_EVERY_MS = 60_000;
/**
 * How long a lead's failure waits for its other channels' first tries, so one notice names every
 * channel it missed; a channel that is down cannot hold the notice back longer
 */
export const FIRST_TRIES_WAIT_MS = 2 * 60_000;
const NOTICE_TIMEOUT_MS = 30_000;
/** Leads announced per check, so a backlog cannot flood the owner's phone at once */
const NOTICES_PER_CHECK = 20;

const CHANNEL_VERBS: Record<ChannelName, string> = {
  email: 'e-mailed to you',
  webhook: 'sent to your webhook',
  ntfy: 'pushed to your phone',
  push: 'pushed to your devices',
};
const CHANNEL_LABELS: Record<ChannelName, string> = {
  email: 'E-mail',
  webhook: 'Webhook',
  ntfy: 'ntfy',
  push: 'Push',
};

type Log = (message: string, error?: unknown) => void;

/** One notice for a lead's undelivered channels (all of them from the same lead), linking to it on `siteUrl` */
export function ownerNotice(
  undelivered: readonly UndeliveredNotice[],
  siteUrl?: string,
): OwnerNotice {
  const { lead } = undelivered[0]!;
  const name = oneLine(lead.name, 80);
  const failures = undelivered.map(({ channel, lastError }) => ({
    channel,
    reason: oneLine(lastError ?? 'no answer yet', 300),
  }));
  const what = undelivered
    .map(({ channel, status }) =>
      status === 'failed'
        ? `could not be ${CHANNEL_VERBS[channel]}`
        : `has not been ${CHANNEL_VERBS[channel]} for over an hour`,
    )
    .join(' and ');
  const title = `Request ${lead.id} from ${name} ${what}`;
  const reach = lead.phone
    ? `Call ${oneLine(lead.phone, 40)} or e-mail ${oneLine(lead.email, 254)}`
    : `E-mail ${oneLine(lead.email, 254)}`;
  const text = [
    `${title}.`,
    ...failures.map(({ channel, reason }) => `${CHANNEL_LABELS[channel]}: ${reason}`),
    `${reach}.`,
    ...(lead.address ? [`Address: ${oneLine(lead.address, 200)}`] : []),
    ...(lead.service ? [`Service: ${oneLine(lead.service, 80)}`] : []),
    `Received ${lead.createdAt} (UTC). npm run leads shows the whole request.`,
  ].join('\n');
  return {
    lead,
    failures,
    title,
    text,
    ...(siteUrl ? { link: ownerLeadUrl(siteUrl, lead.id) } : {}),
  };
}

export interface UndeliveredAlerts {
  /** Looks for undelivered leads now (after a delivery failed for good) */
  check(): Promise<void>;
  close(): void;
}

export function startUndeliveredAlerts({
  store,
  channels,
  isWorking,
  siteUrl,
  log = console.error,
}: {
  store: AsyncLeadStore;
  channels: readonly Channel[];
  /** The site's origin, for each notice's link to the request */
  siteUrl?: string;
  /** Whether a channel's lane is taking deliveries now */
  isWorking: (channel: ChannelName) => boolean;
  log?: Log;
}): UndeliveredAlerts {
  /**
   * Tells the owner on the active channels this lead did not fail on; a lead that failed on
   * every one is announced on all that work (the notice does not carry the text a filter refused)
   */
  async function announce(undelivered: readonly UndeliveredNotice[]) {
    const failed = new Set(undelivered.map(({ channel }) => channel));
    const notifiers = channels.filter(
      (channel) => channel.sendNotice && (channel.isActive?.() ?? true),
    );
    const others = notifiers.filter((channel) => !failed.has(channel.name));
    const candidates = others.length > 0 ? others : notifiers;
    // With no channel that can carry a notice there is nobody to tell: health and npm run leads show it
    if (candidates.length > 0) {
      const working = candidates.filter((channel) => isWorking(channel.name));
      const notice = ownerNotice(undelivered, siteUrl);
      const results = await Promise.allSettled(
        working.map((channel) =>
          withDeadline((signal) => channel.sendNotice!(notice, signal), NOTICE_TIMEOUT_MS),
        ),
      );
      results.forEach((result, index) => {
        if (result.status === 'rejected')
          log(
            `A notice of an undelivered lead could not be sent by ${working[index]!.name}`,
            result.reason,
          );
      });
      if (!results.some((result) => result.status === 'fulfilled')) return;
    }
    for (const { lead, channel } of undelivered) await store.markAnnounced(lead.id, channel);
  }

  async function announceDue() {
    const due = await store.undeliveredToAnnounce({
      overdueBefore: new Date(Date.now() - OVERDUE_AFTER_MS),
      settledBefore: new Date(Date.now() - FIRST_TRIES_WAIT_MS),
      limit: NOTICES_PER_CHECK,
    });
    for (const undelivered of Map.groupBy(due, ({ lead }) => lead.id).values())
      await announce(undelivered);
  }

  /** One check at a time; a call during one runs another after it */
  let inFlight: Promise<void> | undefined;
  let again = false;
  function check(): Promise<void> {
    if (inFlight) {
      again = true;
      return inFlight;
    }
    inFlight = announceDue()
      .catch((error: unknown) => log('The check for undelivered leads failed', error))
      .finally(() => {
        inFlight = undefined;
        if (again) {
          again = false;
          void check();
        }
      });
    return inFlight;
  }

  void check();
  const timer = setInterval(() => void check(), CHECK_EVERY_MS);
  timer.unref();
  return { check, close: () => clearInterval(timer) };
}
