/**
 * Quote requests in SQLite (node:sqlite), with an outbox of deliveries to the owner: one row per
 * lead and channel (e-mail, webhook, push), so a lead is stored and queued for every channel in
 * the same durable commit (WAL with synchronous=FULL) before the visitor is told it arrived
 * (lead-insert.ts).
 *
 * The store keeps to the file at its path: before and after each insert it checks that the path
 * still names the file it has open, and its -wal the WAL it writes (same device and inode). A
 * database deleted or replaced under a running server is reopened at the path (the lead stored
 * again there); a deleted -wal is checkpointed into the database first. So a lead is never
 * acknowledged into a file that no longer has a name.
 *
 * The store is put together here from its parts on one connection: the leads, their deliveries
 * (deliveries.ts), the stats (stats-store.ts), the owner's records (owner-store.ts) and his
 * push devices (push-devices.ts).
 */
import { resolve } from 'node:path';
import { openDatabaseFile } from './database-file.ts';
import { deliveryRecords } from './deliveries.ts';
import { insertLeadOnce } from './lead-insert.ts';
import { ownerRecords } from './owner-store.ts';
import { pushDeviceRecords } from './push-devices.ts';
import type { LeadStore, StoredLead } from './records.ts';
import { inTransaction } from './sqlite.ts';
import { fromRows, readLead, type DeliveryRow, type LeadRow, type NoteRow } from './statements.ts';
import { statsRecords } from './stats-store.ts';

export const DEFAULT_LEADS_DB = 'data/leads.sqlite';

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

/** Opens (creating when needed) the database at `path`, with durable commits */
export function openLeadStore(path: string): LeadStore {
  const absolutePath = resolve(path);
  const file = openDatabaseFile(absolutePath);
  const connection = () => file.connection();

  return {
    ...ownerRecords(connection),
    ...pushDeviceRecords(connection),
    ...deliveryRecords(connection),
    ...statsRecords(connection),
    path: absolutePath,
    insertLead(lead, options = {}) {
      // Committed, then checked: a database replaced in between has the lead in the old file, so
      // it is stored again in the new one; a WAL deleted in between is saved into the database
      for (let attempt = 0; attempt < 2; attempt++) {
        const id = insertLeadOnce(connection(), lead, options);
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
    close({ checkpoint = true } = {}) {
      file.close({ checkpoint });
    },
  };
}
