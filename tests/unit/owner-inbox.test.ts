/**
 * A quote request as the owner's page is given it: a visitor's bidi and control characters, which
 * would make `gnp.exe` read as `exe.png`, are taken out, as the e-mail, push and CSV take them out.
 */
import { describe, expect, it } from 'vitest';
import type { StoredLead } from '../../src/server/db/records.ts';
import { ownerLead } from '../../src/server/owner/inbox.ts';
import { sampleStoredLead } from '../support/leads.ts';

const RLO = '\u202E';

const stored = (fields: Partial<StoredLead>) => sampleStoredLead(fields);

describe('a request in the owner’s inbox', () => {
  it('shows no bidi override or control character from the visitor', () => {
    const lead = ownerLead(
      stored({
        name: `Photo ${RLO}gnp.exe`,
        message: `See ${RLO}gnp.exe\nthen call\u0007 me`,
        address: `1 ${RLO}teertS Main`,
      }),
      new Date(),
    );
    expect(lead.name).toBe('Photo gnp.exe');
    expect(lead.message).toBe('See gnp.exe\nthen call me');
    expect(lead.address).toBe('1 teertS Main');
    expect(JSON.stringify(lead)).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });
});
