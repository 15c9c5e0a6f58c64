/**
 * The owner's page's service worker (/owner-sw.js, scope /owner; bundled by
 * src/pages/owner-sw.js.ts). It shows each push as a notification, opens the request a tap names
 * (or dials, for Call), and hands the server a new subscription when the browser replaces his.
 * It keeps nothing: no cache, no offline copy of any customer's details, no fetch handler.
 */
import { ownerPaths } from '../../lib/owner-api/constants.ts';
import { readPushMessage, tapTarget, type ShownOptions } from './push-message.ts';

// The parts of the service worker's scope it uses (the project's types are the window's)
interface WorkerEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends WorkerEvent {
  readonly data: { text(): string } | null;
}
interface ShownNotificationHandle {
  readonly data: unknown;
  close(): void;
}
interface NotificationEvent extends WorkerEvent {
  readonly action: string;
  readonly notification: ShownNotificationHandle;
}
interface SubscriptionChangeEvent extends WorkerEvent {
  readonly oldSubscription: PushSubscription | null;
  readonly newSubscription: PushSubscription | null;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface ServiceWorkerScope {
  readonly location: Location;
  readonly navigator: Navigator & { setAppBadge?: (count: number) => Promise<void> };
  readonly registration: Omit<ServiceWorkerRegistration, 'showNotification'> & {
    showNotification(title: string, options: ShownOptions): Promise<void>;
  };
  readonly clients: {
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: WorkerEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
  addEventListener(
    type: 'pushsubscriptionchange',
    listener: (event: SubscriptionChangeEvent) => void,
  ): void;
}

const worker = self as unknown as ServiceWorkerScope;
const origin = worker.location.origin;

/** A push's data as text; null when it has none or it cannot be read as text */
function pushText(event: PushEvent): string | null {
  try {
    return event.data?.text() ?? null;
  } catch {
    return null;
  }
}

async function showPush(message: string | null): Promise<void> {
  const { title, options, appBadge } = readPushMessage(message, origin);
  await worker.registration.showNotification(title, options);
  if (appBadge !== null) await worker.navigator.setAppBadge?.(appBadge).catch(() => undefined);
}

/** An owner's page already open (installed app or tab), else none */
async function openOwnerWindow(): Promise<WindowClient | undefined> {
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return windows.find((client) => new URL(client.url).pathname === ownerPaths.page);
}

/**
 * Opens `target`: a tel: link in a window of its own (the phone dials); a page of the owner's app
 * in his open app, brought forward and moved there, or in a new window when none is open
 */
async function openTarget(target: string): Promise<void> {
  if (target.startsWith('tel:')) {
    await worker.clients.openWindow(target);
    return;
  }
  const open = await openOwnerWindow();
  if (!open) {
    await worker.clients.openWindow(target);
    return;
  }
  // Bringing a window forward needs the tap's permission; moving it does not
  await open.focus().catch(() => undefined);
  const moved = await open.navigate(target).catch(() => null);
  if (!moved) await worker.clients.openWindow(target);
}

/** Hands the server the subscription that takes over from `old` (the browser rotated it) */
async function resubscribe(event: SubscriptionChangeEvent): Promise<void> {
  const old = event.oldSubscription;
  const next =
    event.newSubscription ??
    (await worker.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: old?.options.applicationServerKey ?? (await serverPublicKey()),
    }));
  await fetch(ownerPaths.pushDevices, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      subscription: next.toJSON(),
      ...(old ? { replaces: old.endpoint } : {}),
    }),
  });
}

async function serverPublicKey(): Promise<string> {
  const response = await fetch(ownerPaths.push, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  const body = (await response.json()) as { publicKey: string };
  return body.publicKey;
}

worker.addEventListener('install', (event) => event.waitUntil(worker.skipWaiting()));
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));
worker.addEventListener('push', (event) => event.waitUntil(showPush(pushText(event))));
worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openTarget(tapTarget(event.action, event.notification.data, origin)));
});
worker.addEventListener('pushsubscriptionchange', (event) => event.waitUntil(resubscribe(event)));
