/**
 * GET /api/health for uptime monitors: 200 while the lead store takes writes and no delivery to
 * the owner is more than an hour overdue, 503 otherwise, with the same small JSON body either
 * way. It holds counts and ages only, nothing about any visitor.
 */
import type { AsyncLeadStore } from './async-store.ts';
import type { ChannelName } from './store.ts';

/** A delivery still waiting this long after its lead arrived makes the site unhealthy */
export const OVERDUE_AFTER_MS = 60 * 60_000;

export interface ChannelHealth {
  waiting: number;
  /** Age of the oldest lead still waiting on this channel */
  oldestWaitingSeconds: number | null;
  /** Given up after 72 hours of retries */
  failed: number;
}

export interface HealthReport {
  ok: boolean;
  /** When the pages being served were built */
  built: string | null;
  store: { writable: boolean };
  deliveries: Partial<Record<ChannelName, ChannelHealth>>;
}

export async function checkHealth(
  store: AsyncLeadStore,
  channels: readonly ChannelName[],
  { built, now = Date.now() }: { built: string | null; now?: number },
): Promise<HealthReport> {
  const deliveries: Partial<Record<ChannelName, ChannelHealth>> = {};
  for (const channel of channels) deliveries[channel] = { waiting: 0, oldestWaitingSeconds: null, failed: 0 };
  let writable = true;
  try {
    for (const { channel, waiting, oldestCreatedAt, failed } of await store.health()) {
      const age = oldestCreatedAt === null ? null : Math.max(0, Math.round((now - Date.parse(oldestCreatedAt)) / 1000));
      deliveries[channel] = { waiting, oldestWaitingSeconds: age, failed };
    }
  } catch {
    writable = false;
  }
  const overdue = Object.values(deliveries).some(
    (health) => health.oldestWaitingSeconds !== null && health.oldestWaitingSeconds * 1000 > OVERDUE_AFTER_MS,
  );
  return { ok: writable && !overdue, built, store: { writable }, deliveries };
}
