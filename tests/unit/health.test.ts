import { describe, expect, it, vi } from 'vitest';
import { inProcessStore } from '../../src/server/db/async-store.ts';
import {
  checkHealth,
  OVERDUE_AFTER_MS,
  reusedHealthCheck,
  type HealthReport,
} from '../../src/server/notify/health.ts';
import { DEFAULT_RETRY } from '../../src/server/notify/retry-policy.ts';
import type { LeadStore } from '../../src/server/db/records.ts';
import { leadStorePerTest, sampleLead } from '../support/leads.ts';

let store: LeadStore;
leadStorePerTest('leads-health-', (opened) => (store = opened.store));

const built = '2026-11-20T03:00:00.000Z';
const nothing = {
  waiting: 0,
  oldestWaitingSeconds: null,
  failed: 0,
  oldestFailedSeconds: null,
  futureDated: 0,
};

describe('the health report', () => {
  it('is ok with nothing waiting, and lists every configured channel', async () => {
    const report = await checkHealth(inProcessStore(store), ['email', 'ntfy'], { built });
    expect(report).toEqual({
      ok: true,
      built,
      store: { writable: true },
      unreachedLeads: 0,
      deliveries: { email: nothing, ntfy: nothing },
    });
  });

  it('stays ok while deliveries wait less than an hour, and is not once one waits longer', async () => {
    const arrived = new Date('2026-11-23T00:00:00.000Z');
    const id = store.insertLead(sampleLead(), { channels: ['email', 'ntfy'], now: arrived });
    store.markDelivered(id, 'ntfy');
    const at = (ms: number) =>
      checkHealth(inProcessStore(store), ['email', 'ntfy'], { built, now: arrived.getTime() + ms });

    const soon = await at(OVERDUE_AFTER_MS - 1000);
    expect(soon.ok).toBe(true);
    expect(soon.deliveries.email).toEqual({
      ...nothing,
      waiting: 1,
      oldestWaitingSeconds: OVERDUE_AFTER_MS / 1000 - 1,
    });
    expect(soon.deliveries.ntfy).toEqual(nothing);

    const late = await at(OVERDUE_AFTER_MS + 1000);
    expect(late.ok).toBe(false);
    expect(late.store.writable).toBe(true);
  });

  it("counts deliveries given up with the oldest one's age, and holds nothing about the visitor", async () => {
    const arrived = new Date('2026-11-23T00:00:00.000Z');
    const id = store.insertLead(sampleLead(), { channels: ['webhook', 'ntfy'], now: arrived });
    store.markAttemptFailed(id, 'webhook', { error: 'HTTP 400', retryAt: null });
    store.markDelivered(id, 'ntfy');
    const report = await checkHealth(inProcessStore(store), ['webhook', 'ntfy'], {
      built,
      now: arrived.getTime() + 90_000,
    });
    expect(report.deliveries.webhook).toEqual({ ...nothing, failed: 1, oldestFailedSeconds: 90 });
    // The lead reached the owner by push
    expect(report).toMatchObject({ ok: true, unreachedLeads: 0 });
    const text = JSON.stringify(report);
    for (const value of Object.values(sampleLead()))
      if (typeof value === 'string') expect(text).not.toContain(value);
  });

  it('is not ok while a lead of the last 72 hours reached the owner on no channel', async () => {
    const arrived = new Date('2026-11-23T00:00:00.000Z');
    const refused = store.insertLead(sampleLead(), {
      channels: ['email', 'webhook'],
      now: arrived,
    });
    store.markAttemptFailed(refused, 'email', {
      error: '550 5.7.1 Message rejected',
      retryAt: null,
    });
    const at = (ms: number) =>
      checkHealth(inProcessStore(store), ['email', 'webhook'], {
        built,
        now: arrived.getTime() + ms,
      });
    // The webhook may still get it there
    expect(await at(60_000)).toMatchObject({ ok: true, unreachedLeads: 0 });
    store.markAttemptFailed(refused, 'webhook', {
      error: 'HTTP 400 from hooks.example.com',
      retryAt: null,
    });
    expect(await at(60_000)).toMatchObject({
      ok: false,
      unreachedLeads: 1,
      store: { writable: true },
    });
    expect(await at(DEFAULT_RETRY.giveUpAfterMs + 60_000)).toMatchObject({
      ok: true,
      unreachedLeads: 0,
    });
  });

  it('is not ok while a waiting delivery carries a time from the future (the clock stepped back)', async () => {
    const now = new Date('2026-11-23T00:00:00.000Z');
    const future = new Date(now.getTime() + 24 * 3_600_000);
    const id = store.insertLead(sampleLead(), { channels: ['email'], now: future });
    const report = await checkHealth(inProcessStore(store), ['email'], {
      built,
      now: now.getTime(),
    });
    expect(report).toMatchObject({
      ok: false,
      deliveries: { email: { waiting: 1, futureDated: 1 } },
    });
    store.markDelivered(id, 'email', now);
    expect(
      (await checkHealth(inProcessStore(store), ['email'], { built, now: now.getTime() })).ok,
    ).toBe(true);
  });

  it('is not ok when the store cannot take a write', async () => {
    const broken = {
      ...inProcessStore(store),
      health: () => Promise.reject(new Error('SQLITE_FULL: database or disk is full')),
    };
    const report = await checkHealth(broken, ['email'], { built });
    expect(report).toMatchObject({ ok: false, store: { writable: false } });
  });
});

describe('the report a monitor is answered with', () => {
  const report = (ok: boolean): HealthReport => ({
    ok,
    built,
    store: { writable: ok },
    unreachedLeads: 0,
    deliveries: {},
  });

  it('is reused for 10 s while good, and checked again after a second while bad', async () => {
    vi.useFakeTimers();
    try {
      const answers = [false, true, true];
      const check = vi.fn(async () => report(answers.shift() ?? true));
      const health = reusedHealthCheck(check);
      expect((await health.report()).ok).toBe(false);
      expect((await health.report()).ok).toBe(false);
      expect(check).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1100);
      expect((await health.report()).ok).toBe(true);
      vi.advanceTimersByTime(9000);
      await health.report();
      expect(check).toHaveBeenCalledTimes(2);
      vi.advanceTimersByTime(1100);
      await health.report();
      expect(check).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
