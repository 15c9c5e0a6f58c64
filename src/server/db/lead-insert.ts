/**
 * A lead stored in one transaction (BEGIN IMMEDIATE, waiting for the lock no later than the
 * request's deadline): its row, a note when its photos could not be kept, one delivery per
 * channel, and the customer's acknowledgement unless one went to the address in the last day.
 */
import { createHash, randomUUID } from 'node:crypto';
import { photoCount } from '../../lib/photos.ts';
import { BUSY_TIMEOUT_MS, isBusy, type Connection } from './database-file.ts';
import {
  ACKNOWLEDGE_ONCE_IN_MS,
  ACKNOWLEDGEMENT,
  clip,
  quoteFieldsOf,
  StoreBusyError,
  type InsertOptions,
  type NewLead,
} from './records.ts';
import { inTransaction } from './sqlite.ts';
import type { Statements } from './statements.ts';

export const USER_AGENT_MAX_LENGTH = 500;
export const PAGE_MAX_LENGTH = 500;

/** The note on a lead whose photos arrived but could not be kept */
export function photosNotKeptNote(count: number): string {
  return `The customer sent ${photoCount(count)}, but the server's disk was full and ${count === 1 ? 'it was' : 'they were'} not kept. Ask for ${count === 1 ? 'it' : 'them'} by e-mail.`;
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

/** Stores `lead` once on `connection` and returns its id; the caller checks the file after */
export function insertLeadOnce(
  { db, statements }: Connection,
  lead: NewLead,
  { channels = [], acknowledge, now = new Date(), deadline }: InsertOptions,
): number {
  if (deadline !== undefined) {
    const waitMs = Math.floor(deadline - Date.now());
    if (waitMs <= 0) throw new StoreBusyError('The lead store was busy past the request deadline');
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
        ...quoteFieldsOf(lead),
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
