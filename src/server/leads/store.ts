/**
 * Quote requests in SQLite (node:sqlite), with an outbox of deliveries to the owner: one row per
 * lead and channel (e-mail, webhook, push), so a lead is stored and queued for every channel in
 * the same durable commit (WAL with synchronous=FULL) before the visitor is told it arrived.
 *
 * The store keeps to the file at its path: before and after each insert it checks that the path
 * still names the file it has open (same device and inode). A database deleted or replaced under
 * a running server is reopened at the path, so a lead is never acknowledged into a lost file.
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';

export const DEFAULT_LEADS_DB = 'data/leads.sqlite';
/** How long a read or an outbox update waits for a lock held by another process */
const BUSY_TIMEOUT_MS = 2000;
export const USER_AGENT_MAX_LENGTH = 500;
export const PAGE_MAX_LENGTH = 500;
const ERROR_MAX_LENGTH = 1000;

export const CHANNELS = ['email', 'webhook', 'ntfy'] as const;
export type ChannelName = (typeof CHANNELS)[number];

/**
 * pending: due at `nextAttemptAt` (the first attempt or a retry); sending: an attempt is in
 * flight; sent: delivered; failed: given up (still undelivered when retries stopped).
 */
export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed';

export interface Delivery {
  channel: ChannelName;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: string;
  deliveredAt: string | null;
  lastError: string | null;
}

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
  /** One per channel that was configured when the lead arrived, in CHANNELS order */
  deliveries: Delivery[];
}

/** A delivery taken for one attempt */
export interface ClaimedDelivery {
  leadId: number;
  channel: ChannelName;
  /** Attempts made, this one included */
  attempts: number;
}

export interface InsertOptions {
  /** Channels to deliver the lead to */
  channels?: readonly ChannelName[];
  now?: Date;
  /** Epoch ms: give up (StoreBusyError) rather than wait for a lock past this moment */
  deadline?: number;
}

export interface LeadStore {
  readonly path: string;
  /** Stores a lead and its deliveries durably, in the file at `path`, and returns its id */
  insertLead(lead: NewLead, options?: InsertOptions): number;
  getLead(id: number): StoredLead | undefined;
  /** Newest first */
  listLeads(options?: { limit?: number }): StoredLead[];
  countLeads(): number;
  /**
   * Takes up to `limit` deliveries on `channels` for one attempt each (counting it): those due
   * by `now`, and those left in flight since before `staleBefore` (a crash mid-send).
   */
  claimDueDeliveries(options: { channels: readonly ChannelName[]; now: Date; staleBefore: Date; limit: number }): ClaimedDelivery[];
  markDelivered(leadId: number, channel: ChannelName, now?: Date): void;
  /** Records a failed attempt: due again at `retryAt`, or given up (failed) when it is null */
  markAttemptFailed(leadId: number, channel: ChannelName, options: { error: string; retryAt: Date | null; now?: Date }): void;
  /** When the next pending delivery on `channels` is due (ISO 8601), or null when none is */
  nextDueAt(channels: readonly ChannelName[]): string | null;
  /**
   * Checkpoints the WAL into the main file (so a plain copy of it holds every lead) and closes;
   * `checkpoint: false` only closes (after a failure, when the file may not be writable).
   */
  close(options?: { checkpoint?: boolean }): void;
}

/** The lock was not free before the request's deadline; nothing was stored */
export class StoreBusyError extends Error {
  override name = 'StoreBusyError';
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
  user_agent TEXT
);
CREATE TABLE IF NOT EXISTS deliveries (
  lead_id INTEGER NOT NULL REFERENCES leads (id),
  channel TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  delivered_at TEXT,
  last_error TEXT,
  PRIMARY KEY (lead_id, channel)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS deliveries_open ON deliveries (status, next_attempt_at) WHERE status IN ('pending', 'sending');
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
}

interface DeliveryRow {
  lead_id: number;
  channel: ChannelName;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string;
  delivered_at: string | null;
  last_error: string | null;
}

function fromRows(row: LeadRow, deliveries: readonly DeliveryRow[]): StoredLead {
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
    deliveries: deliveries
      .filter((delivery) => delivery.lead_id === row.id)
      .sort((a, b) => CHANNELS.indexOf(a.channel) - CHANNELS.indexOf(b.channel))
      .map((delivery) => ({
        channel: delivery.channel,
        status: delivery.status,
        attempts: delivery.attempts,
        nextAttemptAt: delivery.next_attempt_at,
        deliveredAt: delivery.delivered_at,
        lastError: delivery.last_error,
      })),
  };
}

export function truncate(value: string | null, maxLength: number): string | null {
  if (value === null) return null;
  const characters = [...value];
  return characters.length > maxLength ? characters.slice(0, maxLength).join('') : value;
}

const LEAD_COLUMNS = 'id, created_at, form_source, name, email, phone, address, service, message, page, user_agent';
const DELIVERY_COLUMNS = 'lead_id, channel, status, attempts, next_attempt_at, delivered_at, last_error';
/** A JSON array of channel names, for `IN (SELECT value FROM json_each(:channels))` */
const channelList = (channels: readonly ChannelName[]) => JSON.stringify(channels);

function prepareStatements(db: DatabaseSync) {
  const prepare = (sql: string): StatementSync => db.prepare(sql);
  return {
    insert: prepare(`INSERT INTO leads (created_at, form_source, name, email, phone, address, service, message, page, user_agent)
      VALUES (:createdAt, :formSource, :name, :email, :phone, :address, :service, :message, :page, :userAgent)`),
    insertDelivery: prepare(`INSERT INTO deliveries (lead_id, channel, next_attempt_at, updated_at)
      VALUES (:leadId, :channel, :now, :now)`),
    get: prepare(`SELECT ${LEAD_COLUMNS} FROM leads WHERE id = ?`),
    deliveriesOf: prepare(`SELECT ${DELIVERY_COLUMNS} FROM deliveries WHERE lead_id = ?`),
    list: prepare(`SELECT ${LEAD_COLUMNS} FROM leads ORDER BY id DESC LIMIT ?`),
    listDeliveries: prepare(`SELECT ${DELIVERY_COLUMNS} FROM deliveries
      WHERE lead_id IN (SELECT id FROM leads ORDER BY id DESC LIMIT ?)`),
    count: prepare('SELECT COUNT(*) AS count FROM leads'),
    claim: prepare(`UPDATE deliveries SET status = 'sending', attempts = attempts + 1, updated_at = :now
      WHERE (lead_id, channel) IN (
        SELECT lead_id, channel FROM deliveries
        WHERE channel IN (SELECT value FROM json_each(:channels))
          AND ((status = 'pending' AND next_attempt_at <= :now) OR (status = 'sending' AND updated_at < :staleBefore))
        ORDER BY next_attempt_at LIMIT :limit)
      RETURNING lead_id, channel, attempts`),
    markSent: prepare(`UPDATE deliveries SET status = 'sent', delivered_at = :now, last_error = NULL, updated_at = :now
      WHERE lead_id = :leadId AND channel = :channel`),
    markFailed: prepare(`UPDATE deliveries SET status = :status, last_error = :error, next_attempt_at = :retryAt,
      updated_at = :now WHERE lead_id = :leadId AND channel = :channel`),
    nextDue: prepare(`SELECT MIN(next_attempt_at) AS due FROM deliveries
      WHERE status = 'pending' AND channel IN (SELECT value FROM json_each(:channels))`),
  };
}

interface FileIdentity {
  path: string;
  device: number;
  inode: number;
}

interface Connection {
  db: DatabaseSync;
  statements: ReturnType<typeof prepareStatements>;
  file: FileIdentity;
  /** The -wal and -shm files this connection works with */
  companions: FileIdentity[];
}

function identify(path: string): FileIdentity | undefined {
  const stats = statSync(path, { throwIfNoEntry: false });
  return stats && { path, device: stats.dev, inode: stats.ino };
}

/** Whether the file at `identity.path` is still the one identified */
function isSameFile(identity: FileIdentity): boolean {
  const now = identify(identity.path);
  return now !== undefined && now.device === identity.device && now.inode === identity.inode;
}

/** Opens (creating when needed) the database at `path`; closes the handle again if any step fails */
function connect(path: string): Connection {
  mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  try {
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
    db.exec(SCHEMA);
    return {
      db,
      statements: prepareStatements(db),
      file: identify(path)!,
      companions: [`${path}-wal`, `${path}-shm`].flatMap((companion) => identify(companion) ?? []),
    };
  } catch (error) {
    db.close();
    throw error;
  }
}

function closeConnection(connection: Connection, checkpoint: boolean) {
  if (!connection.db.isOpen) return;
  try {
    if (checkpoint) connection.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    connection.db.close();
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { errcode?: number } | null)?.errcode;
  // SQLITE_BUSY and its extended codes (the low byte is the primary code)
  return typeof code === 'number' && (code & 0xff) === 5;
}

/** Opens (creating when needed) the database at `path`, with durable commits */
export function openLeadStore(path: string): LeadStore {
  const absolutePath = resolve(path);
  let current: Connection = connect(absolutePath);

  /**
   * The connection to the file now at the path, reopening when it was deleted or replaced. The
   * old file's -wal and -shm are removed first: SQLite would otherwise replay the old WAL into
   * the new file.
   */
  function connection(): Connection {
    if (!isSameFile(current.file)) {
      closeConnection(current, false);
      for (const companion of current.companions) if (isSameFile(companion)) rmSync(companion.path, { force: true });
      current = connect(absolutePath);
    }
    return current;
  }

  function insertOnce(lead: NewLead, { channels = [], now = new Date(), deadline }: InsertOptions): number {
    const { db, statements } = connection();
    if (deadline !== undefined) {
      const waitMs = Math.floor(deadline - Date.now());
      if (waitMs <= 0) throw new StoreBusyError('The lead store was busy past the request deadline');
      db.exec(`PRAGMA busy_timeout = ${waitMs}`);
    }
    try {
      db.exec('BEGIN IMMEDIATE');
    } catch (error) {
      if (isBusy(error)) throw new StoreBusyError('The lead store was locked by another process', { cause: error });
      throw error;
    } finally {
      if (deadline !== undefined) db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    }
    try {
      const createdAt = now.toISOString();
      const result = statements.insert.run({
        createdAt,
        formSource: lead.formSource,
        name: lead.name,
        email: lead.email,
        phone: lead.phone,
        address: lead.address,
        service: lead.service,
        message: lead.message,
        page: truncate(lead.page, PAGE_MAX_LENGTH),
        userAgent: truncate(lead.userAgent, USER_AGENT_MAX_LENGTH),
      });
      const id = Number(result.lastInsertRowid);
      for (const channel of channels) statements.insertDelivery.run({ leadId: id, channel, now: createdAt });
      db.exec('COMMIT');
      return id;
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw error;
    }
  }

  function leadsWithDeliveries(rows: readonly LeadRow[], deliveries: readonly DeliveryRow[]): StoredLead[] {
    return rows.map((row) => fromRows(row, deliveries));
  }

  return {
    path: absolutePath,
    insertLead(lead, options = {}) {
      // Committed, then checked: a file replaced in between means the lead went to the old one
      for (let attempt = 0; attempt < 2; attempt++) {
        const id = insertOnce(lead, options);
        if (isSameFile(current.file)) return id;
      }
      throw new Error(`${absolutePath} was replaced twice while a lead was being stored`);
    },
    getLead(id) {
      const { statements } = connection();
      const row = statements.get.get(id) as LeadRow | undefined;
      return row && fromRows(row, statements.deliveriesOf.all(id) as unknown as DeliveryRow[]);
    },
    listLeads({ limit = -1 } = {}) {
      const { statements } = connection();
      const rows = statements.list.all(limit) as unknown as LeadRow[];
      return leadsWithDeliveries(rows, statements.listDeliveries.all(limit) as unknown as DeliveryRow[]);
    },
    countLeads() {
      return Number((connection().statements.count.get() as { count: number }).count);
    },
    claimDueDeliveries({ channels, now, staleBefore, limit }) {
      const rows = connection().statements.claim.all({
        channels: channelList(channels),
        now: now.toISOString(),
        staleBefore: staleBefore.toISOString(),
        limit,
      }) as Array<{ lead_id: number; channel: ChannelName; attempts: number }>;
      return rows.map((row) => ({ leadId: row.lead_id, channel: row.channel, attempts: row.attempts }));
    },
    markDelivered(leadId, channel, now = new Date()) {
      connection().statements.markSent.run({ leadId, channel, now: now.toISOString() });
    },
    markAttemptFailed(leadId, channel, { error, retryAt, now = new Date() }) {
      connection().statements.markFailed.run({
        leadId,
        channel,
        status: retryAt ? 'pending' : 'failed',
        error: truncate(error, ERROR_MAX_LENGTH),
        retryAt: (retryAt ?? now).toISOString(),
        now: now.toISOString(),
      });
    },
    nextDueAt(channels) {
      const row = connection().statements.nextDue.get({ channels: channelList(channels) }) as { due: string | null };
      return row.due;
    },
    close({ checkpoint = true } = {}) {
      closeConnection(current, checkpoint);
    },
  };
}
