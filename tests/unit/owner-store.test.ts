/**
 * The owner's records in the lead store: sessions end when idle, when too old, and when a clock
 * that stepped back dates them in the future; the live ones are listed by an id of their own and
 * ended one by one or all but one; a step-up counts for 5 minutes; an invite works once and not
 * after it expires; the last passkey stays; his work on a lead (status, follow-up, notes, read)
 * is kept, found by search, counted, and deleted with the lead.
 */
import { describe, expect, it } from 'vitest';
import { LEAD_STATUSES } from '../../src/server/db/records.ts';
import type { LeadStore } from '../../src/server/db/records.ts';
import {
  isRecentlyVerified,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  STEP_UP_MS,
} from '../../src/server/owner/session-token.ts';
import { leadStorePerTest, sampleLead } from '../support/leads.ts';

let store: LeadStore;
leadStorePerTest('owner-store-', (opened) => (store = opened.store));

const start = new Date('2026-11-26T00:00:00.000Z');
const at = (ms: number) => new Date(start.getTime() + ms);
const MINUTE = 60_000;
const limits = (now: Date, touch = true) => ({
  now,
  idleMs: SESSION_IDLE_MS,
  absoluteMs: SESSION_ABSOLUTE_MS,
  touch,
});

function passkey(id = 'cred-1', name = 'Phone') {
  return { id, publicKey: new Uint8Array([1, 2, 3]), counter: 0, transports: ['internal'], name };
}

function signedIn(tokenHash = 'hash-1') {
  store.addPasskey(passkey(), { now: start });
  store.createSession({ tokenHash, passkeyId: 'cred-1', device: 'Safari on iPhone', now: start });
}

describe('a session', () => {
  it('lasts while used within the idle time, and ends after an hour unused', () => {
    signedIn();
    expect(store.findSession('hash-1', limits(at(SESSION_IDLE_MS - MINUTE)))).toMatchObject({
      passkeyName: 'Phone',
    });
    // Used just now: another 59 minutes are fine
    expect(store.findSession('hash-1', limits(at(2 * SESSION_IDLE_MS - 2 * MINUTE)))).toBeDefined();
    expect(store.findSession('hash-1', limits(at(3 * SESSION_IDLE_MS)))).toBeUndefined();
    // Ended for good: the row is gone, not just refused
    expect(store.findSession('hash-1', limits(at(0)))).toBeUndefined();
  });

  it('is not kept alive by background reads', () => {
    signedIn();
    expect(store.findSession('hash-1', limits(at(SESSION_IDLE_MS - MINUTE), false))).toBeDefined();
    expect(
      store.findSession('hash-1', limits(at(SESSION_IDLE_MS + MINUTE), false)),
    ).toBeUndefined();
  });

  it('ends 12 hours after sign-in however much it is used', () => {
    signedIn();
    for (let ms = 0; ms < SESSION_ABSOLUTE_MS; ms += SESSION_IDLE_MS / 2)
      expect(store.findSession('hash-1', limits(at(ms)))).toBeDefined();
    expect(store.findSession('hash-1', limits(at(SESSION_ABSOLUTE_MS + MINUTE)))).toBeUndefined();
  });

  it('ends when the clock has stepped back past when it began', () => {
    signedIn();
    expect(store.findSession('hash-1', limits(at(-60 * MINUTE)))).toBeUndefined();
  });

  it('ends with its passkey, and sign-out ends it', () => {
    signedIn('hash-1');
    store.addPasskey(passkey('cred-2', 'Laptop'), { now: start });
    store.createSession({
      tokenHash: 'hash-2',
      passkeyId: 'cred-2',
      device: 'Firefox on Linux',
      now: start,
    });
    expect(store.removePasskey('cred-1')).toEqual({ removed: 'Phone' });
    expect(store.findSession('hash-1', limits(start))).toBeUndefined();
    expect(store.removePasskey('cred-2')).toBe('last');
    expect(store.removePasskey('cred-9')).toBe('missing');
    store.endSession('hash-2');
    expect(store.findSession('hash-2', limits(start))).toBeUndefined();
    expect(store.recentSignIns(10)).toEqual([
      { at: start.toISOString(), device: 'Firefox on Linux', passkeyName: 'Laptop' },
      { at: start.toISOString(), device: 'Safari on iPhone', passkeyName: 'Phone' },
    ]);
  });
});

describe('the live sessions', () => {
  it('are listed newest first by a random id, without the ended ones, and end by id or all but one', () => {
    signedIn('hash-1');
    store.createSession({
      tokenHash: 'hash-2',
      passkeyId: 'cred-1',
      device: 'Firefox on Linux',
      now: at(MINUTE),
    });
    store.createSession({
      tokenHash: 'hash-3',
      passkeyId: 'cred-1',
      device: 'Chrome on Windows',
      now: at(2 * MINUTE),
    });
    // The first is left unused past the idle time; the others are used
    for (const hash of ['hash-2', 'hash-3']) store.findSession(hash, limits(at(SESSION_IDLE_MS)));
    const listed = store.listSessions(limits(at(SESSION_IDLE_MS + MINUTE)));
    expect(listed.map((session) => session.device)).toEqual([
      'Chrome on Windows',
      'Firefox on Linux',
    ]);
    expect(listed[0]).toMatchObject({
      passkeyName: 'Phone',
      createdAt: at(2 * MINUTE).toISOString(),
      verifiedAt: null,
    });
    expect(listed.map((session) => session.id)).toEqual([
      expect.stringMatching(/^[\w-]{22}$/),
      expect.stringMatching(/^[\w-]{22}$/),
    ]);
    expect(new Set(listed.map((session) => session.id)).size).toBe(2);
    // The ended one is gone for good
    expect(store.findSession('hash-1', limits(start))).toBeUndefined();

    expect(store.endSessionById(listed[1]!.id)).toBe(true);
    expect(store.endSessionById(listed[1]!.id)).toBe(false);
    expect(store.findSession('hash-2', limits(at(SESSION_IDLE_MS)))).toBeUndefined();
    store.createSession({
      tokenHash: 'hash-4',
      passkeyId: 'cred-1',
      device: 'Safari on iPad',
      now: at(SESSION_IDLE_MS),
    });
    expect(store.endOtherSessions('hash-3')).toBe(1);
    expect(
      store.listSessions(limits(at(SESSION_IDLE_MS))).map((session) => session.device),
    ).toEqual(['Chrome on Windows']);
  });

  it('keep when the owner last confirmed with a passkey, which counts for 5 minutes', () => {
    signedIn('hash-1');
    expect(store.findSession('hash-1', limits(start))?.verifiedAt).toBeNull();
    store.markSessionVerified('hash-1', at(MINUTE));
    const { verifiedAt } = store.findSession('hash-1', limits(at(MINUTE)))!;
    expect(verifiedAt).toBe(at(MINUTE).toISOString());
    expect(isRecentlyVerified(verifiedAt, at(MINUTE + STEP_UP_MS))).toBe(true);
    expect(isRecentlyVerified(verifiedAt, at(MINUTE + STEP_UP_MS + 1))).toBe(false);
    // A confirmation dated ahead of the clock (one that stepped back) does not count
    expect(isRecentlyVerified(verifiedAt, at(MINUTE - 1))).toBe(false);
    expect(isRecentlyVerified(null, at(MINUTE))).toBe(false);
  });
});

describe('an invite', () => {
  it('enrols one passkey, once, before it expires', () => {
    store.createInvite('invite-1', { now: start, expiresAt: at(24 * 60 * MINUTE) });
    store.createInvite('invite-2', { now: start, expiresAt: at(24 * 60 * MINUTE) });
    expect(store.isInviteUsable('invite-1', at(MINUTE))).toBe(true);
    expect(store.addPasskey(passkey('a'), { now: at(MINUTE), inviteHash: 'invite-1' })).toBe(
      'added',
    );
    expect(store.isInviteUsable('invite-1', at(MINUTE))).toBe(false);
    expect(store.addPasskey(passkey('b'), { now: at(MINUTE), inviteHash: 'invite-1' })).toBe(
      'invite-unusable',
    );
    expect(
      store.addPasskey(passkey('c'), { now: at(24 * 60 * MINUTE), inviteHash: 'invite-2' }),
    ).toBe('invite-unusable');
    expect(store.addPasskey(passkey('d'), { now: at(MINUTE), inviteHash: 'no-such-invite' })).toBe(
      'invite-unusable',
    );
    expect(store.listPasskeys().map(({ id }) => id)).toEqual(['a']);
  });

  it('stays unused when the passkey was enrolled already, and is refused when dated ahead of the clock', () => {
    store.createInvite('invite-1', { now: start, expiresAt: at(24 * 60 * MINUTE) });
    store.addPasskey(passkey('a'), { now: start });
    expect(store.addPasskey(passkey('a'), { now: start, inviteHash: 'invite-1' })).toBe(
      'duplicate-passkey',
    );
    expect(store.isInviteUsable('invite-1', start)).toBe(true);
    expect(store.isInviteUsable('invite-1', at(-60 * MINUTE))).toBe(false);
  });
});

describe("the owner's work on a lead", () => {
  it('keeps status, follow-up, notes and when it was first read; counts and finds; deletes with the lead', () => {
    const first = store.insertLead(
      sampleLead({
        name: 'Aroha Smith',
        phone: '021 555 0199',
        address: '12 Picton Street, Howick',
      }),
    );
    const second = store.insertLead(
      sampleLead({
        name: 'Bob 100% Jones',
        email: 'bob@example.com',
        phone: '(09) 555-0100',
        address: 'Pakuranga',
      }),
    );
    expect(store.leadTally()).toEqual({
      counts: { ...Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])), new: 2 },
      unread: 2,
    });

    expect(store.updateLead(first, { readAt: at(MINUTE) })).toBe(true);
    expect(
      store.updateLead(first, { readAt: at(2 * MINUTE), status: 'quoted', followUp: '2026-12-01' }),
    ).toBe(true);
    expect(store.updateLead(first, { followUp: null })).toBe(true);
    expect(store.addLeadNote(first, 'Quoted on site', at(3 * MINUTE))).toBe(true);
    expect(store.addLeadNote(999, 'Nobody', at(3 * MINUTE))).toBe(false);
    expect(store.updateLead(999, { status: 'won' })).toBe(false);
    expect(store.getLead(first)).toMatchObject({
      status: 'quoted',
      followUp: null,
      readAt: at(MINUTE).toISOString(),
      notes: [{ at: at(3 * MINUTE).toISOString(), text: 'Quoted on site' }],
    });
    expect(store.leadTally().unread).toBe(1);
    expect(store.leadTally().counts).toMatchObject({ new: 1, quoted: 1 });

    const names = (query: Parameters<LeadStore['findLeads']>[0]) =>
      store.findLeads(query).map((lead) => lead.name);
    expect(names({ limit: 10 })).toEqual(['Bob 100% Jones', 'Aroha Smith']);
    expect(names({ status: 'quoted', limit: 10 })).toEqual(['Aroha Smith']);
    expect(names({ text: 'howick', limit: 10 })).toEqual(['Aroha Smith']);
    expect(names({ text: '0955501', limit: 10 })).toEqual(['Bob 100% Jones']);
    expect(names({ text: 'BOB@EXAMPLE', limit: 10 })).toEqual(['Bob 100% Jones']);
    expect(names({ text: '100%', limit: 10 })).toEqual(['Bob 100% Jones']);
    expect(names({ text: '_', limit: 10 })).toEqual([]);
    expect(names({ limit: 1 })).toEqual(['Bob 100% Jones']);

    expect(store.deleteLead(first)).toBe(true);
    // A new lead given the same id (a restored file) starts without the old notes
    expect(store.findLeads({ limit: 10 }).flatMap((lead) => lead.notes)).toEqual([]);
    expect(second).toBeGreaterThan(first);
  });
});
