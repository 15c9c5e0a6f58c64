/**
 * Push notifications to the owner's devices: the key a browser subscribes with, his devices and
 * every channel's state; a subscription stored (the app sends its own each time it opens, and
 * the one a rotated endpoint takes over from); a device removed; a test push. A new device needs
 * a step-up like a new passkey, since it would read every request from then on, and is
 * announced on his other channels. A server without push answers these with 503.
 */
import {
  describeDevice,
  ownerPaths,
  PUSH_DEVICES_MAX,
  type ChannelStatus,
  type PushBody,
  type PushDevice,
} from '../../../lib/owner-api.ts';
import { ownerRequests } from '../../../lib/owner-api/requests.ts';
import type { StoredPushDevice } from '../../db/push-records.ts';
import type { ChannelName } from '../../db/records.ts';
import type { ApiRoute } from '../../http/api.ts';
import { sendOwnerAlert } from '../../notify/owner-alerts.ts';
import { withDeadline } from '../../support/deadline.ts';
import { nzDateTime } from '../../support/days.ts';
import { isSteppedUp, stepUpNeeded } from '../guard.ts';
import { readJsonBody, refuse, reply } from '../requests.ts';
import type { OwnerPush, OwnerRouteDeps } from './deps.ts';

const TEST_TIMEOUT_MS = 20_000;
const ALERT_TIMEOUT_MS = 30_000;
const NO_SUCH_DEVICE = 'There is no such device.';
const DEVICE_ID = /^[1-9]\d{0,14}$/;

export const CHANNEL_LABELS: Readonly<Record<ChannelName, string>> = {
  email: 'E-mail',
  webhook: 'Webhook',
  ntfy: 'ntfy',
  push: 'Push to your devices',
};

const pushDevice = ({ id, device, createdAt, lastDeliveredAt, lastError }: StoredPushDevice) =>
  ({ id, device, createdAt, lastDeliveredAt, lastError }) satisfies PushDevice;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An https push service; plain http only to loopback, and only when the site itself is served so (tests) */
function isAllowedEndpoint(endpoint: string, siteUrl: string): boolean {
  const url = new URL(endpoint);
  if (url.protocol === 'https:') return true;
  const site = new URL(siteUrl);
  return site.protocol === 'http:' && LOOPBACK.has(site.hostname) && LOOPBACK.has(url.hostname);
}

function pushBody(
  { channel, outbox }: OwnerPush,
  devices: StoredPushDevice[],
  latest: Array<{ channel: ChannelName; failed: boolean }>,
): PushBody {
  const failedLast = new Set(
    latest.filter(({ failed }) => failed).map(({ channel: name }) => name),
  );
  const channels: ChannelStatus[] = outbox.channelNames.map((name) => ({
    name,
    label: CHANNEL_LABELS[name],
    working: outbox.isWorking(name) && !failedLast.has(name),
  }));
  return { publicKey: channel.publicKey, devices: devices.map(pushDevice), channels };
}

/** Tells the owner on his other channels, and his other devices, that a device was added */
function announceDevice(push: OwnerPush, device: StoredPushDevice) {
  const alert = {
    title: `Notifications were turned on for a new device: ${device.device}`,
    text:
      `Notifications of new requests were turned on for ${device.device} on ${nzDateTime(new Date(device.createdAt))}.\n\n` +
      'If you did not do this, remove it under Notifications on your owner page, and sign out everywhere else.',
    key: `push-device-${device.id}`,
  };
  const others = push.channels.filter((channel) => channel.name !== 'push');
  void Promise.all([
    sendOwnerAlert(others, alert, push.log),
    withDeadline((signal) => push.channel.alertOthers(alert, device.id, signal), ALERT_TIMEOUT_MS),
  ]).catch((error: unknown) => push.log('A new device alert could not be sent', error));
}

export function pushRoutes({ store, guard, push }: OwnerRouteDeps): ApiRoute[] {
  const noPush = () => refuse(503, 'This server does not send push notifications.');
  return [
    {
      method: 'GET',
      path: ownerPaths.push,
      handler: guard.signedIn(async () => {
        if (!push) return noPush();
        const [devices, latest] = await Promise.all([
          store.listPushDevices(),
          store.latestDeliveryFailed(),
        ]);
        return reply(200, pushBody(push, devices, latest));
      }),
    },
    {
      method: 'POST',
      path: ownerPaths.pushDevices,
      handler: guard.signedIn(async (request, { session }) => {
        if (!push) return noPush();
        const body = await readJsonBody(request, ownerRequests.pushSubscription);
        if (!body.ok) return body.refusal;
        const { subscription, replaces } = body.value;
        if (!isAllowedEndpoint(subscription.endpoint, push.siteUrl))
          return refuse(400, 'subscription.endpoint: not a push service’s https address');
        const saved = await store.savePushDevice(
          {
            endpoint: subscription.endpoint,
            ...subscription.keys,
            device: describeDevice(request.headers.get('user-agent') ?? ''),
          },
          { replaces, mayAdd: isSteppedUp(session), max: PUSH_DEVICES_MAX, now: new Date() },
        );
        if (!saved) return stepUpNeeded();
        if (saved.outcome === 'full')
          return refuse(
            409,
            `Notifications are on for ${PUSH_DEVICES_MAX} devices already. Remove one you no longer use first.`,
          );
        if (saved.outcome !== 'added') return reply(200, { device: pushDevice(saved.device) });
        await push.channel.refresh();
        announceDevice(push, saved.device);
        return reply(201, { device: pushDevice(saved.device) });
      }),
    },
    {
      method: 'DELETE',
      path: ownerPaths.pushDevice,
      handler: guard.signedIn(async (_request, { params }) => {
        if (!push) return noPush();
        const id = params['id'] ?? '';
        if (!DEVICE_ID.test(id) || !(await store.deletePushDevice(Number(id))))
          return refuse(404, NO_SUCH_DEVICE);
        await push.channel.refresh();
        return reply(204, null);
      }),
    },
    {
      method: 'POST',
      path: ownerPaths.pushTest,
      handler: guard.signedIn(async (request) => {
        if (!push) return noPush();
        const body = await readJsonBody(request, ownerRequests.pushTest);
        if (!body.ok) return body.refusal;
        const result = await withDeadline(
          (signal) => push.channel.sendTest(body.value.id, signal),
          TEST_TIMEOUT_MS,
        ).catch((error: unknown) => ({
          ok: false as const,
          reason: error instanceof Error ? error.message : String(error),
        }));
        if (!result) return refuse(404, NO_SUCH_DEVICE);
        if (result.ok) return reply(200, { delivered: true });
        return refuse(502, `The push service did not take it: ${result.reason}`);
      }),
    },
  ];
}
