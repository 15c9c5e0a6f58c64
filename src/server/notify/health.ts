/**
 * GET /api/health for uptime monitors: 200 while the lead store takes writes, no delivery (to the
 * owner, or a customer's acknowledgement) is more than an hour overdue, every lead of the last 72 hours reached him on at least
 * one channel, and no waiting delivery carries a time from the future (the clock stepped back);
 * 503 otherwise, with the same small JSON body either way. It holds counts and ages only,
 * nothing about any visitor.
 */
import { apiPaths } from '../../config/routes.ts';
import type { AsyncLeadStore } from '../db/async-store.ts';
import type { ApiRoute } from '../http/api.ts';
import { jsonAnswer } from '../http/json-answers.ts';
import { DEFAULT_RETRY, latestPlausibleMs } from './retry-policy.ts';
import type { DeliveryKind } from '../db/records.ts';

/** How long a good report is answered again before the store is checked anew */
const HEALTH_REUSE_MS = 10_000;
/** A bad report is checked again sooner, so a monitor hears of the recovery within a second or two */
const UNHEALTHY_REUSE_MS = 1_000;

/** A delivery still waiting this long after its lead arrived makes the site unhealthy */
export const OVERDUE_AFTER_MS = 60 * 60_000;
/** A lead that reached the owner on no channel keeps the site unhealthy while it is this recent */
export const UNREACHED_WINDOW_MS = DEFAULT_RETRY.giveUpAfterMs;

export interface ChannelHealth {
  waiting: number;
  /** Age of the oldest lead still waiting on this channel */
  oldestWaitingSeconds: number | null;
  /** Refused for good, or given up after 72 hours of retries */
  failed: number;
  /** Age of the oldest lead whose delivery on this channel failed */
  oldestFailedSeconds: number | null;
  /** Waiting deliveries stamped in the future: the clock has stepped back since they were written */
  futureDated: number;
}

export interface HealthReport {
  ok: boolean;
  /** When the pages being served were built */
  built: string | null;
  store: { writable: boolean };
  /** Leads of the last 72 hours that reached the owner on no channel */
  unreachedLeads: number;
  deliveries: Partial<Record<DeliveryKind, ChannelHealth>>;
}

const ageSeconds = (since: string | null, now: number) =>
  since === null ? null : Math.max(0, Math.round((now - Date.parse(since)) / 1000));

export async function checkHealth(
  store: AsyncLeadStore,
  channels: readonly DeliveryKind[],
  { built, now = Date.now() }: { built: string | null; now?: number },
): Promise<HealthReport> {
  const deliveries: Partial<Record<DeliveryKind, ChannelHealth>> = {};
  for (const channel of channels) {
    deliveries[channel] = {
      waiting: 0,
      oldestWaitingSeconds: null,
      failed: 0,
      oldestFailedSeconds: null,
      futureDated: 0,
    };
  }
  let writable = true;
  let unreachedLeads = 0;
  try {
    const rows = await store.health({
      now: new Date(now),
      latest: new Date(latestPlausibleMs(now, DEFAULT_RETRY)),
    });
    for (const {
      channel,
      waiting,
      oldestCreatedAt,
      failed,
      oldestFailedCreatedAt,
      futureDated,
    } of rows) {
      deliveries[channel] = {
        waiting,
        oldestWaitingSeconds: ageSeconds(oldestCreatedAt, now),
        failed,
        oldestFailedSeconds: ageSeconds(oldestFailedCreatedAt, now),
        futureDated,
      };
    }
    unreachedLeads = await store.countUnreachedLeads({
      since: new Date(now - UNREACHED_WINDOW_MS),
      overdueBefore: new Date(now - OVERDUE_AFTER_MS),
    });
  } catch {
    writable = false;
  }
  const troubled = Object.values(deliveries).some(
    (health) =>
      health.futureDated > 0 ||
      (health.oldestWaitingSeconds !== null &&
        health.oldestWaitingSeconds * 1000 > OVERDUE_AFTER_MS),
  );
  return {
    ok: writable && !troubled && unreachedLeads === 0,
    built,
    store: { writable },
    unreachedLeads,
    deliveries,
  };
}

export interface HealthCheck {
  /** The report, checked at most every 10 s while it is good and every second while it is not */
  report(): Promise<HealthReport>;
  /** Drops the report kept, so that the next asks the store again (the pages served changed) */
  forget(): void;
}

/** A monitor, or anyone, may ask often: the check writes to the database, so it is reused briefly */
export function reusedHealthCheck(check: () => Promise<HealthReport>): HealthCheck {
  let lastHealth: { at: number; report: Promise<HealthReport>; reuseMs: number } | undefined;
  return {
    report() {
      if (!lastHealth || Date.now() - lastHealth.at > lastHealth.reuseMs) {
        const kept = { at: Date.now(), report: check(), reuseMs: HEALTH_REUSE_MS };
        const soon = () => (kept.reuseMs = UNHEALTHY_REUSE_MS);
        kept.report.then(({ ok }) => ok || soon(), soon);
        lastHealth = kept;
      }
      return lastHealth.report;
    },
    forget() {
      lastHealth = undefined;
    },
  };
}

/** GET /api/health: the report, 200 when it is ok and 503 otherwise */
export function healthRoute(health: HealthCheck): ApiRoute {
  return {
    method: 'GET',
    path: apiPaths.health,
    handler: async () => {
      const report = await health.report();
      return jsonAnswer(report.ok ? 200 : 503, report);
    },
  };
}
