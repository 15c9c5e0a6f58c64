/**
 * This browser's push subscription: the service worker registered, permission asked on a tap,
 * the subscription made with the server's key and handed to the server (a new device after a
 * step-up), and re-sent each time the app opens so the server keeps it fresh. Which of his devices
 * this one is comes from the server's answer to that (the list does not show endpoints), and is
 * kept in a small store the views read.
 */
import { useSyncExternalStore } from 'react';
import { ownerPaths, type PushDevice } from '../../lib/owner-api.ts';
import { ownerServiceWorkerPath } from '../../lib/owner-manifest.ts';
import { ApiError, ownerApi, type PushSubscriptionBody } from '../api.ts';
import { withStepUp } from '../passkey-ceremonies.ts';
import { browserFacts } from './device-support.ts';

let thisDeviceId: number | null = null;
const listeners = new Set<() => void>();

function setThisDevice(id: number | null) {
  thisDeviceId = id;
  for (const listener of listeners) listener();
}

/** The id of this browser's device in the server's list, once the server has said */
export function useThisDeviceId(): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => thisDeviceId,
  );
}

/** The registration of the owner's service worker, registering it first when needed */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register(ownerServiceWorkerPath, {
    scope: ownerPaths.page,
    updateViaCache: 'none',
  });
}

/** The subscription this browser has now, or null */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!browserFacts().hasPush) return null;
  const registration = await navigator.serviceWorker.getRegistration(ownerPaths.page);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function bodyOf(subscription: PushSubscription): PushSubscriptionBody {
  const { endpoint, keys } = subscription.toJSON();
  return {
    endpoint: endpoint ?? '',
    keys: { p256dh: keys?.['p256dh'] ?? '', auth: keys?.['auth'] ?? '' },
  };
}

/** A base64url key as the bytes PushManager.subscribe takes */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

export class PermissionRefused extends Error {
  constructor() {
    super(
      'Notifications are blocked for this site. Allow them in the settings of this browser (on an iPhone: Settings → Notifications → this app), then try again.',
    );
    this.name = 'PermissionRefused';
  }
}

/**
 * On his tap: asks for permission, subscribes with the server's key and hands the subscription to
 * the server; a device the server does not know yet needs his passkey first (a step-up)
 */
export async function turnOnPush(publicKey: string): Promise<PushDevice> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PermissionRefused();
  const registration = await registerServiceWorker();
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  const { device } = await withStepUp(() => ownerApi.addPushDevice(bodyOf(subscription)));
  setThisDevice(device.id);
  return device;
}

/**
 * As the app opens: the service worker registered, and a subscription this browser already has
 * handed to the server again, which refreshes it (no step-up for one the server has). A device the
 * server no longer has (removed from another) is left for him to turn on again. Whether it was sent.
 */
export async function refreshPush(): Promise<boolean> {
  if (!browserFacts().hasPush) return false;
  await registerServiceWorker();
  if (Notification.permission !== 'granted') return false;
  const subscription = await currentSubscription();
  if (!subscription) return false;
  try {
    const { device } = await ownerApi.addPushDevice(bodyOf(subscription));
    setThisDevice(device.id);
    return true;
  } catch (error) {
    if (!(error instanceof ApiError && error.stepUp)) throw error;
    setThisDevice(null);
    return false;
  }
}

/** After this device is removed from the list: the browser's subscription goes too */
export async function forgetThisDevice(): Promise<void> {
  setThisDevice(null);
  await (await currentSubscription())?.unsubscribe();
}
