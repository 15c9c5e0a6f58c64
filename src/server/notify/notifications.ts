/**
 * The owner's notifications put together: the channels the environment sets up (SMTP_URL,
 * LEADS_WEBHOOK_URL, LEADS_NTFY_URL) and Web Push to the devices he turns it on for, with its keys
 * beside the lead database; each customer's acknowledgement through SMTP_URL; the outbox that
 * delivers them; the notices of undelivered leads and the reminders (unopened emergencies
 * repeated, each morning's follow-ups).
 */
import type { AsyncLeadStore } from '../db/async-store.ts';
import { ACKNOWLEDGEMENT, type DeliveryKind } from '../db/records.ts';
import type { Channel, Sender } from './channel.ts';
import type { PushChannel } from './channels/push.ts';
import { acknowledgementFromEnv, channelsFromEnv, pushChannelBeside } from './channels-from-env.ts';
import { createOutbox, type Outbox } from './outbox.ts';
import { startReminders, type Reminders } from './reminders.ts';
import type { RetryPolicy } from './retry-policy.ts';
import { startUndeliveredAlerts, type UndeliveredAlerts } from './undelivered-alerts.ts';

type Env = Record<string, string | undefined>;
type Log = (message: string, error?: unknown) => void;

export interface NotificationsOptions {
  store: AsyncLeadStore;
  siteUrl: string;
  /** The lead database's path: push's keys are kept beside it */
  leadsDb: string;
  /** In place of the environment's channels: then no push, and no acknowledgement but `acknowledgement` */
  channels?: readonly Channel[] | undefined;
  acknowledgement?: Sender | undefined;
  retry?: RetryPolicy | undefined;
  log: Log;
}

export interface Notifications {
  /** Web Push to the owner's devices; none when the caller brings its own channels */
  readonly push: PushChannel | undefined;
  readonly channels: readonly Channel[];
  readonly outbox: Outbox;
  /** The outbox as the lead endpoint wakes it: an emergency is taken up for escalation too */
  readonly leadOutbox: Outbox;
  /** What a lead arriving now is delivered as: its active channels, and the acknowledgement when sent */
  deliveryKinds(): DeliveryKind[];
  /** Says in the log which channels carry the quote requests, or that none does */
  announce(): void;
  /** Starts delivering (what is due from before a restart goes out now), the notices and the reminders */
  start(): void;
  close(): Promise<void>;
}

export function createNotifications(env: Env, options: NotificationsOptions): Notifications {
  const { store, siteUrl, leadsDb, log } = options;
  // Its keys live with the server's data: a caller that brings its own channels brings no push
  const push = options.channels ? undefined : pushChannelBeside(leadsDb, { store, siteUrl, log });
  const channels = options.channels ?? [...channelsFromEnv(env, log), ...(push ? [push] : [])];
  const acknowledgement =
    options.acknowledgement ?? (options.channels ? undefined : acknowledgementFromEnv(env, log));
  let alerts: UndeliveredAlerts | undefined;
  let reminders: Reminders | undefined;
  const outbox = createOutbox({
    store,
    channels,
    acknowledgement,
    log,
    onGivenUp: () => void alerts?.check(),
    ...(options.retry ? { retry: options.retry } : {}),
  });
  const leadOutbox: Outbox = {
    ...outbox,
    // Read at each request, not copied once: push joins when his first device is added
    get channelNames() {
      return outbox.channelNames;
    },
    wake() {
      outbox.wake();
      reminders?.leadStored();
    },
  };

  return {
    push,
    channels,
    outbox,
    leadOutbox,
    deliveryKinds: () => [...outbox.channelNames, ...(acknowledgement ? [ACKNOWLEDGEMENT] : [])],
    announce() {
      const active = channels.filter((channel) => channel.isActive?.() ?? true);
      if (active.length === 0)
        log(
          'No notification channel is set up: quote requests are stored, but nobody is told until notifications are turned on in the owner page (see docs/operations.md, "How the owner hears of them")',
        );
      else if (!options.channels)
        console.log(`Quote requests are sent by: ${active.map(({ name }) => name).join(', ')}`);
    },
    start() {
      outbox.start();
      const notifying = { store, channels, siteUrl, log };
      alerts = startUndeliveredAlerts({ ...notifying, isWorking: outbox.isWorking });
      reminders = startReminders(notifying);
    },
    async close() {
      alerts?.close();
      reminders?.close();
      await outbox.close();
    },
  };
}
