/**
 * Web Push in the test browser (Chromium): PushManager answering with a subscription of the
 * test's choosing, since headless Chromium has no push service; the notifications the owner's
 * service worker shows; a push delivered to that worker as a push service would (CDP); and a tap
 * on a notification, handed to the worker as the browser hands it.
 */
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { ownerPaths } from '../../src/lib/owner-api.ts';

/** PushManager as a push service would answer: `subscription`, kept for the origin once made */
export async function stubPushService(
  context: BrowserContext,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
) {
  await context.addInitScript(({ endpoint, keys }) => {
    const kept = 'test-push-subscription';
    const made = () => ({
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: () => null,
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe: () => {
        localStorage.removeItem(kept);
        return Promise.resolve(true);
      },
    });
    PushManager.prototype.subscribe = function () {
      localStorage.setItem(kept, '1');
      return Promise.resolve(made() as unknown as PushSubscription);
    };
    PushManager.prototype.getSubscription = function () {
      return Promise.resolve(
        localStorage.getItem(kept) ? (made() as unknown as PushSubscription) : null,
      );
    };
  }, subscription);
}

/** The titles of the notifications the owner's service worker shows now */
export const shownTitles = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/owner');
    return (await registration?.getNotifications())?.map((shown) => shown.title) ?? [];
  });

/** Delivers `data` to the owner's service worker as a push service would (CDP) */
export async function deliverPush(page: Page, origin: string, data: string) {
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const owner = registrations.find(
        (registration) =>
          registration.scopeURL === `${origin}${ownerPaths.page}` && !registration.isDeleted,
      );
      if (owner) resolve(owner.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registrationId,
    data,
  });
  await cdp.detach();
}

/** Taps the notification tagged `tag`, as the browser hands the tap to the service worker */
export async function tapNotification(worker: Worker, tag: string) {
  await worker.evaluate(async (tag) => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      NotificationEvent: new (
        type: string,
        init: { notification: Notification; action: string },
      ) => Event;
    };
    const [notification] = await scope.registration.getNotifications({ tag });
    if (!notification) throw new Error(`No notification tagged ${tag}`);
    self.dispatchEvent(
      new scope.NotificationEvent('notificationclick', { notification, action: '' }),
    );
  }, tag);
}
