import type { NewLead } from '../../src/server/leads/store.ts';

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
