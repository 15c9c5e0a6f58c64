/**
 * The store's note of the addresses acknowledged in the last day: it outlives a restart, holds no
 * address in the clear, and forgets each one after the day. And what the owner reads of a lead's
 * acknowledgement: none, on its way, or sent and when.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { ACKNOWLEDGE_ONCE_IN_MS, ACKNOWLEDGEMENT } from '../../src/server/db/records.ts';
import { openLeadStore } from '../../src/server/db/store.ts';
import { ownerLead } from '../../src/server/owner/inbox.ts';
import { leadStorePerTest, sampleLead } from '../support/leads.ts';

let dir: string;
leadStorePerTest('acknowledged-', (opened) => ({ dir } = opened));

const ADDRESS = 'Kiri.Acknowledged@Example.co.nz';
const start = new Date('2026-12-01T21:00:00Z');
const later = (ms: number) => new Date(start.getTime() + ms);

function acknowledgementsQueued(path: string): number[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return (
      db
        .prepare('SELECT lead_id FROM deliveries WHERE channel = ? ORDER BY lead_id')
        .all(ACKNOWLEDGEMENT) as Array<{ lead_id: number }>
    ).map((row) => row.lead_id);
  } finally {
    db.close();
  }
}

describe('the acknowledged addresses', () => {
  it('allow one acknowledgement a day per address, whatever its case, across a restart', () => {
    const path = join(dir, 'restarted.sqlite');
    let store = openLeadStore(path);
    const first = store.insertLead(sampleLead(), { acknowledge: ADDRESS, now: start });
    store.close();
    store = openLeadStore(path);
    store.insertLead(sampleLead(), {
      acknowledge: ADDRESS.toLowerCase(),
      now: later(ACKNOWLEDGE_ONCE_IN_MS - 1000),
    });
    const next = store.insertLead(sampleLead(), {
      acknowledge: ADDRESS,
      now: later(ACKNOWLEDGE_ONCE_IN_MS + 1000),
    });
    // The owner's deliveries of the lead are as before: the acknowledgement is none of them
    expect(store.getLead(first)?.deliveries).toEqual([]);
    store.close();
    expect(acknowledgementsQueued(path)).toEqual([first, next]);
  });

  it('keep no address in the clear, and forget each after the day', () => {
    const path = join(dir, 'hashed.sqlite');
    const store = openLeadStore(path);
    store.insertLead(sampleLead(), { acknowledge: ADDRESS, now: start });
    store.insertLead(sampleLead(), {
      acknowledge: 'someone.else@example.co.nz',
      now: later(ACKNOWLEDGE_ONCE_IN_MS + 1000),
    });
    store.close();
    const db = new DatabaseSync(path, { readOnly: true });
    const rows = db.prepare('SELECT address_hash, at FROM acknowledged_addresses').all();
    db.close();
    expect(rows).toHaveLength(1);
    // The leads here were given another address: neither acknowledged one is in the file
    const file = readFileSync(path).toString('latin1').toLowerCase();
    expect(file).not.toContain(ADDRESS.toLowerCase());
    expect(file).not.toContain('someone.else');
  });

  it('show the owner whether the customer was told: none for an address told today, then on its way, then sent', () => {
    const store = openLeadStore(join(dir, 'shown.sqlite'));
    const told = store.insertLead(sampleLead(), { acknowledge: ADDRESS, now: start });
    const again = store.insertLead(sampleLead(), { acknowledge: ADDRESS, now: later(60_000) });
    const seen = (id: number) => ownerLead(store.getLead(id)!, later(120_000)).acknowledgement;
    expect(seen(again)).toBeNull();
    expect(seen(told)).toEqual({ state: 'pending', deliveredAt: null });
    store.markDelivered(told, ACKNOWLEDGEMENT, later(5_000));
    expect(seen(told)).toEqual({ state: 'sent', deliveredAt: later(5_000).toISOString() });
    store.close();
  });
});
