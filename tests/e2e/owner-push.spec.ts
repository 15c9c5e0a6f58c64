/**
 * Push on the owner's page at 390 px, against the owner API's stand-in
 * (tests/support/owner-api-mock.ts): turning notifications on from a tap lists this device, a push
 * delivered to the service worker (CDP) shows its notification, and opening it lands on that
 * request; a push it cannot read still shows one. An iPhone's Safari is shown the Home Screen
 * steps first; with no channel at all the inbox says nobody is told; the offer is made once.
 * Headless Chromium has no push service, so PushManager answers with a fixed subscription.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ownerPaths } from '../../src/lib/owner-api.ts';
import { ownerServiceWorkerPath } from '../../src/lib/owner-manifest.ts';
import { FALLBACK_TITLE } from '../../src/owner/service-worker/push-message.ts';
import { IPHONE_SAFARI_USER_AGENT } from '../support/browser-suites.ts';
import { mockOwnerApi, samplePush, samplePushDevices } from '../support/owner-api-mock.ts';
import {
  deliverPush,
  shownTitles,
  stubPushService,
  tapNotification,
} from '../support/push-browser.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const endpoint = 'https://push.example.net/send/this-phone';

/** The one subscription the stand-in push service answers with */
const subscription = {
  endpoint,
  keys: { p256dh: 'BOr3h1kG0Ki8m4RIxJfPq3cg7sx', auth: 'dGVzdC1hdXRoLXNlY3JldA' },
};

test('/owner-sw.js is served as JavaScript, checked on every visit, allowed to call the site alone', async ({
  request,
}) => {
  const answer = await request.get(ownerServiceWorkerPath);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/^text\/javascript/);
  expect(answer.headers()['cache-control']).toBe('no-cache');
  expect(answer.headers()['content-security-policy']).toContain("connect-src 'self'");
  expect(await answer.text()).toContain('notificationclick');
});

test('turning notifications on lists this device, a push shows the request and opening it lands on it; a push it cannot read still shows one (screenshot)', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const origin = baseURL!;
  await context.grantPermissions(['notifications'], { origin });
  await stubPushService(context, subscription);
  const [iPad] = samplePushDevices();
  const mock = await mockOwnerApi(page, { push: samplePush([iPad!]) });
  await page.goto(`${ownerPaths.page}#notifications`);
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();

  await page.getByRole('button', { name: 'Turn on notifications' }).click();
  const devices = page.getByRole('region', { name: 'Devices that get notifications' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices.getByRole('listitem').first()).toContainText('This device');
  await expect(devices.getByRole('listitem').nth(1)).toContainText('Safari on iPad');
  expect(mock.callsTo('POST', ownerPaths.pushDevices).map((call) => call.body)).toContainEqual({
    subscription: expect.objectContaining({ endpoint }),
  });
  await expect(page.getByText('Notifications are on for this device')).toBeVisible();

  await page.getByRole('button', { name: 'Send me a test' }).click();
  await expect(page.getByText('Did it arrive?')).toBeVisible();
  expect(mock.callsTo('POST', ownerPaths.pushTest).map((call) => call.body)).toEqual([
    { id: mock.push.devices[0]!.id },
  ]);
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Done: a tap on each notification opens the request.')).toBeVisible();
  expect(await new AxeBuilder({ page }).analyze().then((result) => result.violations)).toEqual([]);
  await page.getByRole('button', { name: 'Dismiss message' }).click();
  await page.screenshot({
    path: testInfo.outputPath('notifications-two-devices.png'),
    fullPage: true,
  });

  // A new request, as the server pushes it, while he is in his inbox
  await page.goto(`${ownerPaths.page}#inbox`);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await deliverPush(
    page,
    origin,
    JSON.stringify({
      web_push: 8030,
      notification: {
        title: 'New request: Ben Carter',
        body: 'Botany Downs · LED downlights\nOur old fuse board keeps tripping.',
        navigate: `${origin}${ownerPaths.page}#lead/40`,
        lang: 'en-NZ',
        dir: 'ltr',
        tag: 'lead-40',
      },
      app_badge: 2,
    }),
  );
  await expect.poll(() => shownTitles(page)).toContain('New request: Ben Carter');

  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await tapNotification(worker, 'lead-40');
  await expect(page).toHaveURL(`${origin}${ownerPaths.page}#lead/40`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ben Carter' })).toBeVisible();
  expect(await shownTitles(page)).not.toContain('New request: Ben Carter');

  await deliverPush(page, origin, 'not the JSON the server sends');
  await expect.poll(() => shownTitles(page)).toContain(FALLBACK_TITLE);

  // Each time the app opens, the subscription goes to the server again
  const sent = mock.callsTo('POST', ownerPaths.pushDevices).length;
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Ben Carter' })).toBeVisible();
  await expect
    .poll(() => mock.callsTo('POST', ownerPaths.pushDevices).length)
    .toBeGreaterThan(sent);
  expect(mock.unknown).toEqual([]);
});

test('a new device asks for his passkey first, and is not added when it cannot be used', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL! });
  await stubPushService(context, subscription);
  const mock = await mockOwnerApi(page, { steppedUp: false });
  await page.goto(`${ownerPaths.page}#notifications`);
  await page.getByRole('button', { name: 'Turn on notifications' }).click();
  // No passkey can be used here (no authenticator, an IP address): the problem is said in words
  await expect(page.getByRole('alert')).toContainText(
    'Passkeys only work on the site’s own secure address',
  );
  expect(mock.callsTo('POST', ownerPaths.stepUpOptions)).toHaveLength(1);
  expect(mock.callsTo('POST', ownerPaths.pushDevices)).toHaveLength(1);
  await expect(page.getByRole('region', { name: 'Devices that get notifications' })).toContainText(
    'None yet',
  );
  expect(mock.unknown).toEqual([]);
});

test('removing a device takes a second tap, and it leaves the list', async ({ page }) => {
  const mock = await mockOwnerApi(page, { push: samplePush(samplePushDevices()) });
  await page.goto(`${ownerPaths.page}#notifications`);
  const devices = page.getByRole('region', { name: 'Devices that get notifications' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices).toContainText('Last push failed: The push service refused it (410 Gone)');
  await page.getByRole('button', { name: 'Remove Chrome on Windows' }).click();
  expect(mock.callsTo('DELETE', `${ownerPaths.pushDevices}/6`)).toHaveLength(0);
  await page.getByRole('button', { name: 'Remove device' }).click();
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices).not.toContainText('Chrome on Windows');
  expect(mock.callsTo('DELETE', `${ownerPaths.pushDevices}/6`)).toHaveLength(1);
  const others = page.getByRole('region', { name: 'Other ways you are told' });
  await expect(others.getByRole('listitem')).toHaveText([/E-mail\s*Working/, /ntfy\s*Not working/]);
});

test('with no channel at all, the inbox says nobody is told of new requests and leads to notifications (screenshot)', async ({
  page,
}, testInfo) => {
  await mockOwnerApi(page, { push: { ...samplePush(), channels: [] } });
  await page.goto(ownerPaths.page);
  const panel = page.getByRole('region', { name: 'Nobody is told of new requests' });
  await expect(panel).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Hear of each request on this phone' }),
  ).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('inbox-no-channel.png') });
  await panel.getByRole('link', { name: 'Turn on notifications' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Other ways you are told' })).toContainText('None');
});

test('the offer to set up notifications is made once on a device', async ({ page }) => {
  await mockOwnerApi(page);
  await page.goto(ownerPaths.page);
  const offer = page.getByRole('region', { name: 'Hear of each request on this phone' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^All requests/ })).toBeVisible();
  await expect(offer).toHaveCount(0);
});

test.describe('on an iPhone in Safari', () => {
  test.use({ userAgent: IPHONE_SAFARI_USER_AGENT });

  test('the setup shows Add to Home Screen with its steps first, before notifications can be allowed (screenshot)', async ({
    page,
  }, testInfo) => {
    await mockOwnerApi(page);
    await page.goto(`${ownerPaths.page}#notifications`);
    const setup = page.getByRole('region', { name: 'Set up this device' });
    await expect(setup.getByRole('heading', { level: 3 })).toHaveText([
      'Add to Home Screen',
      'Allow notifications',
      'Send me a test',
    ]);
    await expect(setup).toContainText('Tap the Share button');
    await expect(setup).toContainText('Add to Home Screen, then Add');
    await expect(setup).toContainText('Open the app from its icon on your Home Screen');
    await expect(setup.getByRole('button', { name: 'Turn on notifications' })).toBeDisabled();
    await page.screenshot({ path: testInfo.outputPath('setup-iphone.png'), fullPage: true });
  });
});
