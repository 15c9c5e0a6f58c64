/**
 * The lead database's rows as SQLite returns them, and the prepared statements every store
 * method runs, for one connection.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { QuoteRequestFields } from '../../lib/validation.ts';
import {
  ACKNOWLEDGEMENT,
  CHANNELS,
  quoteFieldsOf,
  type ChannelName,
  type DeliveryKind,
  type DeliveryStatus,
  type LeadStatus,
  type StoredLead,
} from './records.ts';

/** A row of the leads table: the request's fields under their own names, the rest in snake case */
export interface LeadRow extends Omit<QuoteRequestFields, 'formSource'> {
  id: number;
  uid: string;
  created_at: string;
  form_source: string;
  user_agent: string | null;
  status: LeadStatus;
  follow_up: string | null;
  read_at: string | null;
  photos: number;
  photos_not_kept: number;
}

export interface NoteRow {
  lead_id: number;
  at: string;
  text: string;
}

export interface DeliveryRow {
  lead_id: number;
  channel: DeliveryKind;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string;
  delivered_at: string | null;
  last_error: string | null;
}

const isChannel = (kind: DeliveryKind): kind is ChannelName =>
  (CHANNELS as readonly string[]).includes(kind);

/** A lead with its deliveries to the owner, and apart from them the customer's acknowledgement */
export function fromRows(
  row: LeadRow,
  deliveries: readonly DeliveryRow[],
  notes: readonly NoteRow[],
): StoredLead {
  const acknowledgement = deliveries.find((delivery) => delivery.channel === ACKNOWLEDGEMENT);
  return {
    id: row.id,
    uid: row.uid,
    createdAt: row.created_at,
    formSource: row.form_source,
    ...quoteFieldsOf(row),
    page: row.page,
    userAgent: row.user_agent,
    status: row.status,
    followUp: row.follow_up,
    readAt: row.read_at,
    photos: row.photos,
    photosNotKept: row.photos_not_kept,
    notes: notes.map(({ at, text }) => ({ at, text })),
    deliveries: deliveries
      .flatMap((delivery) =>
        isChannel(delivery.channel) ? [{ ...delivery, channel: delivery.channel }] : [],
      )
      .sort((a, b) => CHANNELS.indexOf(a.channel) - CHANNELS.indexOf(b.channel))
      .map((delivery) => ({
        channel: delivery.channel,
        status: delivery.status,
        attempts: delivery.attempts,
        nextAttemptAt: delivery.next_attempt_at,
        deliveredAt: delivery.delivered_at,
        lastError: delivery.last_error,
      })),
    acknowledgement: acknowledgement
      ? { status: acknowledgement.status, deliveredAt: acknowledgement.delivered_at }
      : null,
  };
}

export const LEAD_COLUMNS =
  'id, uid, created_at, form_source, name, email, phone, address, service, message, page, user_agent, status, follow_up, read_at, photos, photos_not_kept';
const DELIVERY_COLUMNS =
  'lead_id, channel, status, attempts, next_attempt_at, delivered_at, last_error';

export function prepareStatements(db: DatabaseSync) {
  const prepare = (sql: string): StatementSync => db.prepare(sql);
  return {
    insert:
      prepare(`INSERT INTO leads (uid, created_at, form_source, name, email, phone, address, service, message, page,
      user_agent, photos, photos_not_kept) VALUES (:uid, :createdAt, :formSource, :name, :email, :phone, :address, :service,
      :message, :page, :userAgent, :photos, :photosNotKept)`),
    insertNote: prepare('INSERT INTO lead_notes (lead_id, at, text) VALUES (?, ?, ?)'),
    // Rows left by a lead deleted with foreign keys off (the sqlite3 shell) must not block a new one
    clearDeliveries: prepare('DELETE FROM deliveries WHERE lead_id = ?'),
    clearNotes: prepare('DELETE FROM lead_notes WHERE lead_id = ?'),
    notesOf: prepare('SELECT lead_id, at, text FROM lead_notes WHERE lead_id = ? ORDER BY id'),
    listNotes: prepare(`SELECT lead_id, at, text FROM lead_notes
      WHERE lead_id IN (SELECT id FROM leads ORDER BY id DESC LIMIT ?) ORDER BY id`),
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
    claim:
      prepare(`UPDATE deliveries SET status = 'sending', attempts = attempts + 1, updated_at = :now
      WHERE channel = :channel AND lead_id IN (
        SELECT lead_id FROM deliveries
        WHERE channel = :channel
          AND ((status = 'pending' AND (next_attempt_at <= :now OR next_attempt_at > :implausibleAfter))
            OR (status = 'sending' AND (updated_at < :staleBefore OR updated_at > :implausibleAfter)))
        ORDER BY attempts, next_attempt_at LIMIT :limit)
      RETURNING lead_id, channel, attempts`),
    release: prepare(`UPDATE deliveries SET status = 'pending', attempts = attempts - 1
      WHERE lead_id = :leadId AND channel = :channel AND status = 'sending'`),
    markSent:
      prepare(`UPDATE deliveries SET status = 'sent', delivered_at = :now, last_error = NULL, updated_at = :now
      WHERE lead_id = :leadId AND channel = :channel`),
    markFailed:
      prepare(`UPDATE deliveries SET status = :status, last_error = :error, next_attempt_at = :retryAt,
      updated_at = :now WHERE lead_id = :leadId AND channel = :channel`),
    nextDue: prepare(`SELECT MIN(CASE status WHEN 'pending' THEN next_attempt_at
        ELSE strftime('%Y-%m-%dT%H:%M:%fZ', updated_at, '+' || :staleSeconds || ' seconds') END) AS due
      FROM deliveries WHERE channel = :channel AND status IN ('pending', 'sending')`),
    addCount:
      prepare(`INSERT INTO daily_counts (day, path, kind, count) VALUES (:day, :path, :kind, :count)
      ON CONFLICT (day, path, kind) DO UPDATE SET count = count + excluded.count`),
    countsBetween: prepare(
      'SELECT day, path, kind, count FROM daily_counts WHERE day BETWEEN ? AND ? ORDER BY day, path, kind',
    ),
    addSource:
      prepare(`INSERT INTO daily_sources (day, source, site, count) VALUES (:day, :source, :site, :count)
      ON CONFLICT (day, source, site) DO UPDATE SET count = count + excluded.count`),
    sourcesBetween: prepare(
      'SELECT day, source, site, count FROM daily_sources WHERE day BETWEEN ? AND ? ORDER BY day, source, site',
    ),
    addVital:
      prepare(`INSERT INTO daily_vitals (day, page_kind, metric, bucket, count) VALUES (:day, :pageKind, :metric, :bucket, :count)
      ON CONFLICT (day, page_kind, metric, bucket) DO UPDATE SET count = count + excluded.count`),
    vitalsBetween: prepare(
      'SELECT day, page_kind AS pageKind, metric, bucket, count FROM daily_vitals WHERE day BETWEEN ? AND ? ORDER BY day, page_kind, metric, bucket',
    ),
    leadSources:
      prepare(`SELECT created_at AS createdAt, form_source AS formSource, page, status FROM leads
      WHERE created_at >= ? AND created_at < ? ORDER BY id`),
    claimWeek: prepare(
      'INSERT INTO weekly_summaries (week, sent_at) VALUES (?, ?) ON CONFLICT (week) DO NOTHING',
    ),
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
        AND EXISTS (SELECT 1 FROM deliveries WHERE lead_id = leads.id AND channel <> '${ACKNOWLEDGEMENT}')
        AND NOT EXISTS (SELECT 1 FROM deliveries WHERE lead_id = leads.id AND channel <> '${ACKNOWLEDGEMENT}' AND status = 'sent')
        AND (created_at < :overdueBefore OR NOT EXISTS (SELECT 1 FROM deliveries
          WHERE lead_id = leads.id AND channel <> '${ACKNOWLEDGEMENT}' AND status <> 'failed'))`),
    // Whole leads, so one notice names every channel a lead missed: none while another of its
    // channels is still on its first try (until the lead is older than :settledBefore), and the
    // limit counts leads
    toAnnounce: prepare(`WITH due AS (
        SELECT deliveries.lead_id AS leadId, deliveries.channel AS channel, deliveries.status AS status,
          deliveries.last_error AS lastError
        FROM deliveries JOIN leads ON leads.id = deliveries.lead_id
        WHERE deliveries.announced_at IS NULL AND deliveries.channel <> '${ACKNOWLEDGEMENT}'
          AND (deliveries.status = 'failed' OR (deliveries.status IN ('pending', 'sending') AND leads.created_at < :overdueBefore))
          AND (leads.created_at < :settledBefore OR NOT EXISTS (
            SELECT 1 FROM deliveries AS trying WHERE trying.lead_id = deliveries.lead_id
              AND trying.channel <> '${ACKNOWLEDGEMENT}'
              AND (trying.status = 'sending' OR (trying.status = 'pending' AND trying.attempts = 0)))))
      SELECT * FROM due WHERE leadId IN (SELECT DISTINCT leadId FROM due ORDER BY leadId LIMIT :limit)
      ORDER BY leadId, channel`),
    lastAcknowledged: prepare('SELECT at FROM acknowledged_addresses WHERE address_hash = ?'),
    acknowledged: prepare(`INSERT INTO acknowledged_addresses (address_hash, at) VALUES (:hash, :at)
      ON CONFLICT (address_hash) DO UPDATE SET at = excluded.at`),
    forgetAcknowledged: prepare('DELETE FROM acknowledged_addresses WHERE at <= ?'),
    markAnnounced: prepare(
      'UPDATE deliveries SET announced_at = :now WHERE lead_id = :leadId AND channel = :channel',
    ),
  };
}

export type Statements = ReturnType<typeof prepareStatements>;

/** A lead with its deliveries and notes, read with `statements` */
export function readLead(statements: Statements, row: LeadRow): StoredLead {
  return fromRows(
    row,
    statements.deliveriesOf.all(row.id) as unknown as DeliveryRow[],
    statements.notesOf.all(row.id) as unknown as NoteRow[],
  );
}
