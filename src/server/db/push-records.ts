/**
 * What the store keeps of the owner's devices that take push notifications: a browser's push
 * subscription each (the push service's endpoint and the keys a message is encrypted to), with
 * when the last push reached it and why the last one did not.
 */

export interface StoredPushDevice {
  id: number;
  endpoint: string;
  /** The browser's P-256 public key, base64url */
  p256dh: string;
  /** The browser's authentication secret, base64url */
  auth: string;
  /** The browser and system the subscription came from, as its User-Agent claims */
  device: string;
  createdAt: string;
  lastDeliveredAt: string | null;
  /** Why the last push did not reach it; null once one has */
  lastError: string | null;
}

export type NewPushDevice = Pick<StoredPushDevice, 'endpoint' | 'p256dh' | 'auth' | 'device'>;

/** How saving a subscription ended: the device it is, or refused because the limit is reached */
export type SavedPushDevice =
  { outcome: 'refreshed' | 'replaced' | 'added'; device: StoredPushDevice } | { outcome: 'full' };

export interface PushDeviceRecords {
  /** Newest first */
  listPushDevices(): StoredPushDevice[];
  getPushDevice(id: number): StoredPushDevice | undefined;
  /**
   * The subscription stored: its endpoint's device refreshed when known; else the device whose
   * endpoint is `replaces` takes it over; else, only when `mayAdd` and fewer than `max` devices
   * are stored, a new device. Undefined when it would be new but `mayAdd` is false.
   */
  savePushDevice(
    subscription: NewPushDevice,
    options: { replaces?: string | undefined; mayAdd: boolean; max: number; now: Date },
  ): SavedPushDevice | undefined;
  /** False when there is no such device */
  deletePushDevice(id: number): boolean;
  /** Records how a push to the device went: delivered (at `now`), or `error` */
  markPushDevice(id: number, outcome: { now: Date; error: string | null }): void;
}
