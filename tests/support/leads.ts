import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { FORM_SOURCES } from '../../src/lib/validation.ts';
import { openLeadStore } from '../../src/server/db/store.ts';
import { type LeadStore, type NewLead, type StoredLead } from '../../src/server/db/records.ts';

/** A quote-form lead as the endpoint stores it, for store, outbox and channel tests */
export function sampleLead(overrides: Partial<NewLead> = {}): NewLead {
  return {
    formSource: 'Quote Form',
    name: 'Aroha Smith',
    email: 'aroha@example.co.nz',
    phone: '021 555 0199',
    address: '12 Picton Street, Howick',
    service: 'Electrical Repairs',
    message: 'The kitchen power points trip the RCD.\nIt started after the storm.',
    page: '/quote',
    userAgent: 'TestBrowser/1.0',
    ...overrides,
  };
}

const quoteForm = {
  form_source: FORM_SOURCES.quote as string,
  name: 'Mere Photo-Sender',
  email: 'mere@example.co.nz',
  phone: '021 555 0177',
  address: '3 Ridge Road, Howick',
  service: 'Electrical Repairs',
  message: 'The switchboard is buzzing.',
};

/** The full quote form's fields as a visitor posts them, for tests of the endpoint */
export function quoteFormFields(overrides: Partial<typeof quoteForm> = {}): typeof quoteForm {
  return { ...quoteForm, ...overrides };
}

/** The sample lead as the store gives it back: new, unread, without notes, deliveries, acknowledgement or photos */
export function sampleStoredLead(overrides: Partial<StoredLead> = {}): StoredLead {
  return {
    ...sampleLead(),
    id: 1,
    uid: 'uid',
    createdAt: '2026-11-27T00:00:00.000Z',
    deliveries: [],
    acknowledgement: null,
    status: 'new',
    followUp: null,
    readAt: null,
    notes: [],
    photos: 0,
    photosNotKept: 0,
    ...overrides,
  };
}

/**
 * For each test of the calling file: a lead store in a fresh temporary folder, handed to `use`
 * with the folder; after the test, the clean-ups pushed to the returned list run (last first),
 * then the store is closed and the folder removed.
 */
export function leadStorePerTest(
  prefix: string,
  use: (opened: { store: LeadStore; dir: string }) => void,
): Array<() => unknown> {
  const cleanups: Array<() => unknown> = [];
  let opened: { store: LeadStore; dir: string } | undefined;
  beforeEach(() => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    opened = { dir, store: openLeadStore(join(dir, 'leads.sqlite')) };
    use(opened);
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    opened?.store.close();
    if (opened) rmSync(opened.dir, { recursive: true, force: true });
  });
  return cleanups;
}
