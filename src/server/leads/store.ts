/**
 * Quote requests in SQLite (node:sqlite). Each insert is committed durably (WAL with
 * synchronous=FULL) before the visitor is told it arrived. The notification columns record the
 * owner's e-mail; sending claims a row first, so two notifiers never send the same lead twice.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';

export const DEFAULT_LEADS_DB = 'data/leads.sqlite';
const BUSY_TIMEOUT_MS = 5000;
export const USER_AGENT_MAX_LENGTH = 500;
export const PAGE_MAX_LENGTH = 500;

/**
 * off: no notifier was configured when the lead arrived; pending: not tried yet; sending: an
 * attempt is in flight; sent: delivered to the SMTP server; failed: the last attempt failed.
 */
export type NotifyStatus = 'off' | 'pending' | 'sending' | 'sent' | 'failed';

/** What the endpoint stores; null for a field the form does not have */
export interface NewLead {
  formSource: string;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  service: string | null;
  message: string;
  /** Path of the page the form was on (from a same-site Referer) */
  page: string | null;
  userAgent: string | null;
}

export interface StoredLead extends NewLead {
  id: number;
  /** ISO 8601, UTC */
  createdAt: string;
  notifyStatus: NotifyStatus;
  notifyAttempts: number;
  notifiedAt: string | null;
  notifyError: string | null;
}

export interface LeadStore {
  readonly path: string;
  /** Stores a lead durably and returns its id */
  insertLead(lead: NewLead, options?: { notify?: boolean; now?: Date }): number;
  getLead(id: number): StoredLead | undefined;
  /** Newest first */
  listLeads(options?: { limit?: number }): StoredLead[];
  countLeads(): number;
  /**
   * Takes a lead for one notification attempt (counting it) when it is pending or failed with
   * attempts left, or stuck in `sending` since before `staleBefore` (a crash mid-send).
   * Returns false when another notifier has it or it needs no attempt.
   */
  claimNotification(id: number, options: { maxAttempts: number; staleBefore: Date; now?: Date }): boolean;
  markNotified(id: number, now?: Date): void;
  markNotifyFailed(id: number, error: string, now?: Date): void;
  /** Ids of leads whose notification should still be tried, oldest first */
  leadsAwaitingNotification(options: { maxAttempts: number; staleBefore: Date }): number[];
  close(): void;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS leads (
  id INTEGER PRIMARY KEY,
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
  notify_status TEXT NOT NULL DEFAULT 'off',
  notify_attempts INTEGER NOT NULL DEFAULT 0,
  notified_at TEXT,
  notify_error TEXT,
  notify_updated_at TEXT
);
CREATE INDEX IF NOT EXISTS leads_notify_status ON leads (notify_status) WHERE notify_status <> 'sent';
`;

interface LeadRow {
  id: number;
  created_at: string;
  form_source: string;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  service: string | null;
  message: string;
  page: string | null;
  user_agent: string | null;
  notify_status: NotifyStatus;
  notify_attempts: number;
  notified_at: string | null;
  notify_error: string | null;
}

function fromRow(row: LeadRow): StoredLead {
  return {
    id: row.id,
    createdAt: row.created_at,
    formSource: row.form_source,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    service: row.service,
    message: row.message,
    page: row.page,
    userAgent: row.user_agent,
    notifyStatus: row.notify_status,
    notifyAttempts: row.notify_attempts,
    notifiedAt: row.notified_at,
    notifyError: row.notify_error,
  };
}

export function truncate(value: string | null, maxLength: number): string | null {
  if (value === null) return null;
  const characters = [...value];
  return characters.length > maxLength ? characters.slice(0, maxLength).join('') : value;
}

const LEAD_COLUMNS =
  'id, created_at, form_source, name, email, phone, address, service, message, page, user_agent, notify_status, notify_attempts, notified_at, notify_error';

function prepareStatements(db: DatabaseSync) {
  const prepare = (sql: string): StatementSync => db.prepare(sql);
  return {
    insert: prepare(`INSERT INTO leads (created_at, form_source, name, email, phone, address, service, message, page,
      user_agent, notify_status, notify_updated_at)
      VALUES (:createdAt, :formSource, :name, :email, :phone, :address, :service, :message, :page, :userAgent,
      :notifyStatus, :createdAt)`),
    get: prepare(`SELECT ${LEAD_COLUMNS} FROM leads WHERE id = ?`),
    list: prepare(`SELECT ${LEAD_COLUMNS} FROM leads ORDER BY id DESC LIMIT ?`),
    count: prepare('SELECT COUNT(*) AS count FROM leads'),
    claim: prepare(`UPDATE leads SET notify_status = 'sending', notify_attempts = notify_attempts + 1,
      notify_updated_at = :now
      WHERE id = :id AND notify_attempts < :maxAttempts
        AND (notify_status IN ('pending', 'failed') OR (notify_status = 'sending' AND notify_updated_at < :staleBefore))`),
    markSent: prepare(`UPDATE leads SET notify_status = 'sent', notified_at = :now, notify_error = NULL,
      notify_updated_at = :now WHERE id = :id`),
    markFailed: prepare(`UPDATE leads SET notify_status = 'failed', notify_error = :error, notify_updated_at = :now
      WHERE id = :id`),
    awaiting: prepare(`SELECT id FROM leads WHERE notify_attempts < :maxAttempts
      AND (notify_status IN ('pending', 'failed') OR (notify_status = 'sending' AND notify_updated_at < :staleBefore))
      ORDER BY id`),
  };
}

/** Opens (creating when needed) the database at `path`, with durable commits */
export function openLeadStore(path: string): LeadStore {
  const absolutePath = resolve(path);
  mkdirSync(dirname(absolutePath), { recursive: true });
  const db = new DatabaseSync(absolutePath);
  db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = FULL');
  db.exec(SCHEMA);
  const statements = prepareStatements(db);

  return {
    path: absolutePath,
    insertLead(lead, { notify = false, now = new Date() } = {}) {
      const result = statements.insert.run({
        createdAt: now.toISOString(),
        formSource: lead.formSource,
        name: lead.name,
        email: lead.email,
        phone: lead.phone,
        address: lead.address,
        service: lead.service,
        message: lead.message,
        page: truncate(lead.page, PAGE_MAX_LENGTH),
        userAgent: truncate(lead.userAgent, USER_AGENT_MAX_LENGTH),
        notifyStatus: notify ? 'pending' : 'off',
      });
      return Number(result.lastInsertRowid);
    },
    getLead(id) {
      const row = statements.get.get(id) as LeadRow | undefined;
      return row && fromRow(row);
    },
    listLeads({ limit = -1 } = {}) {
      return (statements.list.all(limit) as unknown as LeadRow[]).map(fromRow);
    },
    countLeads() {
      return Number((statements.count.get() as { count: number }).count);
    },
    claimNotification(id, { maxAttempts, staleBefore, now = new Date() }) {
      const result = statements.claim.run({
        id,
        maxAttempts,
        staleBefore: staleBefore.toISOString(),
        now: now.toISOString(),
      });
      return Number(result.changes) === 1;
    },
    markNotified(id, now = new Date()) {
      statements.markSent.run({ id, now: now.toISOString() });
    },
    markNotifyFailed(id, error, now = new Date()) {
      statements.markFailed.run({ id, error: truncate(error, 1000), now: now.toISOString() });
    },
    leadsAwaitingNotification({ maxAttempts, staleBefore }) {
      const rows = statements.awaiting.all({ maxAttempts, staleBefore: staleBefore.toISOString() }) as Array<{
        id: number;
      }>;
      return rows.map((row) => row.id);
    },
    close() {
      if (db.isOpen) db.close();
    },
  };
}

let processStore: LeadStore | undefined;

/** The process's store, opened on first use from LEADS_DB (default data/leads.sqlite) */
export function getLeadStore(env: Record<string, string | undefined> = process.env): LeadStore {
  processStore ??= openLeadStore(env['LEADS_DB'] || DEFAULT_LEADS_DB);
  return processStore;
}
