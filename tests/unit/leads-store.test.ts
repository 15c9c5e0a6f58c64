import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLeadStore, type NewLead } from '../../src/server/leads/store.ts';

const storeModule = resolve('src/server/leads/store.ts');

const lead = (overrides: Partial<NewLead> = {}): NewLead => ({
  formSource: 'Quote Form',
  name: 'Aroha Smith',
  email: 'aroha@example.co.nz',
  phone: '021 555 0199',
  address: '12 Picton Street, Howick',
  service: 'Other',
  message: 'Outdoor lights on the deck, with "quotes" and <tags>.',
  page: '/quote',
  userAgent: 'TestBrowser/1.0',
  ...overrides,
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'leads-store-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('lead store', () => {
  it('creates its directories and reads back what was written after closing and reopening', () => {
    const path = join(dir, 'nested', 'deeper', 'leads.sqlite');
    const first = openLeadStore(path);
    const id = first.insertLead(lead(), { now: new Date('2025-03-01T01:02:03.456Z') });
    first.close();

    const reopened = openLeadStore(path);
    expect(reopened.countLeads()).toBe(1);
    expect(reopened.getLead(id)).toEqual({
      id,
      createdAt: '2025-03-01T01:02:03.456Z',
      ...lead(),
      notifyStatus: 'off',
      notifyAttempts: 0,
      notifiedAt: null,
      notifyError: null,
    });
    reopened.close();
  });

  it('keeps a committed lead when the process dies straight after the insert', () => {
    const path = join(dir, 'leads.sqlite');
    const script = join(dir, 'writer.ts');
    writeFileSync(
      script,
      `import { openLeadStore } from ${JSON.stringify(storeModule)};
      const store = openLeadStore(${JSON.stringify(path)});
      store.insertLead(${JSON.stringify(lead({ name: 'Killed Writer' }))});
      process.kill(process.pid, 'SIGKILL');`,
    );
    expect(() => execFileSync(process.execPath, [script], { stdio: 'pipe' })).toThrow();
    const store = openLeadStore(path);
    expect(store.listLeads().map((stored) => stored.name)).toEqual(['Killed Writer']);
    store.close();
  });

  it('keeps the database in WAL mode', () => {
    const path = join(dir, 'leads.sqlite');
    openLeadStore(path).close();
    const db = new DatabaseSync(path);
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    db.close();
  });

  it('lists newest first, with a limit, and counts', () => {
    const store = openLeadStore(join(dir, 'leads.sqlite'));
    for (const name of ['First', 'Second', 'Third']) store.insertLead(lead({ name }));
    expect(store.listLeads().map((stored) => stored.name)).toEqual(['Third', 'Second', 'First']);
    expect(store.listLeads({ limit: 2 }).map((stored) => stored.name)).toEqual(['Third', 'Second']);
    expect(store.countLeads()).toBe(3);
    store.close();
  });

  it('truncates the user agent to 500 characters', () => {
    const store = openLeadStore(join(dir, 'leads.sqlite'));
    const id = store.insertLead(lead({ userAgent: 'é'.repeat(900) }));
    expect(store.getLead(id)?.userAgent).toBe('é'.repeat(500));
    store.close();
  });

  it('lets one notifier claim an attempt at a time, up to the attempt limit', () => {
    const store = openLeadStore(join(dir, 'leads.sqlite'));
    const id = store.insertLead(lead(), { notify: true });
    const now = new Date('2025-03-01T00:00:00Z');
    const claim = (at = now) => store.claimNotification(id, { maxAttempts: 2, staleBefore: new Date(at.getTime() - 60_000), now: at });

    expect(store.leadsAwaitingNotification({ maxAttempts: 2, staleBefore: now })).toEqual([id]);
    expect(claim()).toBe(true);
    expect(claim()).toBe(false); // in flight
    store.markNotifyFailed(id, 'connection refused');
    expect(store.getLead(id)).toMatchObject({ notifyStatus: 'failed', notifyAttempts: 1, notifyError: 'connection refused' });
    expect(claim()).toBe(true);
    store.markNotifyFailed(id, 'again');
    expect(claim()).toBe(false); // attempts used up
    expect(store.leadsAwaitingNotification({ maxAttempts: 2, staleBefore: now })).toEqual([]);
    expect(store.getLead(id)?.message).toBe(lead().message);
    store.close();
  });

  it('takes over an attempt left in flight by a crash once it is stale, and records success', () => {
    const store = openLeadStore(join(dir, 'leads.sqlite'));
    const id = store.insertLead(lead(), { notify: true });
    const start = new Date('2025-03-01T00:00:00Z');
    expect(store.claimNotification(id, { maxAttempts: 5, staleBefore: start, now: start })).toBe(true);
    const later = new Date(start.getTime() + 10 * 60_000);
    const staleBefore = new Date(later.getTime() - 5 * 60_000);
    expect(store.leadsAwaitingNotification({ maxAttempts: 5, staleBefore })).toEqual([id]);
    expect(store.claimNotification(id, { maxAttempts: 5, staleBefore, now: later })).toBe(true);
    store.markNotified(id, later);
    expect(store.getLead(id)).toMatchObject({ notifyStatus: 'sent', notifyAttempts: 2, notifiedAt: later.toISOString() });
    expect(store.claimNotification(id, { maxAttempts: 5, staleBefore: later, now: later })).toBe(false);
    store.close();
  });
});
