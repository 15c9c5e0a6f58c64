import { describe, expect, it } from 'vitest';
import { inProcessStore } from '../../src/server/leads/async-store.ts';
import { checkHealth, OVERDUE_AFTER_MS } from '../../src/server/leads/health.ts';
import type { LeadStore } from '../../src/server/leads/store.ts';
import { leadStorePerTest, sampleLead } from '../support/leads.ts';

let store: LeadStore;
leadStorePerTest('leads-health-', (opened) => (store = opened.store));

const built = '2026-11-20T03:00:00.000Z';

describe('the health report', () => {
  it('is ok with nothing waiting, and lists every configured channel', async () => {
    const report = await checkHealth(inProcessStore(store), ['email', 'ntfy'], { built });
    expect(report).toEqual({
      ok: true,
      built,
      store: { writable: true },
      deliveries: {
        email: { waiting: 0, oldestWaitingSeconds: null, failed: 0 },
        ntfy: { waiting: 0, oldestWaitingSeconds: null, failed: 0 },
      },
    });
  });

  it('stays ok while deliveries wait less than an hour, and is not once one waits longer', async () => {
    const arrived = new Date('2026-11-23T00:00:00.000Z');
    const id = store.insertLead(sampleLead(), { channels: ['email', 'ntfy'], now: arrived });
    store.markDelivered(id, 'ntfy');
    const at = (ms: number) => checkHealth(inProcessStore(store), ['email', 'ntfy'], { built, now: arrived.getTime() + ms });

    const soon = await at(OVERDUE_AFTER_MS - 1000);
    expect(soon.ok).toBe(true);
    expect(soon.deliveries.email).toEqual({ waiting: 1, oldestWaitingSeconds: OVERDUE_AFTER_MS / 1000 - 1, failed: 0 });
    expect(soon.deliveries.ntfy).toEqual({ waiting: 0, oldestWaitingSeconds: null, failed: 0 });

    const late = await at(OVERDUE_AFTER_MS + 1000);
    expect(late.ok).toBe(false);
    expect(late.store.writable).toBe(true);
  });

  it('counts deliveries given up, and holds nothing about the visitor', async () => {
    const id = store.insertLead(sampleLead(), { channels: ['webhook'] });
    store.markAttemptFailed(id, 'webhook', { error: 'HTTP 500', retryAt: null });
    const report = await checkHealth(inProcessStore(store), ['webhook'], { built });
    expect(report.deliveries.webhook).toEqual({ waiting: 0, oldestWaitingSeconds: null, failed: 1 });
    const text = JSON.stringify(report);
    for (const value of Object.values(sampleLead())) if (typeof value === 'string') expect(text).not.toContain(value);
  });

  it('is not ok when the store cannot take a write', async () => {
    const broken = { ...inProcessStore(store), health: () => Promise.reject(new Error('SQLITE_FULL: database or disk is full')) };
    const report = await checkHealth(broken, ['email'], { built });
    expect(report).toMatchObject({ ok: false, store: { writable: false } });
  });
});
