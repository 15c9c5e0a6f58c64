/**
 * Quote requests in SQLite (node:sqlite), with an outbox of deliveries to the owner: one row per
 * lead and channel (e-mail, webhook, push), so a lead is stored and queued for every channel in
 * the same durable commit (WAL with synchronous=FULL) before the visitor is told it arrived.
 *
 * The store keeps to the file at its path: before and after each insert it checks that the path
 * still names the file it has open, and its -wal the WAL it writes (same device and inode). A
 * database deleted or replaced under a running server is reopened at the path (the lead stored
 * again there); a deleted -wal is checkpointed into the database first. So a lead is never
 * acknowledged into a file that no longer has a name.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { inTransaction } from './sqlite.ts';
import { prepareSchema } from './schema.ts';

export const DEFAULT_LEADS_DB = 'data/leads.sqlite';
/** How long a read or an outbox update waits for a lock held by another process */
const BUSY_TIMEOUT_MS = 2000;
export const USER_AGENT_MAX_LENGTH = 500;
export const PAGE_MAX_LENGTH = 500;
const ERROR_MAX_LENGTH = 1000;
/** Later than any time stored, in the stored format */
const FAR_FUTURE = '9999-12-31T23:59:59.999Z';

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
  /** Unique across databases (ids restart in a fresh or restored file): the webhook's idempotency key */
  uid: string;
  /** ISO 8601, UTC */
  createdAt: string;
  /** One per channel that was configured when the lead arrived, in CHANNELS order */
  deliveries: Delivery[];
}

/** Deliveries not yet made on one channel: how many, and when the oldest one's lead arrived */
export interface WaitingDeliveries {
  channel: ChannelName;
  waiting: number;
  oldestCreatedAt: string | null;
  /** Refused for good, or given up after retrying for 72 hours */
  failed: number;
  oldestFailedCreatedAt: string | null;
  /** Waiting deliveries stamped later than the health check's clock allows (the clock stepped back) */
  futureDated: number;
}

/** A delivery the owner has not been told about that failed for good or is overdue */
export interface UndeliveredNotice {
  lead: StoredLead;
  channel: ChannelName;
  status: DeliveryStatus;
  lastError: string | null;
}

/** What is counted for the owner's report (quote requests come from the leads themselves) */
export const COUNT_KINDS = ['view', 'tel', 'mailto'] as const;
export type CountKind = (typeof COUNT_KINDS)[number];

export interface DailyCount {
  /** YYYY-MM-DD, New Zealand time */
  day: string;
  path: string;
  kind: CountKind;
  count: number;
}

/** A quote request as the report counts it */
export interface LeadSource {
  /** ISO 8601, UTC */
  createdAt: string;
  formSource: string;
  page: string | null;
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
  /** Deletes a lead and its deliveries for good (a privacy request); false when there is none */
  deleteLead(id: number): boolean;
  /** Whether a lead is still stored (not deleted since) */
  hasLead(id: number): boolean;
  /**
   * Takes up to `limit` deliveries on `channel` for one attempt each (counting it), the least
   * tried first: those due by `now`, those left in flight since before `staleBefore` (a crash
   * mid-send), and those due or claimed after `implausibleAfter`, a time no clock that is right
   * could have written (it has stepped back since).
   */
  claimDueDeliveries(options: {
    channel: ChannelName;
    now: Date;
    staleBefore: Date;
    limit: number;
    implausibleAfter?: Date;
  }): ClaimedDelivery[];
  /** Gives back a claimed delivery that was not attempted after all, uncounted */
  releaseClaim(leadId: number, channel: ChannelName): void;
  markDelivered(leadId: number, channel: ChannelName, now?: Date): void;
  /** Records a failed attempt: due again at `retryAt`, or given up (failed) when it is null */
  markAttemptFailed(leadId: number, channel: ChannelName, options: { error: string; retryAt: Date | null; now?: Date }): void;
  /**
   * When the next delivery on `channel` is due (ISO 8601), or null when none is: a pending one's
   * retry, or the moment one in flight becomes stale (`staleAfterMs` after it was claimed)
   */
  nextDueAt(channel: ChannelName, staleAfterMs: number): string | null;
  /** Writes to the database (a throw means it cannot store a lead now) and counts what is waiting */
  health(options?: { now?: Date; latest?: Date }): WaitingDeliveries[];
  /**
   * Leads since `since` that reached the owner on no channel: every delivery failed, or none
   * made by `overdueBefore` (the lead is older than that)
   */
  countUnreachedLeads(options: { since: Date; overdueBefore: Date }): number;
  /** Failed deliveries, and those of leads from before `overdueBefore` still waiting, not yet announced */
  undeliveredToAnnounce(options: { overdueBefore: Date; limit: number }): UndeliveredNotice[];
  markAnnounced(leadId: number, channel: ChannelName, now?: Date): void;
  /** Adds counts to the daily totals, in one transaction */
  addCounts(counts: readonly DailyCount[]): void;
  /** The daily totals from `fromDay` to `toDay`, both included */
  countsBetween(fromDay: string, toDay: string): DailyCount[];
  /** Where and when the quote requests between two instants came from */
  leadSourcesBetween(from: Date, to: Date): LeadSource[];
  /** Marks the weekly summary of `week` as sent; false when it already was */
  claimWeeklySummary(week: string, now?: Date): boolean;
  /** Forgets a claim whose sending failed, so it is tried again */
  releaseWeeklySummary(week: string): void;
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

interface LeadRow {
  id: number;
  uid: string;
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
    uid: row.uid,
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
    deliveries: [...deliveries]
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

/** `value` cut to at most `maxLength` characters (code points), for what is stored */
export function clip(value: string | null, maxLength: number): string | null {
  if (value === null) return null;
  const characters = [...value];
  return characters.length > maxLength ? characters.slice(0, maxLength).join('') : value;
}

const LEAD_COLUMNS = 'id, uid, created_at, form_source, name, email, phone, address, service, message, page, user_agent';
const DELIVERY_COLUMNS = 'lead_id, channel, status, attempts, next_attempt_at, delivered_at, last_error';

function prepareStatements(db: DatabaseSync) {
  const prepare = (sql: string): StatementSync => db.prepare(sql);
  return {
    insert: prepare(`INSERT INTO leads (uid, created_at, form_source, name, email, phone, address, service, message, page,
      user_agent) VALUES (:uid, :createdAt, :formSource, :name, :email, :phone, :address, :service, :message, :page, :userAgent)`),
    // Rows left by a lead deleted with foreign keys off (the sqlite3 shell) must not block a new one
    clearDeliveries: prepare('DELETE FROM deliveries WHERE lead_id = ?'),
    insertDelivery: prepare(`INSERT INTO deliveries (lead_id, channel, next_attempt_at, updated_at)
      VALUES (:leadId, :channel, :now, :now)`),
    get: prepare(`SELECT ${LEAD_COLUMNS} FROM leads WHERE id = ?`),
    deliveriesOf: prepare(`SELECT ${DELIVERY_COLUMNS} FROM deliveries WHERE lead_id = ?`),
    list: prepare(`SELECT ${LEAD_COLUMNS} FROM leads ORDER BY id DESC LIMIT ?`),
    listDeliveries: prepare(`SELECT ${DELIVERY_COLUMNS} FROM deliveries
      WHERE lead_id IN (SELECT id FROM leads ORDER BY id DESC LIMIT ?)`),
    count: prepare('SELECT COUNT(*) AS count FROM leads'),
    deleteLead: prepare('DELETE FROM leads WHERE id = ?'),
    hasLead: prepare('SELECT 1 AS found FROM leads WHERE id = ?'),
    // The least tried first: a fresh lead is the best test of whether the channel works
    claim: prepare(`UPDATE deliveries SET status = 'sending', attempts = attempts + 1, updated_at = :now
      WHERE channel = :channel AND lead_id IN (
        SELECT lead_id FROM deliveries
        WHERE channel = :channel
          AND ((status = 'pending' AND (next_attempt_at <= :now OR next_attempt_at > :implausibleAfter))
            OR (status = 'sending' AND (updated_at < :staleBefore OR updated_at > :implausibleAfter)))
        ORDER BY attempts, next_attempt_at LIMIT :limit)
      RETURNING lead_id, channel, attempts`),
    release: prepare(`UPDATE deliveries SET status = 'pending', attempts = attempts - 1
      WHERE lead_id = :leadId AND channel = :channel AND status = 'sending'`),
    markSent: prepare(`UPDATE deliveries SET status = 'sent', delivered_at = :now, last_error = NULL, updated_at = :now
      WHERE lead_id = :leadId AND channel = :channel`),
    markFailed: prepare(`UPDATE deliveries SET status = :status, last_error = :error, next_attempt_at = :retryAt,
      updated_at = :now WHERE lead_id = :leadId AND channel = :channel`),
    nextDue: prepare(`SELECT MIN(CASE status WHEN 'pending' THEN next_attempt_at
        ELSE strftime('%Y-%m-%dT%H:%M:%fZ', updated_at, '+' || :staleSeconds || ' seconds') END) AS due
      FROM deliveries WHERE channel = :channel AND status IN ('pending', 'sending')`),
    addCount: prepare(`INSERT INTO daily_counts (day, path, kind, count) VALUES (:day, :path, :kind, :count)
      ON CONFLICT (day, path, kind) DO UPDATE SET count = count + excluded.count`),
    countsBetween: prepare('SELECT day, path, kind, count FROM daily_counts WHERE day BETWEEN ? AND ? ORDER BY day, path, kind'),
    leadSources: prepare(`SELECT created_at AS createdAt, form_source AS formSource, page FROM leads
      WHERE created_at >= ? AND created_at < ? ORDER BY id`),
    claimWeek: prepare('INSERT INTO weekly_summaries (week, sent_at) VALUES (?, ?) ON CONFLICT (week) DO NOTHING'),
    releaseWeek: prepare('DELETE FROM weekly_summaries WHERE week = ?'),
    touch: prepare(
      `INSERT INTO health_checks (id, checked_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at`,
    ),
    waiting: prepare(`SELECT deliveries.channel AS channel,
        SUM(deliveries.status IN ('pending', 'sending')) AS waiting,
        MIN(CASE WHEN deliveries.status IN ('pending', 'sending') THEN leads.created_at END) AS oldest,
        SUM(deliveries.status = 'failed') AS failed,
        MIN(CASE WHEN deliveries.status = 'failed' THEN leads.created_at END) AS oldestFailed,
        SUM(deliveries.status IN ('pending', 'sending')
          AND (leads.created_at > :latest OR deliveries.next_attempt_at > :latest OR deliveries.updated_at > :latest)) AS futureDated
      FROM deliveries JOIN leads ON leads.id = deliveries.lead_id
      WHERE deliveries.status <> 'sent' GROUP BY deliveries.channel`),
    unreached: prepare(`SELECT COUNT(*) AS count FROM leads
      WHERE created_at >= :since
        AND EXISTS (SELECT 1 FROM deliveries WHERE lead_id = leads.id)
        AND NOT EXISTS (SELECT 1 FROM deliveries WHERE lead_id = leads.id AND status = 'sent')
        AND (created_at < :overdueBefore OR NOT EXISTS (SELECT 1 FROM deliveries WHERE lead_id = leads.id AND status <> 'failed'))`),
    toAnnounce: prepare(`SELECT deliveries.lead_id AS leadId, deliveries.channel AS channel, deliveries.status AS status,
        deliveries.last_error AS lastError
      FROM deliveries JOIN leads ON leads.id = deliveries.lead_id
      WHERE deliveries.announced_at IS NULL
        AND (deliveries.status = 'failed' OR (deliveries.status IN ('pending', 'sending') AND leads.created_at < :overdueBefore))
      ORDER BY deliveries.lead_id LIMIT :limit`),
    markAnnounced: prepare('UPDATE deliveries SET announced_at = :now WHERE lead_id = :leadId AND channel = :channel'),
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
  /** The -wal this connection writes to (noted once it exists) */
  wal: FileIdentity | undefined;
  shm: FileIdentity | undefined;
}

/** same: all as opened; wal-lost: the -wal lost its name; replaced: the database file did */
type FileState = 'same' | 'wal-lost' | 'replaced';

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
    // A deleted request (a privacy request) is overwritten, not left in free pages
    db.exec('PRAGMA secure_delete = ON');
    prepareSchema(db);
    return {
      db,
      statements: prepareStatements(db),
      file: identify(path)!,
      wal: identify(`${path}-wal`),
      shm: identify(`${path}-shm`),
    };
  } catch (error) {
    db.close();
    throw error;
  }
}

function fileState(connection: Connection): FileState {
  if (!isSameFile(connection.file)) return 'replaced';
  connection.wal ??= identify(`${connection.file.path}-wal`);
  return connection.wal && !isSameFile(connection.wal) ? 'wal-lost' : 'same';
}

/** Copies every committed page from the WAL into the database file; throws if any is left behind */
function checkpoint(db: DatabaseSync) {
  const result = db.prepare('PRAGMA wal_checkpoint(TRUNCATE)').get() as { busy: number } | undefined;
  if (result?.busy) throw new Error('The WAL could not be checkpointed: another connection is reading');
}

function closeConnection(connection: Connection, withCheckpoint: boolean) {
  if (!connection.db.isOpen) return;
  try {
    if (withCheckpoint) checkpoint(connection.db);
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
  let closed = false;

  /**
   * Makes the connection match the files at the path again. A replaced database's -wal and -shm
   * are removed (SQLite would replay the old WAL into the new file); a deleted -wal is first
   * checkpointed through the open handle, which still reaches it, into the database file.
   */
  function reopen(state: Exclude<FileState, 'same'>) {
    closeConnection(current, state === 'wal-lost');
    if (state === 'replaced') {
      for (const companion of [current.wal, current.shm]) if (companion && isSameFile(companion)) rmSync(companion.path, { force: true });
    }
    current = connect(absolutePath);
  }

  /** The connection to the files now at the path */
  function connection(): Connection {
    if (closed) throw new Error('The lead store is closed');
    const state = fileState(current);
    if (state !== 'same') reopen(state);
    return current;
  }

  function insertOnce(lead: NewLead, { channels = [], now = new Date(), deadline }: InsertOptions): number {
    const { db, statements } = connection();
    if (deadline !== undefined) {
      const waitMs = Math.floor(deadline - Date.now());
      if (waitMs <= 0) throw new StoreBusyError('The lead store was busy past the request deadline');
      db.exec(`PRAGMA busy_timeout = ${waitMs}`);
    }
    const begin = () => {
      try {
        db.exec('BEGIN IMMEDIATE');
      } catch (error) {
        if (isBusy(error)) throw new StoreBusyError('The lead store was locked by another process', { cause: error });
        throw error;
      } finally {
        if (deadline !== undefined) db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
      }
    };
    return inTransaction(
      db,
      () => {
        const createdAt = now.toISOString();
        const result = statements.insert.run({
          uid: randomUUID(),
          createdAt,
          formSource: lead.formSource,
          name: lead.name,
          email: lead.email,
          phone: lead.phone,
          address: lead.address,
          service: lead.service,
          message: lead.message,
          page: clip(lead.page, PAGE_MAX_LENGTH),
          userAgent: clip(lead.userAgent, USER_AGENT_MAX_LENGTH),
        });
        const id = Number(result.lastInsertRowid);
        statements.clearDeliveries.run(id);
        for (const channel of channels) statements.insertDelivery.run({ leadId: id, channel, now: createdAt });
        return id;
      },
      begin,
    );
  }

  function leadsWithDeliveries(rows: readonly LeadRow[], deliveries: readonly DeliveryRow[]): StoredLead[] {
    const byLead = Map.groupBy(deliveries, (delivery) => delivery.lead_id);
    return rows.map((row) => fromRows(row, byLead.get(row.id) ?? []));
  }

  return {
    path: absolutePath,
    insertLead(lead, options = {}) {
      // Committed, then checked: a database replaced in between has the lead in the old file, so
      // it is stored again in the new one; a WAL deleted in between is saved into the database
      for (let attempt = 0; attempt < 2; attempt++) {
        const id = insertOnce(lead, options);
        const state = fileState(current);
        if (state === 'same') return id;
        reopen(state);
        if (state === 'wal-lost') return id;
      }
      throw new Error(`${absolutePath} was replaced twice while a lead was being stored`);
    },
    getLead(id) {
      const { statements } = connection();
      const row = statements.get.get(id) as LeadRow | undefined;
      return row && fromRows(row, statements.deliveriesOf.all(id) as unknown as DeliveryRow[]);
    },
    listLeads({ limit = -1 } = {}) {
      const { db, statements } = connection();
      // One snapshot for both reads, so a lead stored in between is not shown without its deliveries
      db.exec('BEGIN');
      try {
        const rows = statements.list.all(limit) as unknown as LeadRow[];
        return leadsWithDeliveries(rows, statements.listDeliveries.all(limit) as unknown as DeliveryRow[]);
      } finally {
        db.exec('COMMIT');
      }
    },
    countLeads() {
      return Number((connection().statements.count.get() as { count: number }).count);
    },
    deleteLead(id) {
      const { db, statements } = connection();
      return inTransaction(db, () => {
        statements.clearDeliveries.run(id);
        return Number(statements.deleteLead.run(id).changes) === 1;
      });
    },
    hasLead(id) {
      return connection().statements.hasLead.get(id) !== undefined;
    },
    claimDueDeliveries({ channel, now, staleBefore, limit, implausibleAfter }) {
      const rows = connection().statements.claim.all({
        channel,
        now: now.toISOString(),
        staleBefore: staleBefore.toISOString(),
        implausibleAfter: implausibleAfter?.toISOString() ?? FAR_FUTURE,
        limit,
      }) as Array<{ lead_id: number; channel: ChannelName; attempts: number }>;
      return rows.map((row) => ({ leadId: row.lead_id, channel: row.channel, attempts: row.attempts }));
    },
    releaseClaim(leadId, channel) {
      connection().statements.release.run({ leadId, channel });
    },
    markDelivered(leadId, channel, now = new Date()) {
      connection().statements.markSent.run({ leadId, channel, now: now.toISOString() });
    },
    markAttemptFailed(leadId, channel, { error, retryAt, now = new Date() }) {
      connection().statements.markFailed.run({
        leadId,
        channel,
        status: retryAt ? 'pending' : 'failed',
        error: clip(error, ERROR_MAX_LENGTH),
        retryAt: (retryAt ?? now).toISOString(),
        now: now.toISOString(),
      });
    },
    nextDueAt(channel, staleAfterMs) {
      const staleSeconds = (staleAfterMs / 1000).toFixed(3);
      return (connection().statements.nextDue.get({ channel, staleSeconds }) as { due: string | null }).due;
    },
    addCounts(counts) {
      const { db, statements } = connection();
      inTransaction(db, () => {
        for (const { day, path, kind, count } of counts) statements.addCount.run({ day, path, kind, count });
      });
    },
    countsBetween(fromDay, toDay) {
      return connection().statements.countsBetween.all(fromDay, toDay) as unknown as DailyCount[];
    },
    leadSourcesBetween(from, to) {
      return connection().statements.leadSources.all(from.toISOString(), to.toISOString()) as unknown as LeadSource[];
    },
    claimWeeklySummary(week, now = new Date()) {
      return Number(connection().statements.claimWeek.run(week, now.toISOString()).changes) === 1;
    },
    releaseWeeklySummary(week) {
      connection().statements.releaseWeek.run(week);
    },
    health({ now = new Date(), latest = now } = {}) {
      const { statements } = connection();
      statements.touch.run(now.toISOString());
      const rows = statements.waiting.all({ latest: latest.toISOString() }) as Array<{
        channel: ChannelName;
        waiting: number;
        oldest: string | null;
        failed: number;
        oldestFailed: string | null;
        futureDated: number;
      }>;
      return rows.map(({ channel, waiting, oldest, failed, oldestFailed, futureDated }) => ({
        channel,
        waiting,
        oldestCreatedAt: oldest,
        failed,
        oldestFailedCreatedAt: oldestFailed,
        futureDated,
      }));
    },
    countUnreachedLeads({ since, overdueBefore }) {
      const row = connection().statements.unreached.get({ since: since.toISOString(), overdueBefore: overdueBefore.toISOString() });
      return Number((row as { count: number }).count);
    },
    undeliveredToAnnounce({ overdueBefore, limit }) {
      const { statements } = connection();
      const rows = statements.toAnnounce.all({ overdueBefore: overdueBefore.toISOString(), limit }) as Array<{
        leadId: number;
        channel: ChannelName;
        status: DeliveryStatus;
        lastError: string | null;
      }>;
      return rows.flatMap(({ leadId, channel, status, lastError }) => {
        const row = statements.get.get(leadId) as LeadRow | undefined;
        if (!row) return [];
        return [{ lead: fromRows(row, statements.deliveriesOf.all(leadId) as unknown as DeliveryRow[]), channel, status, lastError }];
      });
    },
    markAnnounced(leadId, channel, now = new Date()) {
      connection().statements.markAnnounced.run({ leadId, channel, now: now.toISOString() });
    },
    close({ checkpoint = true } = {}) {
      closed = true;
      closeConnection(current, checkpoint);
    },
  };
}
