/**
 * The lead database's tables, created on first use, and the upgrades of a database written by an
 * earlier version: a uid per lead, a note of when an undelivered lead was announced, the owner's
 * status of each lead, the count of photos sent with each, the e-mail state once kept in the leads table moved into the outbox, so
 * e-mails still due from before the upgrade are sent, and the owner's sessions given an id. A
 * table new in a version (the push devices, the acknowledged addresses) is simply created.
 */
import type { DatabaseSync } from 'node:sqlite';
import { inTransaction } from './sqlite.ts';

const TABLES = `
CREATE TABLE IF NOT EXISTS leads (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid TEXT,
  created_at TEXT NOT NULL,
  form_source TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT,
  address TEXT,
  service TEXT,
  message TEXT NOT NULL,
  page TEXT,
  user_agent TEXT,
  -- The owner's work on it (see records.ts): where it stands, when to follow up, when first read
  status TEXT NOT NULL DEFAULT 'new',
  follow_up TEXT,
  read_at TEXT,
  -- Photos sent with it, kept as files beside the database (db/lead-photos.ts), and those that
  -- arrived but could not be kept (a full disk)
  photos INTEGER NOT NULL DEFAULT 0,
  photos_not_kept INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS lead_notes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  lead_id INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  at TEXT NOT NULL,
  text TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS lead_notes_by_lead ON lead_notes (lead_id);
CREATE TABLE IF NOT EXISTS deliveries (
  lead_id INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  channel TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  delivered_at TEXT,
  last_error TEXT,
  -- When the owner was told on his other channels that this delivery failed or is overdue
  announced_at TEXT,
  PRIMARY KEY (lead_id, channel)
) WITHOUT ROWID;
-- Anonymous counts for the owner's report: page views and taps on phone and e-mail links per
-- page and day (New Zealand time), nothing about any visitor
CREATE TABLE IF NOT EXISTS daily_counts (
  day TEXT NOT NULL,
  path TEXT NOT NULL,
  kind TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (day, path, kind)
) WITHOUT ROWID;
-- Where visits came from, per day: the kind of source (search, maps, social, direct, other) and,
-- for another website, its host name alone; nothing about any visitor, no address or query
CREATE TABLE IF NOT EXISTS daily_sources (
  day TEXT NOT NULL,
  source TEXT NOT NULL,
  site TEXT NOT NULL DEFAULT '',
  count INTEGER NOT NULL,
  PRIMARY KEY (day, source, site)
) WITHOUT ROWID;
-- How fast pages were for real visitors: per day, kind of page and measure (LCP, INP, CLS, TTFB),
-- how many readings fell in each fixed bucket (src/server/stats/vitals.ts), no reading of its own
CREATE TABLE IF NOT EXISTS daily_vitals (
  day TEXT NOT NULL,
  page_kind TEXT NOT NULL,
  metric TEXT NOT NULL,
  bucket INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (day, page_kind, metric, bucket)
) WITHOUT ROWID;
-- The weekly summary sent for each week (its Monday), so a restart never sends it twice
CREATE TABLE IF NOT EXISTS weekly_summaries (week TEXT PRIMARY KEY, sent_at TEXT NOT NULL) WITHOUT ROWID;
-- One row, rewritten by each health check to prove the database takes writes
CREATE TABLE IF NOT EXISTS health_checks (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at TEXT NOT NULL);
-- The owner's sign-in: one account (its WebAuthn user handle), his passkeys, the one-time invites
-- that enrol one, the sessions (only a hash of each token; the id the owner's page names one by is
-- random, and says nothing of the token), and a record of each sign-in
CREATE TABLE IF NOT EXISTS owner_account (id INTEGER PRIMARY KEY CHECK (id = 1), user_id TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS owner_passkeys (
  id TEXT PRIMARY KEY,
  public_key BLOB NOT NULL,
  counter INTEGER NOT NULL,
  transports TEXT NOT NULL,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_used_at TEXT
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS owner_invites (
  token_hash TEXT PRIMARY KEY,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS owner_sessions (
  token_hash TEXT PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  passkey_id TEXT NOT NULL,
  -- The browser and system the sign-in came from, as its User-Agent claims
  device TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  -- When the owner last confirmed with his passkey inside this session (a step-up), if ever
  verified_at TEXT
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS owner_sign_ins (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  passkey_name TEXT NOT NULL,
  device TEXT NOT NULL
);
-- The owner's devices that take push notifications: a browser's push subscription each (the push
-- service's endpoint and the keys a message is encrypted to), and how the last push to it went
CREATE TABLE IF NOT EXISTS push_devices (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  endpoint TEXT NOT NULL UNIQUE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  device TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_delivered_at TEXT,
  last_error TEXT
);
-- The customers' addresses an acknowledgement was queued to in the last day (a SHA-256 of each,
-- lower-cased), so one address gets at most one a day whatever is posted
CREATE TABLE IF NOT EXISTS acknowledged_addresses (address_hash TEXT PRIMARY KEY, at TEXT NOT NULL) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS deliveries_due ON deliveries (channel, status, next_attempt_at) WHERE status IN ('pending', 'sending');
`;

function hasTable(db: DatabaseSync, name: string): boolean {
  return (
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !==
    undefined
  );
}

function columnsOf(db: DatabaseSync, table: string): string[] {
  return (db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map(
    (column) => column.name,
  );
}

/** Creates the tables, and brings a database from an earlier version up to date, in one transaction */
export function prepareSchema(db: DatabaseSync): void {
  inTransaction(db, () => {
    const hadOutbox = hasTable(db, 'deliveries');
    // Sessions from before they had an id and a device end: the owner signs in again once
    if (hasTable(db, 'owner_sessions') && !columnsOf(db, 'owner_sessions').includes('verified_at'))
      db.exec('DROP TABLE owner_sessions');
    db.exec(TABLES);
    if (!columnsOf(db, 'deliveries').includes('announced_at')) {
      // Failures from before the upgrade are old news, not announced now
      db.exec('ALTER TABLE deliveries ADD COLUMN announced_at TEXT');
      db.exec(`UPDATE deliveries SET announced_at = updated_at WHERE status = 'failed'`);
    }
    const columns = columnsOf(db, 'leads');
    if (!columns.includes('uid')) db.exec('ALTER TABLE leads ADD COLUMN uid TEXT');
    if (!columns.includes('status')) {
      db.exec("ALTER TABLE leads ADD COLUMN status TEXT NOT NULL DEFAULT 'new'");
      db.exec('ALTER TABLE leads ADD COLUMN follow_up TEXT');
      db.exec('ALTER TABLE leads ADD COLUMN read_at TEXT');
    }
    if (!columns.includes('photos')) {
      db.exec('ALTER TABLE leads ADD COLUMN photos INTEGER NOT NULL DEFAULT 0');
      db.exec('ALTER TABLE leads ADD COLUMN photos_not_kept INTEGER NOT NULL DEFAULT 0');
    }
    db.exec('UPDATE leads SET uid = lower(hex(randomblob(16))) WHERE uid IS NULL');
    if (!hadOutbox && columns.includes('notify_status')) {
      db.exec(`INSERT INTO deliveries (lead_id, channel, status, attempts, next_attempt_at, updated_at, delivered_at, last_error)
        SELECT id, 'email', CASE notify_status WHEN 'sent' THEN 'sent' ELSE 'pending' END, notify_attempts, created_at,
          COALESCE(notify_updated_at, created_at), notified_at, notify_error
        FROM leads WHERE notify_status <> 'off'`);
    }
  });
}
