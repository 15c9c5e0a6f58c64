/**
 * Web Push to the owner's own devices (his installed owner page, subscribed from its
 * Notifications section), a channel of the outbox like e-mail, the webhook and ntfy. A delivery
 * goes to every stored device at once: it is sent when at least one push service took it, and
 * failed otherwise (retried by the outbox while any device failed for a reason other than having
 * unsubscribed). Each device keeps when a push last reached it and why the last one did not; one
 * whose push service answers 404 or 410 has ended its subscription and is removed.
 *
 * The channel is active only while a device is subscribed: a lead is queued for push only then,
 * as for a channel that is set up. A delivery queued before its last device went is refused.
 * A retry goes to every device again; the notification's tag replaces the copy shown before.
 */
import type { AsyncLeadStore } from '../../db/async-store.ts';
import type { StoredPushDevice } from '../../db/push-records.ts';
import type { Channel, OwnerAlert } from '../channel.ts';
import { DeliveryFailure } from '../delivery-failure.ts';
import type { VapidKeys } from '../push-keys.ts';
import { alertPush, leadPush, noticePush, testPush, type PushSend } from './push-message.ts';
import { sendPush, type PushResult, type VapidDetails } from './push-send.ts';

type Log = (message: string, error?: unknown) => void;

export const NO_DEVICE = 'No device has push notifications turned on';

export interface PushChannel extends Channel {
  readonly name: 'push';
  /** The VAPID public key browsers subscribe with */
  readonly publicKey: string;
  /** Counts the devices again (after one is added or removed), which decides whether the channel is active */
  refresh(): Promise<void>;
  /** A test push to one device; undefined when there is no such device */
  sendTest(id: number, signal: AbortSignal): Promise<PushResult | undefined>;
  /** An alert to every device but `exceptId` (a device just added is not told about itself) */
  alertOthers(alert: OwnerAlert, exceptId: number, signal: AbortSignal): Promise<void>;
}

export function pushChannel({
  store,
  keys,
  siteUrl,
  subject,
  log,
  timeoutMs,
}: {
  store: AsyncLeadStore;
  keys: VapidKeys;
  /** The site's origin, for the owner's page a tap opens */
  siteUrl: string;
  /** Read at each push: the business's e-mail may change with a publish */
  subject: () => string;
  log: Log;
  timeoutMs?: number;
}): PushChannel {
  let devices = 0;
  /** Until the store has answered once (it may not be usable at start), the count is read again when asked */
  let counted = false;
  let counting: Promise<void> | undefined;
  const vapid = (): VapidDetails => ({ subject: subject(), ...keys });

  async function refresh() {
    devices = (await store.listPushDevices()).length;
    counted = true;
  }

  /** Sends to one device and records how it went; a device that has unsubscribed is removed */
  async function sendTo(device: StoredPushDevice, push: PushSend, signal: AbortSignal) {
    const result = await sendPush(device, push, {
      vapid: vapid(),
      signal,
      ...(timeoutMs ? { timeoutMs } : {}),
    });
    try {
      if (!result.ok && result.gone) {
        await store.deletePushDevice(device.id);
        await refresh();
      } else {
        await store.markPushDevice(device.id, {
          now: new Date(),
          error: result.ok ? null : result.reason,
        });
      }
    } catch (error) {
      log('How a push went could not be recorded', error);
    }
    return result;
  }

  /** Sends to every device (but `exceptId`); throws unless at least one push service took it */
  async function sendToAll(push: PushSend, signal: AbortSignal, exceptId?: number) {
    const targets = (await store.listPushDevices()).filter((device) => device.id !== exceptId);
    if (targets.length === 0) throw new DeliveryFailure('refused', NO_DEVICE);
    const results = await Promise.all(targets.map((device) => sendTo(device, push, signal)));
    const failures = results.filter((result) => !result.ok);
    if (failures.length < results.length) return;
    const lasting = failures.filter((failure) => !failure.gone);
    if (lasting.length === 0)
      throw new DeliveryFailure('refused', 'Every device has turned push notifications off');
    const kind = lasting.some((failure) => failure.kind === 'unavailable')
      ? 'unavailable'
      : lasting.some((failure) => failure.kind === 'deferred')
        ? 'deferred'
        : 'refused';
    throw new DeliveryFailure(kind, lasting.map((failure) => failure.reason).join('; '));
  }

  /** The owner's unread requests for the badge; left out when the store cannot say */
  const unread = () =>
    store.leadTally().then(
      (tally) => tally.unread,
      () => undefined,
    );

  return {
    name: 'push',
    publicKey: keys.publicKey,
    isActive() {
      if (!counted)
        counting ??= refresh()
          .catch(() => undefined)
          .finally(() => (counting = undefined));
      return devices > 0;
    },
    refresh,
    async deliver(lead, signal) {
      await sendToAll(leadPush(lead, siteUrl, await unread()), signal);
    },
    sendNotice: (notice, signal) => sendToAll(noticePush(notice, siteUrl), signal),
    sendAlert: (alert, signal) => sendToAll(alertPush(alert, siteUrl), signal),
    async alertOthers(alert, exceptId, signal) {
      if ((await store.listPushDevices()).some((device) => device.id !== exceptId))
        await sendToAll(alertPush(alert, siteUrl), signal, exceptId);
    },
    async sendTest(id, signal) {
      const device = await store.getPushDevice(id);
      return device && sendTo(device, testPush(siteUrl), signal);
    },
  };
}
