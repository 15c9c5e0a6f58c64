import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLeadStore } from '../../src/server/db/store.ts';
import { StoreBusyError, type ChannelName, type NewLead } from '../../src/server/db/records.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../../src/server/owner/session-token.ts';
import { sampleLead } from '../support/leads.ts';

const storeModule = resolve('src/server/db/store.ts');

const lead = (overrides: Partial<NewLead> = {}): NewLead =>
  sampleLead({ message: 'Outdoor lights on the deck, with "quotes" and <tags>.', ...overrides });

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lead-store-'));
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
      uid: expect.any(String),
      createdAt: '2025-03-01T01:02:03.456Z',
      ...lead(),
      deliveries: [],
      acknowledgement: null,
      // What the owner has done with it: nothing yet
      status: 'new',
      followUp: null,
      readAt: null,
      notes: [],
      photos: 0,
      photosNotKept: 0,
    });
    reopened.close();
  });

  it("keeps a request's photo count, and notes on it the photos a full disk did not keep", () => {
    const store = openLeadStore(join(dir, 'photos.sqlite'));
    const withPhotos = store.insertLead({ ...lead(), photos: 3 });
    const notKept = store.insertLead({ ...lead(), photosNotKept: 2 });
    expect(store.getLead(withPhotos)).toMatchObject({ photos: 3, photosNotKept: 0, notes: [] });
    expect(store.getLead(notKept)).toMatchObject({
      photos: 0,
      photosNotKept: 2,
      notes: [{ text: expect.stringContaining('2 photos') }],
    });
    store.close();
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

  it('queues a delivery per channel with the lead, and lets one claim an attempt at a time', () => {
    const store = openLeadStore(join(dir, 'leads.sqlite'));
    const now = new Date('2025-03-01T00:00:00Z');
    const id = store.insertLead(lead(), { channels: ['email', 'webhook'], now });
    const claim = (at: Date, channel: ChannelName) =>
      store.claimDueDeliveries({
        channel,
        now: at,
        staleBefore: new Date(at.getTime() - 60_000),
        limit: 10,
      });

    expect(store.nextDueAt('email', 60_000)).toBe(now.toISOString());
    expect(claim(now, 'email')).toEqual([{ leadId: id, channel: 'email', attempts: 1 }]);
    expect(claim(now, 'email')).toEqual([]); // in flight
    const retryAt = new Date(now.getTime() + 1000);
    store.markAttemptFailed(id, 'email', { error: 'connection refused', retryAt, now });
    expect(store.getLead(id)?.deliveries[0]).toMatchObject({
      channel: 'email',
      status: 'pending',
      attempts: 1,
      lastError: 'connection refused',
      nextAttemptAt: retryAt.toISOString(),
    });
    expect(claim(now, 'email')).toEqual([]); // not due yet
    expect(claim(retryAt, 'email')).toEqual([{ leadId: id, channel: 'email', attempts: 2 }]);
    expect(claim(retryAt, 'webhook')).toEqual([{ leadId: id, channel: 'webhook', attempts: 1 }]);
    store.markDelivered(id, 'email', retryAt);
    store.markAttemptFailed(id, 'webhook', { error: 'HTTP 500', retryAt: null, now: retryAt });
    expect(store.getLead(id)?.deliveries).toMatchObject([
      {
        channel: 'email',
        status: 'sent',
        attempts: 2,
        deliveredAt: retryAt.toISOString(),
        lastError: null,
      },
      { channel: 'webhook', status: 'failed', attempts: 1, lastError: 'HTTP 500' },
    ]);
    expect(store.nextDueAt('email', 60_000)).toBeNull();
    expect(store.nextDueAt('webhook', 60_000)).toBeNull();
    expect(store.getLead(id)?.message).toBe(lead().message);
    store.close();
  });

  it('takes over an attempt left in flight by a crash once it is stale', () => {
    const store = openLeadStore(join(dir, 'leads.sqlite'));
    const start = new Date('2025-03-01T00:00:00Z');
    const id = store.insertLead(lead(), { channels: ['ntfy'], now: start });
    const claim = (now: Date) =>
      store.claimDueDeliveries({
        channel: 'ntfy',
        now,
        staleBefore: new Date(now.getTime() - 5 * 60_000),
        limit: 10,
      });
    expect(claim(start)).toHaveLength(1);
    expect(claim(new Date(start.getTime() + 60_000))).toEqual([]);
    expect(claim(new Date(start.getTime() + 10 * 60_000))).toEqual([
      { leadId: id, channel: 'ntfy', attempts: 2 },
    ]);
    store.releaseClaim(id, 'ntfy');
    expect(store.getLead(id)?.deliveries[0]).toMatchObject({ status: 'pending', attempts: 1 });
    store.close();
  });

  it('claims the earliest due first, so a lead that keeps failing does not hold up newer ones', () => {
    const store = openLeadStore(join(dir, 'leads.sqlite'));
    const start = new Date('2025-03-01T00:00:00Z');
    const stuck = store.insertLead(lead({ name: 'Stuck' }), { channels: ['webhook'], now: start });
    store.markAttemptFailed(stuck, 'webhook', {
      error: 'HTTP 400',
      retryAt: new Date(start.getTime() + 60_000),
      now: start,
    });
    const later = new Date(start.getTime() + 30_000);
    const fresh = store.insertLead(lead({ name: 'Fresh' }), { channels: ['webhook'], now: later });
    const claimed = store.claimDueDeliveries({
      channel: 'webhook',
      now: new Date(start.getTime() + 120_000),
      staleBefore: start,
      limit: 1,
    });
    expect(claimed.map((delivery) => delivery.leadId)).toEqual([fresh]);
    store.close();
  });

  it('says when an attempt left in flight becomes stale, so a lane wakes for it instead of sleeping past it', () => {
    const store = openLeadStore(join(dir, 'leads.sqlite'));
    const start = new Date('2025-03-01T00:00:00Z');
    store.insertLead(lead(), { channels: ['email'], now: start });
    store.claimDueDeliveries({ channel: 'email', now: start, staleBefore: start, limit: 1 });
    expect(store.nextDueAt('email', 180_000)).toBe(
      new Date(start.getTime() + 180_000).toISOString(),
    );
    store.close();
  });

  it('claims at once a delivery stamped with a time no right clock could have written', () => {
    const store = openLeadStore(join(dir, 'leads.sqlite'));
    const now = new Date('2025-03-01T00:00:00Z');
    const nextYear = new Date('2026-03-01T00:00:00Z');
    const retrying = store.insertLead(lead({ name: 'Retrying' }), { channels: ['email'], now });
    store.markAttemptFailed(retrying, 'email', { error: 'HTTP 503', retryAt: nextYear, now });
    const inFlight = store.insertLead(lead({ name: 'In flight' }), { channels: ['email'], now });
    store.claimDueDeliveries({ channel: 'email', now: nextYear, staleBefore: now, limit: 1 });
    const claim = (implausibleAfter?: Date) =>
      store.claimDueDeliveries({
        channel: 'email',
        now,
        staleBefore: new Date(now.getTime() - 60_000),
        limit: 10,
        ...(implausibleAfter ? { implausibleAfter } : {}),
      });
    expect(claim()).toEqual([]);
    const claimed = claim(new Date(now.getTime() + 11 * 60_000));
    expect(claimed.map((delivery) => delivery.leadId).sort()).toEqual([retrying, inFlight]);
    store.close();
  });

  it('gives every lead a uid, and a new lead a fresh one even when its id is reused', () => {
    const path = join(dir, 'leads.sqlite');
    const store = openLeadStore(path);
    const first = store.insertLead(lead(), { channels: ['email'] });
    const firstUid = store.getLead(first)!.uid;
    // Deleted in the sqlite3 shell, where foreign keys are off: its delivery row stays behind
    const shell = new DatabaseSync(path, { enableForeignKeyConstraints: false });
    shell.exec(`DELETE FROM leads WHERE id = ${first}`);
    shell.close();
    const next = store.insertLead(lead({ name: 'Next' }), { channels: ['email'] });
    expect(store.getLead(next)).toMatchObject({
      name: 'Next',
      deliveries: [{ channel: 'email', status: 'pending', attempts: 0 }],
    });
    expect(store.getLead(next)!.uid).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(store.getLead(next)!.uid).not.toBe(firstUid);
    store.close();
  });

  it('upgrades a database of the earlier version: a uid per lead, and its due e-mails moved to the outbox', () => {
    const path = join(dir, 'leads.sqlite');
    const old = new DatabaseSync(path);
    old.exec(`CREATE TABLE leads (id INTEGER PRIMARY KEY, created_at TEXT NOT NULL, form_source TEXT NOT NULL, name TEXT NOT NULL,
      email TEXT NOT NULL, phone TEXT, address TEXT, service TEXT, message TEXT NOT NULL, page TEXT, user_agent TEXT,
      notify_status TEXT NOT NULL DEFAULT 'off', notify_attempts INTEGER NOT NULL DEFAULT 0, notified_at TEXT,
      notify_error TEXT, notify_updated_at TEXT)`);
    const insert =
      old.prepare(`INSERT INTO leads (created_at, form_source, name, email, message, notify_status, notify_attempts,
      notify_error) VALUES ('2026-11-01T00:00:00.000Z', 'Hero Form', ?, 'a@example.com', 'Hello there', ?, ?, ?)`);
    insert.run('Sent', 'sent', 1, null);
    insert.run('Failed', 'failed', 5, 'connect ECONNREFUSED');
    insert.run('Off', 'off', 0, null);
    old.close();

    const store = openLeadStore(path);
    const byName = new Map(store.listLeads().map((stored) => [stored.name, stored]));
    expect(byName.get('Sent')?.deliveries).toMatchObject([
      { channel: 'email', status: 'sent', attempts: 1 },
    ]);
    expect(byName.get('Failed')?.deliveries).toMatchObject([
      { channel: 'email', status: 'pending', attempts: 5, lastError: 'connect ECONNREFUSED' },
    ]);
    expect(byName.get('Off')?.deliveries).toEqual([]);
    expect(new Set([...byName.values()].map((stored) => stored.uid)).size).toBe(3);
    expect(store.insertLead(lead())).toBe(4);
    store.close();
  });

  it('upgrades an outbox without notices: failures from before are not announced again, later ones are', () => {
    const path = join(dir, 'leads.sqlite');
    const before = openLeadStore(path);
    const oldFailure = before.insertLead(lead({ name: 'Old failure' }), { channels: ['email'] });
    before.markAttemptFailed(oldFailure, 'email', { error: '550 rejected', retryAt: null });
    before.close();
    const old = new DatabaseSync(path);
    old.exec('ALTER TABLE deliveries DROP COLUMN announced_at');
    old.close();

    const store = openLeadStore(path);
    const overdueBefore = new Date(Date.now() - 3_600_000);
    expect(store.undeliveredToAnnounce({ overdueBefore, limit: 10 })).toEqual([]);
    const newFailure = store.insertLead(lead({ name: 'New failure' }), { channels: ['email'] });
    store.markAttemptFailed(newFailure, 'email', { error: '550 rejected', retryAt: null });
    expect(
      store
        .undeliveredToAnnounce({ overdueBefore, limit: 10 })
        .map(({ lead: stored }) => stored.name),
    ).toEqual(['New failure']);
    store.markAnnounced(newFailure, 'email');
    expect(store.undeliveredToAnnounce({ overdueBefore, limit: 10 })).toEqual([]);
    store.close();
  });

  it('upgrades the owner’s sessions of before they had an id: they end, his passkeys stay, and new ones are listed', () => {
    const path = join(dir, 'leads.sqlite');
    const before = openLeadStore(path);
    before.addPasskey(
      { id: 'cred-1', publicKey: new Uint8Array([1]), counter: 0, transports: [], name: 'Phone' },
      { now: new Date() },
    );
    before.close();
    const old = new DatabaseSync(path);
    old.exec(`DROP TABLE owner_sessions;
      CREATE TABLE owner_sessions (token_hash TEXT PRIMARY KEY, passkey_id TEXT NOT NULL, created_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL) WITHOUT ROWID;
      INSERT INTO owner_sessions VALUES ('old-hash', 'cred-1', '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z')`);
    old.close();

    const store = openLeadStore(path);
    const now = new Date();
    const limits = { now, idleMs: SESSION_IDLE_MS, absoluteMs: SESSION_ABSOLUTE_MS };
    expect(store.listSessions(limits)).toEqual([]);
    expect(store.listPasskeys().map((passkey) => passkey.name)).toEqual(['Phone']);
    store.createSession({
      tokenHash: 'new-hash',
      passkeyId: 'cred-1',
      device: 'Safari on iPhone',
      now,
    });
    expect(store.listSessions(limits)).toMatchObject([
      { device: 'Safari on iPhone', verifiedAt: null },
    ]);
    store.close();
  });

  it('stores into a fresh file at the path when the database was deleted under it', () => {
    const path = join(dir, 'leads.sqlite');
    const store = openLeadStore(path);
    store.insertLead(lead({ name: 'Before' }));
    // Only the main file, as a careless clean-up would: the old -wal must not leak into the new one
    rmSync(path);

    const id = store.insertLead(lead({ name: 'After' }));
    const reader = new DatabaseSync(path);
    expect(reader.prepare('SELECT id, name FROM leads').all()).toEqual([{ id, name: 'After' }]);
    reader.close();
    store.close();
  });

  it('stores into the new file when the database was replaced (a restore by renaming over it)', () => {
    const path = join(dir, 'leads.sqlite');
    const restored = join(dir, 'restored.sqlite');
    const other = openLeadStore(restored);
    other.insertLead(lead({ name: 'From the backup' }));
    other.close();

    const store = openLeadStore(path);
    store.insertLead(lead({ name: 'Lost with the old file' }));
    renameSync(restored, path);
    store.insertLead(lead({ name: 'After the restore' }));
    store.close();

    const reader = openLeadStore(path);
    expect(reader.listLeads().map((stored) => stored.name)).toEqual([
      'After the restore',
      'From the backup',
    ]);
    reader.close();
  });

  it('saves leads into the database when its -wal is deleted under it, and works on in a new WAL', () => {
    const path = join(dir, 'leads.sqlite');
    const store = openLeadStore(path);
    store.insertLead(lead({ name: 'Before' }));
    rmSync(`${path}-wal`);
    store.insertLead(lead({ name: 'Right after' }));
    store.insertLead(lead({ name: 'Later' }));
    // What a crash leaves: the database file and its -wal as they are on disk now
    const copy = join(dir, 'after-crash.sqlite');
    copyFileSync(path, copy);
    if (existsSync(`${path}-wal`)) copyFileSync(`${path}-wal`, `${copy}-wal`);
    const reader = new DatabaseSync(copy);
    expect(reader.prepare('SELECT name FROM leads ORDER BY id').all()).toEqual([
      { name: 'Before' },
      { name: 'Right after' },
      { name: 'Later' },
    ]);
    reader.close();
    store.close();
  });

  it('gives up with StoreBusyError at the deadline while another connection holds the write lock', () => {
    const path = join(dir, 'leads.sqlite');
    const store = openLeadStore(path);
    const holder = new DatabaseSync(path);
    holder.exec('BEGIN IMMEDIATE');
    const started = Date.now();
    expect(() => store.insertLead(lead(), { deadline: started + 200 })).toThrow(StoreBusyError);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(() => store.insertLead(lead(), { deadline: Date.now() - 1 })).toThrow(StoreBusyError);
    holder.exec('ROLLBACK');
    holder.close();
    expect(store.insertLead(lead(), { deadline: Date.now() + 1000 })).toBe(1);
    store.close();
  });

  it('closing checkpoints the WAL, so a plain copy of the file holds every lead', () => {
    const path = join(dir, 'leads.sqlite');
    const store = openLeadStore(path);
    for (let index = 0; index < 30; index++) store.insertLead(lead({ name: `Lead ${index}` }));
    store.close();
    const copy = join(dir, 'copy.sqlite');
    copyFileSync(path, copy);
    const reader = new DatabaseSync(copy, { readOnly: true });
    expect(reader.prepare('SELECT COUNT(*) AS count FROM leads').get()).toEqual({ count: 30 });
    reader.close();
  });
});
