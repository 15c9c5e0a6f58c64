/**
 * The acknowledgement e-mail's words, on the business's facts with a few changed: the service only
 * from the form's list, the emergency number first for an emergency request, "day or night" only
 * while the business answers round the clock, and the facts escaped in the HTML part.
 */
import { describe, expect, it } from 'vitest';
import { business } from '../../src/config/business.ts';
import { EMERGENCY_SERVICE } from '../../src/config/quote.ts';
import type { StoredLead } from '../../src/server/db/records.ts';
import { composeAcknowledgement } from '../../src/server/notify/acknowledgement.ts';
import { sampleLead, sampleStoredLead } from '../support/leads.ts';

const FROM = 'leads@sparky.test';

const storedLead = (overrides: Partial<StoredLead> = {}) =>
  sampleStoredLead({ uid: 'u', createdAt: '2026-12-01T21:00:00.000Z', ...overrides });

const textOf = (lead: StoredLead, facts = business) =>
  composeAcknowledgement(lead, facts, FROM).text;

describe('the acknowledgement e-mail', () => {
  it('names a service only from the form’s list', () => {
    expect(textOf(storedLead({ service: 'Lighting Design' }))).toContain(
      'Thanks for your quote request for Lighting Design.',
    );
    for (const service of ['Other', 'Cheap pills at spam.example', null])
      expect(textOf(storedLead({ service }))).toContain('Thanks for your request.');
  });

  it('puts the emergency number before anything else for an emergency request', () => {
    const order = (text: string) =>
      ['Power emergency?', 'What happens next'].map((heading) => text.indexOf(heading));
    const [urgentFirst, nextAfter] = order(textOf(storedLead({ service: EMERGENCY_SERVICE })));
    expect(urgentFirst).toBeLessThan(nextAfter!);
    const [emergencyLast, nextFirst] = order(textOf(storedLead()));
    expect(emergencyLast).toBeGreaterThan(nextFirst!);
  });

  it('says "day or night" only while the business answers round the clock', () => {
    const roundTheClock = { ...business, claims: { ...business.claims, emergency24x7: true } };
    const daytime = { ...business, claims: { ...business.claims, emergency24x7: false } };
    expect(textOf(storedLead(), roundTheClock)).toContain('day or night');
    expect(textOf(storedLead(), daytime)).not.toContain('day or night');
  });

  it('during a closure without call-outs, says none are taken until he is back, and names the lines company', () => {
    // The request arrived on Wednesday 2 December 2026, New Zealand time
    const closed = {
      ...business,
      closure: { from: '2026-12-01', to: '2026-12-03', emergencies: false },
    };
    const text = textOf(storedLead(), closed);
    expect(text).toContain("We're not taking emergency call-outs until 4 December.");
    expect(text).toContain(`call ${business.linesCompany.name} on`);
    expect(text).not.toContain(`Call us on ${business.phone.display}`);
    const going = { ...closed, closure: { ...closed.closure, emergencies: true } };
    expect(textOf(storedLead(), going)).toContain(`Call us on ${business.phone.display}`);
  });

  it('goes to the address given from the business, answered to its own address, and escapes its facts in HTML', () => {
    const facts = { ...business, name: 'Volts <b>& Co</b>' };
    const mail = composeAcknowledgement(storedLead(), facts, FROM);
    expect(mail).toMatchObject({
      to: sampleLead().email,
      from: { name: facts.name, address: FROM },
      replyTo: business.email,
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    expect(mail.html).toContain('Volts &lt;b&gt;&amp; Co&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>');
  });
});
