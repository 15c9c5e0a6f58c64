/**
 * The push channel over several devices: a delivery is sent when one push service took it; a
 * device whose service answers 410 is dropped; one that fails is recorded on the device and the
 * delivery fails as the outbox retries it (5xx) or gives it up (every device gone, none left).
 */
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { inProcessStore } from '../../src/server/db/async-store.ts';
import type { LeadStore } from '../../src/server/db/records.ts';
import { NO_DEVICE, pushChannel } from '../../src/server/notify/channels/push.ts';
import { DeliveryFailure } from '../../src/server/notify/delivery-failure.ts';
import { leadStorePerTest, sampleLead } from '../support/leads.ts';
import { startPushService, type TestSubscription } from '../support/script-helpers.ts';

let store: LeadStore;
const cleanups = leadStorePerTest('push-channel-', (opened) => ({ store } = opened));

async function setUp(count: number) {
  const service = await startPushService();
  cleanups.push(() => service.close());
  const subscriptions: TestSubscription[] = [];
  for (let index = 0; index < count; index++) {
    const subscription = service.subscribe(`device-${index}`);
    subscriptions.push(subscription);
    store.savePushDevice(
      {
        endpoint: subscription.json.endpoint,
        ...subscription.json.keys,
        device: `Device ${index}`,
      },
      { mayAdd: true, max: 20, now: new Date() },
    );
  }
  const channel = pushChannel({
    store: inProcessStore(store),
    keys: webpush.generateVAPIDKeys(),
    siteUrl: 'https://www.example.co.nz',
    subject: () => 'mailto:owner@example.co.nz',
    log: () => {},
  });
  await channel.refresh();
  const id = store.insertLead(sampleLead(), { channels: ['push'] });
  const lead = store.getLead(id)!;
  const deliver = () => channel.deliver(lead, new AbortController().signal);
  const failure = () =>
    deliver().then(
      () => undefined,
      (error: unknown) => error as DeliveryFailure,
    );
  return { service, subscriptions, channel, deliver, failure };
}

const devices = () => store.listPushDevices().sort((a, b) => a.id - b.id);

describe('the push channel', () => {
  it('is sent when one device took it; a dropped subscription goes, a failing one keeps its reason', async () => {
    const { service, subscriptions, channel, deliver } = await setUp(3);
    const [, gone, failing] = subscriptions;
    service.answer(gone!, 410);
    service.answer(failing!, 503);
    await deliver();
    expect(service.hits).toHaveLength(3);
    const [first, second] = devices();
    expect(devices()).toHaveLength(2);
    expect(first).toMatchObject({
      device: 'Device 0',
      lastError: null,
      lastDeliveredAt: expect.any(String),
    });
    expect(second).toMatchObject({
      device: 'Device 2',
      lastDeliveredAt: null,
      lastError: expect.stringContaining('HTTP 503'),
    });
    expect(channel.isActive!()).toBe(true);
  });

  it('fails as the channel’s failure when no device took it and one service is down, so the outbox retries', async () => {
    const { service, subscriptions, failure } = await setUp(2);
    service.answer(subscriptions[0]!, 410);
    service.answer(subscriptions[1]!, 500);
    const error = await failure();
    expect(error).toBeInstanceOf(DeliveryFailure);
    expect([error!.kind, error!.message]).toEqual([
      'unavailable',
      expect.stringContaining('HTTP 500'),
    ]);
    expect(devices()).toHaveLength(1);
  });

  it('is refused for good when every device has gone, and is inactive then', async () => {
    const { service, subscriptions, channel, failure } = await setUp(1);
    service.answer(subscriptions[0]!, 404);
    expect((await failure())?.kind).toBe('refused');
    expect(channel.isActive!()).toBe(false);
    const again = await failure();
    expect([again?.kind, again?.message]).toEqual(['refused', NO_DEVICE]);
  });
});

describe('the push devices in the store', () => {
  const subscription = (name: string) => ({
    endpoint: `https://push.example.com/${name}`,
    p256dh: `B${'A'.repeat(86)}`,
    auth: 'A'.repeat(22),
    device: 'Safari on iPhone',
  });
  const now = new Date();

  it('refresh a known endpoint, let a rotated one take over, and add a new one only when allowed and room is left', () => {
    expect(store.savePushDevice(subscription('a'), { mayAdd: false, max: 2, now })).toBeUndefined();
    const added = store.savePushDevice(subscription('a'), { mayAdd: true, max: 2, now });
    expect(added).toMatchObject({ outcome: 'added' });
    const id = added?.outcome === 'added' ? added.device.id : 0;
    expect(
      store.savePushDevice(
        { ...subscription('a'), device: 'Chrome on Mac' },
        { mayAdd: false, max: 2, now },
      ),
    ).toMatchObject({ outcome: 'refreshed', device: { id, device: 'Chrome on Mac' } });
    expect(
      store.savePushDevice(subscription('b'), {
        replaces: subscription('a').endpoint,
        mayAdd: false,
        max: 2,
        now,
      }),
    ).toMatchObject({ outcome: 'replaced', device: { id, endpoint: subscription('b').endpoint } });
    expect(store.savePushDevice(subscription('c'), { mayAdd: true, max: 2, now })).toMatchObject({
      outcome: 'added',
    });
    expect(store.savePushDevice(subscription('d'), { mayAdd: true, max: 2, now })).toEqual({
      outcome: 'full',
    });
    expect(store.listPushDevices().map((device) => device.endpoint)).toEqual([
      subscription('c').endpoint,
      subscription('b').endpoint,
    ]);
    // Deleting a lead leaves the devices be
    store.deleteLead(store.insertLead(sampleLead()));
    expect(store.listPushDevices()).toHaveLength(2);
  });
});
