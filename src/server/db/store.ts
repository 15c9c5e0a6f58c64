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
import { createHash, randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { BUSY_TIMEOUT_MS, isBusy, openDatabaseFile } from './database-file.ts';
import {
  ACKNOWLEDGE_ONCE_IN_MS,
  ACKNOWLEDGEMENT,
  StoreBusyError,
  type DeliveryKind,
  type ChannelName,
  type DailyCount,
  type DailySource,
  type DailyVital,
  type DeliveryStatus,
  type InsertOptions,
  type LeadSource,
  type LeadStore,
  type NewLead,
  type StoredLead,
} from './records.ts';
import { ownerRecords } from './owner-store.ts';
import { pushDeviceRecords } from './push-devices.ts';
import {
  fromRows,
  readLead,
  type DeliveryRow,
  type LeadRow,
  type NoteRow,
  type Statements,
} from './statements.ts';
import { inTransaction } from './sqlite.ts';
import { photoCount } from '../../lib/photos.ts';

export const DEFAULT_LEADS_DB = 'data/leads.sqlite';
export const USER_AGENT_MAX_LENGTH = 500;
export const PAGE_MAX_LENGTH = 500;
const ERROR_MAX_LENGTH = 1000;
/** Later than any time stored, in the stored format */
const FAR_FUTURE = '9999-12-31T23:59:59.999Z';

/** The note on a lead whose photos arrived but could not be kept */
export function photosNotKeptNote(count: number): string {
  return `The customer sent ${photoCount(count)}, but the server's disk was full and ${count === 1 ? 'it was' : 'they were'} not kept. Ask for ${count === 1 ? 'it' : 'them'} by e-mail.`;
}

/** `value` cut to at most `maxLength` characters (code points), for what is stored */
export function clip(value: string | null, maxLength: number): string | null {
  if (value === null) return null;
  const characters = [...value];
  return characters.length > maxLength ? characters.slice(0, maxLength).join('') : value;
}

/**
 * Whether `address` may be acknowledged at `now` (none went to it in the last day), noting it if so;
 * addresses are kept as hashes, and only for that day
 */
function claimAcknowledgement(statements: Statements, address: string, now: Date): boolean {
  const since = new Date(now.getTime() - ACKNOWLEDGE_ONCE_IN_MS).toISOString();
  statements.forgetAcknowledged.run(since);
  const hash = createHash('sha256').update(address.trim().toLowerCase()).digest('hex');
  const last = statements.lastAcknowledged.get(hash) as { at: string } | undefined;
  if (last && last.at > since) return false;
  statements.acknowledged.run({ hash, at: now.toISOString() });
  return true;
}

/** Opens (creating when needed) the database at `path`, with durable commits */
export function openLeadStore(path: string): LeadStore {
  const absolutePath = resolve(path);
  const file = openDatabaseFile(absolutePath);
  const connection = () => file.connection();

  function insertOnce(
    lead: NewLead,
    { channels = [], acknowledge, now = new Date(), deadline }: InsertOptions,
  ): number {
    const { db, statements } = connection();
    if (deadline !== undefined) {
      const waitMs = Math.floor(deadline - Date.now());
      if (waitMs <= 0)
        throw new StoreBusyError('The lead store was busy past the request deadline');
      db.exec(`PRAGMA busy_timeout = ${waitMs}`);
    }
    const begin = () => {
      try {
        db.exec('BEGIN IMMEDIATE');
      } catch (error) {
        if (isBusy(error))
          throw new StoreBusyError('The lead store was locked by another process', {
            cause: error,
          });
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
          photos: lead.photos ?? 0,
          photosNotKept: lead.photosNotKept ?? 0,
        });
        const id = Number(result.lastInsertRowid);
        statements.clearDeliveries.run(id);
        statements.clearNotes.run(id);
        if (lead.photosNotKept)
          statements.insertNote.run(id, createdAt, photosNotKeptNote(lead.photosNotKept));
        for (const channel of channels)
          statements.insertDelivery.run({ leadId: id, channel, now: createdAt });
        if (acknowledge !== undefined && claimAcknowledgement(statements, acknowledge, now))
          statements.insertDelivery.run({ leadId: id, channel: ACKNOWLEDGEMENT, now: createdAt });
        return id;
      },
      begin,
    );
  }

  function leadsWithDeliveries(
    rows: readonly LeadRow[],
    deliveries: readonly DeliveryRow[],
    notes: readonly NoteRow[],
  ): StoredLead[] {
    const deliveriesByLead = Map.groupBy(deliveries, (delivery) => delivery.lead_id);
    const notesByLead = Map.groupBy(notes, (note) => note.lead_id);
    return rows.map((row) =>
      fromRows(row, deliveriesByLead.get(row.id) ?? [], notesByLead.get(row.id) ?? []),
    );
  }

  return {
    ...ownerRecords(connection),
    ...pushDeviceRecords(connection),
    path: absolutePath,
    insertLead(lead, options = {}) {
      // Committed, then checked: a database replaced in between has the lead in the old file, so
      // it is stored again in the new one; a WAL deleted in between is saved into the database
      for (let attempt = 0; attempt < 2; attempt++) {
        const id = insertOnce(lead, options);
        const state = file.checkAfterCommit();
        if (state !== 'replaced') return id;
      }
      throw new Error(`${absolutePath} was replaced twice while a lead was being stored`);
    },
    getLead(id) {
      const { statements } = connection();
      const row = statements.get.get(id) as LeadRow | undefined;
      return row && readLead(statements, row);
    },
    listLeads({ limit = -1 } = {}) {
      const { db, statements } = connection();
      // One snapshot for both reads, so a lead stored in between is not shown without its deliveries
      db.exec('BEGIN');
      try {
        const rows = statements.list.all(limit) as unknown as LeadRow[];
        return leadsWithDeliveries(
          rows,
          statements.listDeliveries.all(limit) as unknown as DeliveryRow[],
          statements.listNotes.all(limit) as unknown as NoteRow[],
        );
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
        statements.clearNotes.run(id);
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
      }) as Array<{ lead_id: number; channel: DeliveryKind; attempts: number }>;
      return rows.map((row) => ({
        leadId: row.lead_id,
        channel: row.channel,
        attempts: row.attempts,
      }));
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
      return (
        connection().statements.nextDue.get({ channel, staleSeconds }) as { due: string | null }
      ).due;
    },
    addCounts(counts) {
      const { db, statements } = connection();
      inTransaction(db, () => {
        for (const { day, path, kind, count } of counts)
          statements.addCount.run({ day, path, kind, count });
      });
    },
    countsBetween(fromDay, toDay) {
      return connection().statements.countsBetween.all(fromDay, toDay) as unknown as DailyCount[];
    },
    addSources(sources) {
      const { db, statements } = connection();
      inTransaction(db, () => {
        for (const { day, source, site, count } of sources)
          statements.addSource.run({ day, source, site: site ?? '', count });
      });
    },
    sourcesBetween(fromDay, toDay) {
      const rows = connection().statements.sourcesBetween.all(fromDay, toDay) as unknown as Array<
        Omit<DailySource, 'site'> & { site: string }
      >;
      return rows.map((row) => ({ ...row, site: row.site || null }));
    },
    addVitals(readings) {
      const { db, statements } = connection();
      inTransaction(db, () => {
        for (const { day, pageKind, metric, bucket, count } of readings)
          statements.addVital.run({ day, pageKind, metric, bucket, count });
      });
    },
    vitalsBetween(fromDay, toDay) {
      return connection().statements.vitalsBetween.all(fromDay, toDay) as unknown as DailyVital[];
    },
    leadSourcesBetween(from, to) {
      return connection().statements.leadSources.all(
        from.toISOString(),
        to.toISOString(),
      ) as unknown as LeadSource[];
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
        channel: DeliveryKind;
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
      const row = connection().statements.unreached.get({
        since: since.toISOString(),
        overdueBefore: overdueBefore.toISOString(),
      });
      return Number((row as { count: number }).count);
    },
    undeliveredToAnnounce({ overdueBefore, limit }) {
      const { statements } = connection();
      const rows = statements.toAnnounce.all({
        overdueBefore: overdueBefore.toISOString(),
        limit,
      }) as Array<{
        leadId: number;
        channel: ChannelName;
        status: DeliveryStatus;
        lastError: string | null;
      }>;
      return rows.flatMap(({ leadId, channel, status, lastError }) => {
        const row = statements.get.get(leadId) as LeadRow | undefined;
        if (!row) return [];
        return [{ lead: readLead(statements, row), channel, status, lastError }];
      });
    },
    markAnnounced(leadId, channel, now = new Date()) {
      connection().statements.markAnnounced.run({ leadId, channel, now: now.toISOString() });
    },
    close({ checkpoint = true } = {}) {
      file.close({ checkpoint });
    },
  };
}
