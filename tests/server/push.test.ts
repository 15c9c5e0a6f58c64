/**
 * Push notifications to the owner's devices, tried against the real server and a local stand-in
 * for the push service: a device subscribes from his signed-in page (a new one only after a
 * step-up, and announced on his other channels); each new request reaches it within 2 s,
 * encrypted to its keys, signed with the server's VAPID key, and saying who, where and what, and
 * which page a tap opens; a device whose push service answers 410 is removed; a push service that
 * fails is retried, then given up, announced on the other channels and counted in /api/health.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ownerLeadUrl,
  ownerPaths,
  withId,
  type PushBody,
  type PushDevice,
} from '../../src/lib/owner-api.ts';
import { dialable } from '../../src/lib/dialable.ts';
import { openLeadStore } from '../../src/server/db/store.ts';
import { sampleLead } from '../support/leads.ts';
import { makeInvite } from '../support/owner-invite.ts';
import { ownerClient } from '../support/owner.ts';
import {
  readPush,
  startPushService,
  startReceiver,
  type TestSubscription,
} from '../support/script-helpers.ts';
import {
  makeTempDir,
  requireBuild,
  send,
  startServer,
  type RunningServer,
} from '../support/server.ts';

requireBuild();

/** Served over http on loopback, the one case where a push service on loopback over http is allowed */
const SITE_URL = 'http://localhost:4321';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.4 Mobile/15E148 Safari/604.1';
const VISITOR = {
  form_source: 'Quote Form',
  name: 'Aroha Ngata',
  email: 'aroha@example.co.nz',
  phone: '021 555 0199',
  address: '12 Picton Street, Howick',
  service: 'Electrical Repairs',
  message: 'The kitchen power points trip the RCD.\nIt started after the storm.',
};

let server: RunningServer;
let service: Awaited<ReturnType<typeof startPushService>>;
let webhook: Awaited<ReturnType<typeof startReceiver>>;
let owner: ReturnType<typeof ownerClient>;

async function postLead(fields: Partial<typeof VISITOR> = {}): Promise<{ id: number; at: number }> {
  const answer = await send(server, {
    method: 'POST',
    path: '/api/leads',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({ ...VISITOR, ...fields }).toString(),
  });
  expect(answer.status).toBe(200);
  return { id: (JSON.parse(answer.text()) as { id: number }).id, at: performance.now() };
}

const pushState = async () => {
  const answer = await owner.call('GET', ownerPaths.push);
  expect(answer.status).toBe(200);
  return JSON.parse(answer.text()) as PushBody;
};

const subscribe = (subscription: TestSubscription, session?: string) =>
  owner.call('POST', ownerPaths.pushDevices, {
    body: { subscription: subscription.json },
    headers: { 'User-Agent': IPHONE },
    ...(session ? { session } : {}),
  });

/** Subscribes with a step-up first, as the page does for a new device */
async function addDevice(subscription: TestSubscription): Promise<PushDevice> {
  expect((await owner.stepUp()).status).toBe(204);
  const answer = await subscribe(subscription);
  expect(answer.status).toBe(201);
  return (JSON.parse(answer.text()) as { device: PushDevice }).device;
}

beforeAll(async () => {
  service = await startPushService();
  webhook = await startReceiver();
  const leadsDb = join(makeTempDir('push'), 'leads.sqlite');
  server = await startServer({
    leadsDb,
    env: { SITE_URL, TRUST_PROXY: '1', LEADS_WEBHOOK_URL: `${webhook.origin}/hook` },
  });
  owner = ownerClient(server, SITE_URL);
  const { token } = await makeInvite(leadsDb, SITE_URL);
  expect((await owner.enrol(token)).status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
  await Promise.all([service?.close(), webhook?.close()]);
});

describe('a device', () => {
  it('needs a step-up to subscribe, is listed without its endpoint, and is announced on the other channels', async () => {
    const phone = service.subscribe('phone');
    const before = await pushState();
    expect(Buffer.from(before.publicKey, 'base64url')).toHaveLength(65);
    expect(before.devices).toEqual([]);
    expect(before.channels.map((channel) => channel.name)).toEqual(['webhook']);

    // A session cookie alone (stolen, or not yet confirmed) cannot add a device
    const refused = await subscribe(phone);
    expect(refused.status).toBe(403);
    expect(owner.json(refused)).toMatchObject({ stepUp: true });

    const device = await addDevice(phone);
    expect(device).toMatchObject({ device: 'Safari on iPhone', lastDeliveredAt: null });
    const after = await pushState();
    expect(after.devices).toEqual([device]);
    expect(JSON.stringify(after)).not.toContain(phone.json.endpoint);
    expect(after.channels).toEqual([
      { name: 'webhook', label: 'Webhook', working: true },
      { name: 'push', label: 'Push to your devices', working: true },
    ]);
    await vi.waitFor(() =>
      expect(
        webhook.hits.some((hit) =>
          hit.body.includes('Notifications were turned on for a new device: Safari on iPhone'),
        ),
      ).toBe(true),
    );

    // The page sends its subscription each time it opens: known, so no step-up is needed
    const otherSession = await owner.newSession();
    const again = await subscribe(phone, otherSession);
    expect(again.status).toBe(200);
    expect((owner.json(again) as { device: PushDevice }).device.id).toBe(device.id);
    // A rotated endpoint takes over from the old one
    const rotated = service.subscribe('phone-rotated');
    const replaced = await owner.call('POST', ownerPaths.pushDevices, {
      body: { subscription: rotated.json, replaces: phone.json.endpoint },
      session: otherSession,
    });
    expect(replaced.status).toBe(200);
    expect((await pushState()).devices.map(({ id }) => id)).toEqual([device.id]);
    expect((await owner.call('DELETE', withId(ownerPaths.pushDevice, device.id))).status).toBe(204);
    expect((await owner.call('DELETE', withId(ownerPaths.pushDevice, device.id))).status).toBe(404);
    expect((await pushState()).devices).toEqual([]);
  });

  it('is refused for an endpoint that is not a push service’s or keys of the wrong size', async () => {
    expect((await owner.stepUp()).status).toBe(204);
    const { json } = service.subscribe('bad');
    const bodies = [
      { ...json, endpoint: 'http://push.example.com/abc' },
      { ...json, endpoint: 'ftp://push.example.com/abc' },
      { ...json, endpoint: `https://push.example.com/${'a'.repeat(1100)}` },
      { ...json, keys: { ...json.keys, p256dh: json.keys.p256dh.slice(1) } },
      { ...json, keys: { ...json.keys, auth: `${json.keys.auth}AA` } },
      { ...json, keys: { p256dh: json.keys.p256dh } },
    ];
    for (const subscription of bodies) {
      const answer = await owner.call('POST', ownerPaths.pushDevices, { body: { subscription } });
      expect(answer.status).toBe(400);
    }
    expect((await pushState()).devices).toEqual([]);
  });
});

describe('a new request', () => {
  it('is pushed to every device within 2 s, encrypted to its keys and signed, opening the request', async () => {
    const phone = service.subscribe('lead-phone');
    const device = await addDevice(phone);
    const { id, at } = await postLead();
    await vi.waitFor(() => expect(service.hitsFor(phone)).toHaveLength(1), { timeout: 5000 });
    const [hit] = service.hitsFor(phone);
    expect(hit!.at - at).toBeLessThan(2000);
    expect(hit!.headers['authorization']).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(hit!.headers['content-encoding']).toBe('aes128gcm');
    expect(hit!.headers).toMatchObject({ ttl: '86400', urgency: 'normal', topic: `lead-${id}` });
    expect(readPush(hit!, phone)).toEqual({
      web_push: 8030,
      notification: {
        title: `New request: ${VISITOR.name}`,
        body: `${VISITOR.address} · ${VISITOR.service}\nThe kitchen power points trip the RCD.`,
        navigate: ownerLeadUrl(SITE_URL, id),
        lang: 'en-NZ',
        dir: 'ltr',
        tag: `lead-${id}`,
        actions: [{ action: 'call', title: 'Call', navigate: `tel:${dialable(VISITOR.phone)}` }],
      },
      app_badge: expect.any(Number),
    });
    await vi.waitFor(async () =>
      expect((await pushState()).devices.find((shown) => shown.id === device.id)).toMatchObject({
        lastDeliveredAt: expect.any(String),
        lastError: null,
      }),
    );
    expect(owner.json(await owner.call('GET', withId(ownerPaths.lead, id)))).toMatchObject({
      lead: {
        deliveries: expect.arrayContaining([
          expect.objectContaining({ channel: 'push', state: 'sent' }),
        ]),
      },
    });
  });

  it('drops a device whose push service answers 410, and still counts as sent on the others', async () => {
    const [kept, gone] = [service.subscribe('kept'), service.subscribe('gone')];
    const [keptDevice, goneDevice] = [await addDevice(kept), await addDevice(gone)];
    service.answer(gone, 410);
    const { id } = await postLead({ name: 'Hemi Walker' });
    await vi.waitFor(async () =>
      expect((await pushState()).devices.map((device) => device.id)).not.toContain(goneDevice.id),
    );
    expect(service.hitsFor(gone)).toHaveLength(1);
    expect((await pushState()).devices.map((device) => device.id)).toContain(keptDevice.id);
    await vi.waitFor(async () =>
      expect(owner.json(await owner.call('GET', withId(ownerPaths.lead, id)))).toMatchObject({
        lead: {
          deliveries: expect.arrayContaining([
            expect.objectContaining({ channel: 'push', state: 'sent' }),
          ]),
        },
      }),
    );
  });
});

describe('the test push', () => {
  it('reaches the device, and a device its push service has dropped is refused with the reason and removed', async () => {
    const tablet = service.subscribe('tablet');
    const device = await addDevice(tablet);
    const answer = await owner.call('POST', ownerPaths.pushTest, { body: { id: device.id } });
    expect([answer.status, owner.json(answer)]).toEqual([200, { delivered: true }]);
    const [hit] = service.hitsFor(tablet);
    expect(readPush(hit!, tablet)).toMatchObject({
      notification: {
        title: 'Test from your website',
        navigate: `${SITE_URL}${ownerPaths.page}#notifications`,
        tag: 'test',
      },
    });

    service.answer(tablet, 410);
    const dropped = await owner.call('POST', ownerPaths.pushTest, { body: { id: device.id } });
    expect(dropped.status).toBe(502);
    expect(dropped.text()).toContain('HTTP 410');
    expect((await pushState()).devices.map(({ id }) => id)).not.toContain(device.id);
    const missing = await owner.call('POST', ownerPaths.pushTest, { body: { id: device.id } });
    expect(missing.status).toBe(404);
  });
});

describe('a push service that fails', () => {
  it('is retried, then given up, announced on the other channels and counted in /api/health', async () => {
    const down = await startPushService();
    const hook = await startReceiver();
    const leadsDb = join(makeTempDir('push-down'), 'leads.sqlite');
    const subscription = down.subscribe('phone');
    down.answer(subscription, 500);
    // A device subscribed before, and a request still waiting from the day before yesterday, past
    // the 72 hours deliveries are retried for
    const store = openLeadStore(leadsDb);
    store.savePushDevice(
      {
        endpoint: subscription.json.endpoint,
        ...subscription.json.keys,
        device: 'Chrome on Android',
      },
      { mayAdd: true, max: 20, now: new Date() },
    );
    store.insertLead(sampleLead({ name: 'Old Request' }), {
      channels: ['push'],
      now: new Date(Date.now() - 73 * 3_600_000),
    });
    store.close();
    const failing = await startServer({
      leadsDb,
      env: { SITE_URL, LEADS_WEBHOOK_URL: `${hook.origin}/hook` },
    });
    try {
      const answer = await send(failing, {
        method: 'POST',
        path: '/api/leads',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: new URLSearchParams({ ...VISITOR, name: 'Fresh Request' }).toString(),
      });
      expect(answer.status).toBe(200);
      // The fresh request: tried at once, and again after the first retry delay
      await vi.waitFor(() => expect(down.hitsFor(subscription).length).toBeGreaterThanOrEqual(3), {
        timeout: 10_000,
      });
      await vi.waitFor(
        () =>
          expect(
            // Overdue at the server's first check, or failed at its attempt: announced once
            hook.hits.some((hit) =>
              /"title":"Request 1 from Old Request (?:could not be|has not been) pushed to your devices/.test(
                hit.body,
              ),
            ),
          ).toBe(true),
        { timeout: 10_000 },
      );
      const health = await send(failing, { path: '/api/health' });
      expect(JSON.parse(health.text())).toMatchObject({
        deliveries: { push: { failed: 1, waiting: 1 } },
      });
      const reader = openLeadStore(leadsDb);
      try {
        const fresh = reader.listLeads().find((lead) => lead.name === 'Fresh Request')!;
        const delivery = fresh.deliveries.find((queued) => queued.channel === 'push')!;
        expect(delivery.status).not.toBe('sent');
        expect(delivery.attempts).toBeGreaterThanOrEqual(2);
        expect(reader.listPushDevices()[0]!.lastError).toContain('HTTP 500');
      } finally {
        reader.close();
      }
    } finally {
      await failing.stop();
      await Promise.all([down.close(), hook.close()]);
    }
  });
});
