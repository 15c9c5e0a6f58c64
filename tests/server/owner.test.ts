/**
 * The owner's door, tried from outside against the real server: an invite enrols a passkey
 * once; sign-in takes a fresh challenge, the right origin and a verified user; without a live
 * session every owner path answers 401 and not a byte of a lead; a change from another origin
 * is refused; the cookie is __Host-, Secure, HttpOnly and SameSite=Strict; a session cookie alone
 * (stolen) cannot add or remove a passkey until a passkey confirms inside that session; each
 * passkey added or removed is announced; the live sessions are listed and signed out; generated
 * bad input gets a 4xx and changes nothing.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEAD_STATUSES,
  NOTE_MAX_LENGTH,
  ownerPaths,
  PASSKEY_NAME_MAX_LENGTH,
  withId,
  type ErrorBody,
  type InboxBody,
  type LeadBody,
  type OwnerLead,
  type PasskeysBody,
  type SessionsBody,
} from '../../src/lib/owner-api.ts';
import { CEREMONIES_PER_MINUTE } from '../../src/server/owner/api.ts';
import { hashToken, SESSION_COOKIE } from '../../src/server/owner/session-token.ts';
import { addDays } from '../../src/lib/availability.ts';
import { nzDateTime, nzDay } from '../../src/server/support/days.ts';
import { decodeQuotedPrintable } from '../support/mail.ts';
import { makeInvite } from '../support/owner-invite.ts';
import { ownerClient, sessionFrom } from '../support/owner.ts';
import {
  makeTempDir,
  requireBuild,
  send,
  startServer,
  type RunningServer,
} from '../support/server.ts';
import { startReceiver, startSmtp } from '../support/script-helpers.ts';
import { createSoftAuthenticator, type CeremonyOptions } from '../support/soft-authenticator.ts';

requireBuild();

const SITE_URL = 'https://www.example.com';
/** What a visitor's request says, which no refused answer may carry */
const VISITOR = {
  name: 'Wiremu Tūhoe-Canary',
  email: 'wiremu.canary@example.co.nz',
  phone: '021 555 0142',
};

let server: RunningServer;
let leadsDb: string;
let webhook: Awaited<ReturnType<typeof startReceiver>>;
let owner: ReturnType<typeof ownerClient>;

async function postLead(fields: Partial<typeof VISITOR> = {}) {
  const body = new URLSearchParams({
    form_source: 'Quote Form',
    ...VISITOR,
    address: '7 Selwyn Road, Howick',
    service: 'Electrical Repairs',
    message: 'The deck lights flicker.',
    ...fields,
  }).toString();
  const answer = await send(server, {
    method: 'POST',
    path: '/api/leads',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
      Origin: SITE_URL,
    },
    body,
  });
  expect(answer.status).toBe(200);
}

async function inbox(query = ''): Promise<InboxBody> {
  const answer = await owner.call('GET', `${ownerPaths.leads}${query}`);
  expect(answer.status).toBe(200);
  return JSON.parse(answer.text()) as InboxBody;
}

const leadNamed = async (name: string): Promise<OwnerLead> =>
  (await inbox()).leads.find((lead) => lead.name === name)!;

const passkeyList = async () =>
  (owner.json(await owner.call('GET', ownerPaths.passkeys)) as unknown as PasskeysBody).passkeys;

/** Adds a passkey made on another device from inside the session `token` (a registration with a challenge bound to it) */
async function addPasskey(name: string, token: string | null = owner.session ?? null) {
  const options = await owner.call('POST', ownerPaths.passkeyOptions, { session: token });
  if (options.status !== 200) return options;
  const response = createSoftAuthenticator(SITE_URL).register(
    owner.json(options) as unknown as CeremonyOptions,
  );
  return owner.call('POST', ownerPaths.passkeys, { body: { name, response }, session: token });
}

/** The webhook's alerts that name `text` */
const alertsNaming = (text: string) =>
  webhook.hits.map((hit) => hit.body).filter((body) => body.includes(text));

beforeAll(async () => {
  webhook = await startReceiver();
  leadsDb = `${makeTempDir('owner')}/leads.sqlite`;
  server = await startServer({
    leadsDb,
    env: { SITE_URL, TRUST_PROXY: '1', LEADS_WEBHOOK_URL: `${webhook.origin}/hook` },
  });
  owner = ownerClient(server, SITE_URL);
  await postLead();
});

afterAll(async () => {
  await server?.stop();
  await webhook?.close();
});

describe('an invite', () => {
  it('enrols a passkey once, signs the owner in with a __Host- cookie, and announces the passkey', async () => {
    const { token, link } = await makeInvite(leadsDb, SITE_URL);
    expect(link).toBe(`${SITE_URL}${ownerPaths.page}#invite=${token}`);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);

    const answer = await owner.enrol(token, 'Phone');
    expect(answer.status).toBe(200);
    const cookie = [answer.headers['set-cookie']].flat()[0]!;
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[\\w-]{43};`));
    expect(cookie.split('; ').slice(1).sort()).toEqual(
      expect.arrayContaining(['HttpOnly', 'Path=/', 'SameSite=Strict', 'Secure']),
    );
    expect(cookie).not.toMatch(/Domain=/i);

    const session = await owner.call('GET', ownerPaths.session);
    expect(session.status).toBe(200);
    expect(owner.json(session)['passkeyName']).toBe('Phone');

    // The same link again: refused, before and after a passkey ceremony
    const again = await owner.call('POST', ownerPaths.inviteOptions, {
      body: { invite: token },
      session: null,
    });
    expect(again.status).toBe(410);
    expect(owner.json(again)).toEqual({
      errors: [{ message: expect.stringMatching(/used or has expired/) }],
    });
    const second = ownerClient(server, SITE_URL);
    expect((await second.enrol(token)).status).toBe(410);

    await expect
      .poll(() => webhook.hits.map((hit) => hit.body).join('\n'), { timeout: 10_000 })
      .toContain('A passkey was added');
    expect(webhook.hits.find((hit) => hit.body.includes('A passkey was added'))!.body).toContain(
      'Phone',
    );
  });

  it('is e-mailed to LEADS_NOTIFY_TO with --email', async () => {
    const smtp = await startSmtp();
    try {
      const env = {
        SMTP_URL: smtp.url,
        LEADS_NOTIFY_TO: 'owner@example.co.nz',
        LEADS_NOTIFY_FROM: 'site@example.co.nz',
      };
      const { link, output } = await makeInvite(leadsDb, SITE_URL, { args: ['--email'], env });
      expect(output).toContain('E-mailed to owner@example.co.nz');
      expect(smtp.received).toHaveLength(1);
      expect(decodeQuotedPrintable(smtp.received[0]!)).toContain(link);
      expect(smtp.received[0]).toMatch(/^To: owner@example\.co\.nz/m);
    } finally {
      await smtp.close();
    }
  });

  it('is refused when the enrolment was made for another invite', async () => {
    const [first, other] = await Promise.all([
      makeInvite(leadsDb, SITE_URL),
      makeInvite(leadsDb, SITE_URL),
    ]);
    const client = ownerClient(server, SITE_URL);
    const options = await client.call('POST', ownerPaths.inviteOptions, {
      body: { invite: first.token },
      session: null,
    });
    const response = client.authenticator.register(
      client.json(options) as unknown as CeremonyOptions,
    );
    const answer = await client.call('POST', ownerPaths.invite, {
      body: { invite: other.token, name: 'Stolen', response },
      session: null,
    });
    expect(answer.status).toBe(400);
    expect(sessionFrom(answer)).toBeUndefined();
    // Neither invite was used up
    expect((await client.enrol(other.token, 'Laptop')).status).toBe(200);
  });
});

describe('sign-in', () => {
  it('gives a new session at every sign-in, and takes each challenge once', async () => {
    const before = owner.session;
    const answer = await owner.signIn();
    expect(answer.status).toBe(200);
    expect(owner.session).toBeDefined();
    expect(owner.session).not.toBe(before);
    // The session the browser held when it signed in again has ended
    expect((await owner.call('GET', ownerPaths.session, { session: before! })).status).toBe(401);

    const options = await owner.call('POST', ownerPaths.signInOptions, { session: null });
    const response = owner.authenticator.authenticate(
      owner.json(options) as unknown as CeremonyOptions,
    );
    expect(
      (await owner.call('POST', ownerPaths.signIn, { body: { response }, session: null })).status,
    ).toBe(200);
    const replayed = await owner.call('POST', ownerPaths.signIn, {
      body: { response },
      session: null,
    });
    expect(replayed.status).toBe(401);
    expect(sessionFrom(replayed)).toBeUndefined();
  });

  it.each([
    ['another origin', { origin: 'https://evil.example' }],
    ['no user verification', { unverified: true }],
    ['a challenge the server never made', { challenge: 'bm90LWEtY2hhbGxlbmdl' }],
  ])('refuses a passkey answer with %s', async (_what, spoil) => {
    const options = await owner.call('POST', ownerPaths.signInOptions, { session: null });
    const response = owner.authenticator.authenticate(
      owner.json(options) as unknown as CeremonyOptions,
      spoil,
    );
    const answer = await owner.call('POST', ownerPaths.signIn, {
      body: { response },
      session: null,
    });
    expect(answer.status).toBe(401);
    expect(sessionFrom(answer)).toBeUndefined();
  });
});

/** Every owner path the page uses that needs a session, with a body a signed-in owner could send */
function ownerCalls(
  leadId: number,
  passkeyId: string,
): Array<{ method: string; path: string; body?: unknown }> {
  return [
    { method: 'GET', path: ownerPaths.session },
    { method: 'GET', path: ownerPaths.leads },
    { method: 'GET', path: `${ownerPaths.leads}?q=${encodeURIComponent(VISITOR.name)}` },
    { method: 'GET', path: ownerPaths.leadsCsv },
    { method: 'GET', path: withId(ownerPaths.lead, leadId) },
    { method: 'GET', path: `${ownerPaths.numbers}?days=30` },
    { method: 'GET', path: ownerPaths.passkeys },
    { method: 'PATCH', path: `${ownerPaths.leads}/${leadId}`, body: { status: 'won' } },
    { method: 'POST', path: `${ownerPaths.leads}/${leadId}/notes`, body: { text: 'A note' } },
    { method: 'DELETE', path: `${ownerPaths.leads}/${leadId}` },
    { method: 'POST', path: ownerPaths.passkeyOptions },
    {
      method: 'POST',
      path: ownerPaths.passkeys,
      body: { name: 'Extra', response: { id: 'x', response: {} } },
    },
    { method: 'PATCH', path: `${ownerPaths.passkeys}/${passkeyId}`, body: { name: 'Renamed' } },
    { method: 'DELETE', path: `${ownerPaths.passkeys}/${passkeyId}` },
    { method: 'POST', path: ownerPaths.stepUpOptions },
    { method: 'POST', path: ownerPaths.stepUp, body: { response: { id: 'x', response: {} } } },
    { method: 'GET', path: ownerPaths.sessions },
    { method: 'DELETE', path: `${ownerPaths.sessions}/${'A'.repeat(22)}` },
    { method: 'POST', path: ownerPaths.signOutOthers },
    { method: 'POST', path: ownerPaths.signOut },
    { method: 'GET', path: '/api/owner/no-such-thing' },
  ];
}

describe('without a live session', () => {
  it('every owner path answers 401 with no lead data, and the lead is untouched', async () => {
    const lead = await leadNamed(VISITOR.name);
    const passkeyId = (
      owner.json(await owner.call('GET', ownerPaths.passkeys))['passkeys'] as Array<{ id: string }>
    )[0]!.id;
    const sessions: Array<[string, string | null]> = [
      ['no cookie', null],
      ['a made-up token', 'A'.repeat(43)],
      ['a malformed token', '../../etc/passwd'],
    ];
    // A session that signed out
    const out = await owner.signIn();
    expect(out.status).toBe(200);
    const endedToken = owner.session!;
    expect((await owner.call('POST', ownerPaths.signOut)).status).toBe(204);
    sessions.push(['a signed-out session', endedToken]);
    await owner.signIn();

    for (const [what, token] of sessions) {
      for (const { method, path, body } of ownerCalls(lead.id, passkeyId)) {
        // A client of its own each time, so the sign-in rate limit is not what answers
        const client = ownerClient(server, SITE_URL);
        client.session = owner.session;
        const answer = await client.call(method, path, { body, session: token });
        expect(answer.status, `${method} ${path} with ${what}`).toBe(401);
        const text = answer.text();
        for (const value of Object.values(VISITOR))
          expect(text, `${method} ${path} with ${what}`).not.toContain(value);
        expect(answer.headers['cache-control']).toBe('no-store');
      }
    }
    const after = await leadNamed(VISITOR.name);
    expect(after).toEqual(lead);
  });
});

describe('a change from another origin', () => {
  it('is refused on every state-changing call, even with a live session, and changes nothing', async () => {
    const lead = await leadNamed(VISITOR.name);
    const passkeys = owner.json(await owner.call('GET', ownerPaths.passkeys))['passkeys'];
    const changes = ownerCalls(lead.id, (passkeys as Array<{ id: string }>)[0]!.id).filter(
      ({ method }) => method !== 'GET',
    );
    const ceremonies = [
      ownerPaths.signInOptions,
      ownerPaths.signIn,
      ownerPaths.inviteOptions,
      ownerPaths.invite,
    ].map((path) => ({
      method: 'POST',
      path,
      body: {},
    }));
    for (const origin of [
      'https://evil.example',
      'null',
      `${SITE_URL}.evil.example`,
      'http://www.example.com',
      null,
    ]) {
      for (const { method, path, body } of [...changes, ...ceremonies]) {
        // A client of its own each time, so the sign-in rate limit is not what answers
        const client = ownerClient(server, SITE_URL);
        client.session = owner.session;
        const answer = await client.call(method, path, { body, origin });
        expect(answer.status, `${method} ${path} from ${origin}`).toBe(403);
      }
    }
    // A browser that says the request is cross-site is refused even with the right Origin
    const sameOriginClaim = await owner.call('PATCH', `${ownerPaths.leads}/${lead.id}`, {
      body: { status: 'spam' },
      headers: { 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(sameOriginClaim.status).toBe(403);
    expect(await leadNamed(VISITOR.name)).toEqual(lead);
    expect((await owner.call('GET', ownerPaths.session)).status).toBe(200);
  });
});

describe('the inbox', () => {
  it('keeps the status, follow-up date and notes, searches, and exports formula-safe CSV', async () => {
    await postLead({
      name: '=HYPERLINK("http://evil.example")',
      email: 'formula@example.co.nz',
      phone: '09 555 0177',
    });
    const { id } = await leadNamed(VISITOR.name);
    const patch = (body: unknown) => owner.call('PATCH', `${ownerPaths.leads}/${id}`, { body });
    expect((await patch({ read: true })).status).toBe(200);
    expect((await patch({ status: 'quoted', followUp: '2026-12-01' })).status).toBe(200);
    const noted = await owner.call('POST', `${ownerPaths.leads}/${id}/notes`, {
      body: { text: '  Quoted $1,450 for six downlights  ' },
    });
    expect(noted.status).toBe(200);
    const lead = owner.json(noted) as unknown as OwnerLead;
    expect(lead).toMatchObject({
      status: 'quoted',
      followUp: '2026-12-01',
      notes: [{ text: 'Quoted $1,450 for six downlights' }],
    });
    expect(lead.readAt).not.toBeNull();

    const body = await inbox();
    expect(body.counts.quoted).toBeGreaterThanOrEqual(1);
    expect(body.leads.map((each) => each.id)).toEqual(
      [...body.leads.map((each) => each.id)].sort((a, b) => b - a),
    );
    expect((await inbox('?status=quoted')).leads.map((each) => each.name)).toContain(VISITOR.name);
    expect((await inbox('?status=won')).leads.map((each) => each.name)).not.toContain(VISITOR.name);
    for (const query of ['wiremu', 'canary@example', '0215550142', '555 0142', 'Howick']) {
      expect(
        (await inbox(`?q=${encodeURIComponent(query)}`)).leads.map((each) => each.name),
        query,
      ).toContain(VISITOR.name);
    }
    expect((await inbox('?q=%25')).leads).toEqual([]);

    const csv = await owner.call('GET', ownerPaths.leadsCsv);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="quote-requests-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(csv.text()).toContain(`'=HYPERLINK`);
    expect(csv.text()).toContain('Quoted $1,450 for six downlights');
  });

  it('lists the open requests whose follow-up date has come, oldest date first, whatever the filter', async () => {
    const today = nzDay(new Date());
    const dates = {
      'Due Yesterday': addDays(today, -1),
      'Due Last Week': addDays(today, -7),
      'Due But Won': addDays(today, -1),
    };
    for (const [name, followUp] of Object.entries(dates)) {
      await postLead({ name, email: `${name.replaceAll(' ', '.').toLowerCase()}@example.co.nz` });
      const { id } = await leadNamed(name);
      const change = name === 'Due But Won' ? { followUp, status: 'won' } : { followUp };
      expect(
        (await owner.call('PATCH', `${ownerPaths.leads}/${id}`, { body: change })).status,
      ).toBe(200);
    }
    const body = await inbox('?status=quoted&q=nobody');
    expect(body.leads).toEqual([]);
    expect(body.today).toBe(today);
    // (The first test's follow-up date, fixed, comes due one day too)
    const due = body.followUpsDue.filter(({ name }) => name.startsWith('Due '));
    expect(due.map(({ name, followUp }) => ({ name, followUp }))).toEqual([
      { name: 'Due Last Week', followUp: dates['Due Last Week'] },
      { name: 'Due Yesterday', followUp: dates['Due Yesterday'] },
    ]);
  });

  it('gives one request as the inbox lists it, 404 for one that is not there, and 401 with no data without a session', async () => {
    await postLead({ name: 'Aroha One-Lead', email: 'aroha.one@example.co.nz' });
    // Delivered first, so both reads see the same delivery state
    await expect
      .poll(async () => (await leadNamed('Aroha One-Lead')).deliveries.map(({ state }) => state), {
        timeout: 10_000,
      })
      .toEqual(['sent']);
    const listed = await leadNamed('Aroha One-Lead');
    const answer = await owner.call('GET', withId(ownerPaths.lead, listed.id));
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(answer.text()) as LeadBody).toEqual({ lead: listed });

    const missing = await owner.call('GET', withId(ownerPaths.lead, listed.id + 1000));
    expect(missing.status).toBe(404);
    expect((JSON.parse(missing.text()) as ErrorBody).errors[0]?.message).toMatch(/no such request/);
    expect((await owner.call('GET', withId(ownerPaths.lead, 'not-a-number'))).status).toBe(404);

    const signedOut = await owner.call('GET', withId(ownerPaths.lead, listed.id), {
      session: null,
    });
    expect(signedOut.status).toBe(401);
    expect(signedOut.text()).not.toContain('Aroha');
  });

  it('deletes a request for good, with its notes', async () => {
    await postLead({ name: 'Delete Me', email: 'delete.me@example.co.nz' });
    const { id } = await leadNamed('Delete Me');
    await owner.call('POST', `${ownerPaths.leads}/${id}/notes`, {
      body: { text: 'Asked to be forgotten' },
    });
    expect((await owner.call('DELETE', `${ownerPaths.leads}/${id}`)).status).toBe(204);
    expect((await owner.call('DELETE', `${ownerPaths.leads}/${id}`)).status).toBe(404);
    expect((await inbox()).leads.map((lead) => lead.name)).not.toContain('Delete Me');
    expect((await owner.call('GET', ownerPaths.leadsCsv)).text()).not.toContain(
      'Asked to be forgotten',
    );
  });

  it('gives the numbers for 7, 30 and 90 days only', async () => {
    for (const days of [7, 30, 90]) {
      const answer = await owner.call('GET', `${ownerPaths.numbers}?days=${days}`);
      expect(answer.status).toBe(200);
      expect((owner.json(answer)['daily'] as unknown[]).length).toBe(days);
    }
    for (const days of ['0', '8', '-7', '1e9', 'abc', '30.5']) {
      expect((await owner.call('GET', `${ownerPaths.numbers}?days=${days}`)).status).toBe(400);
    }
  });
});

describe('passkeys', () => {
  it('are listed with the recent sign-ins, renamed, and the last one is never removed', async () => {
    expect((await owner.stepUp()).status).toBe(204);
    const list = async () =>
      owner.json(await owner.call('GET', ownerPaths.passkeys)) as {
        passkeys: Array<{ id: string; name: string; current: boolean }>;
        signIns: unknown[];
      };
    const { passkeys, signIns } = await list();
    expect(passkeys.filter((passkey) => passkey.current)).toHaveLength(1);
    expect(signIns.length).toBeGreaterThan(0);
    const current = passkeys.find((passkey) => passkey.current)!;
    expect(
      (
        await owner.call('PATCH', `${ownerPaths.passkeys}/${current.id}`, {
          body: { name: '  My phone\u0007 ' },
        })
      ).status,
    ).toBe(200);
    expect((await list()).passkeys.find((passkey) => passkey.id === current.id)!.name).toBe(
      'My phone',
    );
    // Every other passkey removed; then the last is kept
    for (const other of passkeys.filter((passkey) => !passkey.current)) {
      expect((await owner.call('DELETE', `${ownerPaths.passkeys}/${other.id}`)).status).toBe(204);
    }
    const last = await owner.call('DELETE', `${ownerPaths.passkeys}/${current.id}`);
    expect(last.status).toBe(409);
    expect(owner.json(last)).toEqual({
      errors: [{ message: expect.stringMatching(/only passkey/) }],
    });
  });

  it('are added from inside with a challenge bound to this session', async () => {
    expect((await owner.stepUp()).status).toBe(204);
    const options = await owner.call('POST', ownerPaths.passkeyOptions);
    expect(options.status).toBe(200);
    const response = owner.authenticator.register(
      owner.json(options) as unknown as CeremonyOptions,
    );
    // Another session cannot finish this one's enrolment
    const stolen = await owner.call('POST', ownerPaths.passkeys, {
      body: { name: 'Stolen', response },
      session: 'B'.repeat(43),
    });
    expect(stolen.status).toBe(401);
    const added = await owner.call('POST', ownerPaths.passkeys, {
      body: { name: 'Backup key', response },
    });
    expect(added.status).toBe(201);
    await expect
      .poll(() => webhook.hits.some((hit) => hit.body.includes('Backup key')), { timeout: 10_000 })
      .toBe(true);
  });
});

describe('a stolen session cookie', () => {
  // A live session that no passkey has confirmed since it began: what a cookie copied from his browser gives
  it('cannot add or remove a passkey, and changes nothing', async () => {
    const stolen = await owner.newSession();
    const before = await passkeyList();
    const alertsBefore = webhook.hits.length;

    for (const refused of [
      await owner.call('POST', ownerPaths.passkeyOptions, { session: stolen }),
      await owner.call('POST', ownerPaths.passkeys, {
        body: { name: 'Thief', response: { id: 'x', response: {} } },
        session: stolen,
      }),
      await owner.call('DELETE', `${ownerPaths.passkeys}/${before[0]!.id}`, { session: stolen }),
    ]) {
      expect(refused.status).toBe(403);
      expect(owner.json(refused)).toEqual({
        errors: [{ message: 'Confirm it’s you with your passkey first.' }],
        stepUp: true,
      });
    }
    expect(await passkeyList()).toEqual(before);
    // His own sign-in still works, and nothing was announced
    expect((await owner.call('GET', ownerPaths.session)).status).toBe(200);
    await owner.newSession();
    expect(webhook.hits.length).toBe(alertsBefore);
  });

  it('can add and remove a passkey once a stored passkey confirms inside that session', async () => {
    const session = await owner.newSession();
    const other = await owner.newSession();
    expect((await owner.stepUp(session)).status).toBe(204);

    const added = await addPasskey('Van tablet', session);
    expect(added.status).toBe(201);
    const id = (owner.json(added) as { id: string }).id;
    expect((await passkeyList()).map((passkey) => passkey.name)).toContain('Van tablet');
    // The confirmation is that session's alone
    expect(
      (await owner.call('DELETE', `${ownerPaths.passkeys}/${id}`, { session: other })).status,
    ).toBe(403);
    expect((await owner.call('DELETE', `${ownerPaths.passkeys}/${id}`, { session })).status).toBe(
      204,
    );
    expect((await passkeyList()).map((passkey) => passkey.id)).not.toContain(id);
  });

  it('cannot replay a confirmation, answer another session’s challenge, or confirm with a sign-in challenge', async () => {
    const [mine, thief] = [await owner.newSession(), await owner.newSession()];
    const confirm = async (
      session: string,
      options: { status: number; text(): string },
      spoil = {},
    ) => {
      const response = owner.authenticator.authenticate(
        owner.json(options as never) as unknown as CeremonyOptions,
        spoil,
      );
      return owner.call('POST', ownerPaths.stepUp, { body: { response }, session });
    };
    const stillRefused = async (session: string) =>
      expect((await owner.call('POST', ownerPaths.passkeyOptions, { session })).status).toBe(403);

    // The thief answers a challenge made for the owner's session
    expect(
      (await confirm(thief, await owner.call('POST', ownerPaths.stepUpOptions, { session: mine })))
        .status,
    ).toBe(400);
    // A sign-in's challenge, and an answer without the phone's face, fingerprint or PIN
    expect(
      (await confirm(thief, await owner.call('POST', ownerPaths.signInOptions, { session: null })))
        .status,
    ).toBe(400);
    const unverified = await confirm(
      thief,
      await owner.call('POST', ownerPaths.stepUpOptions, { session: thief }),
      { unverified: true },
    );
    expect(unverified.status).toBe(400);
    await stillRefused(thief);

    // The owner's own answer works once; sent again, by him or the thief, it is refused
    const options = await owner.call('POST', ownerPaths.stepUpOptions, { session: mine });
    const response = owner.authenticator.authenticate(
      owner.json(options) as unknown as CeremonyOptions,
    );
    expect(
      (await owner.call('POST', ownerPaths.stepUp, { body: { response }, session: mine })).status,
    ).toBe(204);
    expect(
      (await owner.call('POST', ownerPaths.stepUp, { body: { response }, session: mine })).status,
    ).toBe(400);
    expect(
      (await owner.call('POST', ownerPaths.stepUp, { body: { response }, session: thief })).status,
    ).toBe(400);
    await stillRefused(thief);
  });
});

describe('each passkey added and removed', () => {
  it('is announced on the owner’s channels with its name and the time, not the browser’s claim', async () => {
    const chrome = {
      'User-Agent':
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
    };
    const session = await owner.newSession(chrome);
    expect((await owner.stepUp(session)).status).toBe(204);
    const started = new Date();
    const added = await addPasskey('Workshop laptop', session);
    expect(added.status).toBe(201);
    const id = (owner.json(added) as { id: string }).id;
    expect(
      (await owner.call('DELETE', `${ownerPaths.passkeys}/${id}`, { session, headers: chrome }))
        .status,
    ).toBe(204);
    const times = [nzDateTime(started), nzDateTime(new Date())];

    await expect.poll(() => alertsNaming('Workshop laptop').length, { timeout: 10_000 }).toBe(2);
    const [addedAlert, removedAlert] = alertsNaming('Workshop laptop');
    expect(addedAlert).toContain('A passkey was added');
    expect(removedAlert).toContain('A passkey was removed');
    for (const alert of [addedAlert!, removedAlert!]) {
      expect(
        times.some((time) => alert.includes(time)),
        alert,
      ).toBe(true);
      expect(alert).not.toMatch(/Chrome|Windows/);
    }
  });
});

describe('the live sessions', () => {
  const IPHONE = {
    'User-Agent':
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Safari/604.1',
  };
  const LINUX = {
    'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
  };
  const sessions = async (token: string | null = owner.session ?? null) =>
    (
      owner.json(
        await owner.call('GET', ownerPaths.sessions, { session: token }),
      ) as unknown as SessionsBody
    ).sessions;

  it('are listed by an id that is not the token, this one marked; once he confirms, one is signed out, then every other', async () => {
    const phone = await owner.newSession(IPHONE);
    const laptop = await owner.newSession(LINUX);
    const listed = await sessions();
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    const [phoneSession, laptopSession] = [await sessions(phone), await sessions(laptop)].map(
      (list) => list.find((each) => each.current)!,
    );
    expect(phoneSession).toMatchObject({
      device: 'Safari on iPhone',
      passkeyName: expect.any(String),
    });
    expect(laptopSession!.device).toBe('Firefox on Linux');
    expect(listed.map((session) => session.id)).toEqual(
      expect.arrayContaining([phoneSession!.id, laptopSession!.id]),
    );
    const text = (await owner.call('GET', ownerPaths.sessions)).text();
    for (const token of [owner.session!, phone, laptop]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(hashToken(token));
    }

    // A stolen cookie alone cannot sign anyone out, nor rename a passkey to mislead him
    const thief = await owner.newSession(LINUX);
    const passkeyId = (
      owner.json(await owner.call('GET', ownerPaths.passkeys)) as {
        passkeys: Array<{ id: string }>;
      }
    ).passkeys[0]!.id;
    for (const [method, path, body] of [
      ['DELETE', `${ownerPaths.sessions}/${phoneSession!.id}`, undefined],
      ['POST', ownerPaths.signOutOthers, undefined],
      ['PATCH', `${ownerPaths.passkeys}/${passkeyId}`, { name: 'Unknown device, remove me' }],
    ] as const) {
      const refused = await owner.call(method, path, { session: thief, body });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(owner.json(refused)).toMatchObject({ stepUp: true });
    }
    expect((await owner.call('GET', ownerPaths.session, { session: phone })).status).toBe(200);
    expect((await owner.call('GET', ownerPaths.session)).status).toBe(200);

    expect((await owner.stepUp()).status).toBe(204);
    expect((await owner.call('DELETE', `${ownerPaths.sessions}/${laptopSession!.id}`)).status).toBe(
      204,
    );
    expect((await owner.call('GET', ownerPaths.session, { session: laptop })).status).toBe(401);
    expect((await owner.call('GET', ownerPaths.session, { session: phone })).status).toBe(200);
    expect((await sessions()).map((session) => session.id)).not.toContain(laptopSession!.id);
    // This session is signed out with Sign out, not by its id
    const own = listed.find((session) => session.current)!;
    expect((await owner.call('DELETE', `${ownerPaths.sessions}/${own.id}`)).status).toBe(400);

    expect((await owner.call('POST', ownerPaths.signOutOthers)).status).toBe(204);
    expect((await owner.call('GET', ownerPaths.session, { session: phone })).status).toBe(401);
    expect((await owner.call('GET', ownerPaths.session)).status).toBe(200);
    expect((await sessions()).map((session) => session.id)).toEqual([own.id]);
  });
});

describe('bad input to every owner API', () => {
  const notJsonObject = fc.oneof(
    fc
      .jsonValue()
      .filter((value) => typeof value !== 'object' || value === null || Array.isArray(value)),
    fc.string(),
  );
  const unknownKey = fc.dictionary(
    fc
      .string({ minLength: 1 })
      .filter(
        (key) =>
          !['status', 'followUp', 'read', 'text', 'name', 'response', 'invite'].includes(key),
      ),
    fc.jsonValue(),
    { minKeys: 1 },
  );
  const badLeadChange = fc.oneof(
    fc.record({
      status: fc
        .string()
        .filter((status) => !(LEAD_STATUSES as readonly string[]).includes(status)),
    }),
    fc.record({
      followUp: fc.oneof(
        fc.string().filter((day) => !/^\d{4}-\d\d-\d\d$/.test(day)),
        fc.constantFrom('2026-02-30', '1999-12-31', '2026-13-01'),
      ),
    }),
    fc.record({ read: fc.jsonValue().filter((value) => value !== true) }),
    fc.constant({}),
    unknownKey,
  );
  const badNote = fc.oneof(
    fc.record({
      text: fc.oneof(
        fc.constantFrom('', '   ', '\n\t\u0000'),
        fc
          .string({ minLength: NOTE_MAX_LENGTH + 1, maxLength: NOTE_MAX_LENGTH + 50 })
          .filter((text) => text.trim().length > NOTE_MAX_LENGTH),
      ),
    }),
    fc.record({ text: fc.jsonValue().filter((value) => typeof value !== 'string') }),
    unknownKey,
  );
  const badCeremony = fc.oneof(
    fc.record({ response: fc.jsonValue() }),
    fc.record({ invite: fc.string() }),
    fc.record({ invite: fc.string(), name: fc.string(), response: fc.jsonValue() }),
    unknownKey,
  );
  const body = (specific: fc.Arbitrary<unknown>) =>
    fc.oneof(
      { arbitrary: specific.map((value) => ({ json: value })), weight: 3 },
      { arbitrary: notJsonObject.map((value) => ({ json: value })), weight: 1 },
      { arbitrary: fc.string().map((raw) => ({ raw: `{${raw}` })), weight: 1 },
      {
        arbitrary: fc.record({
          json: specific,
          contentType: fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data',
          ),
        }),
        weight: 1,
      },
    );

  it('gets a 4xx and leaves what is stored as it was', async () => {
    expect((await owner.stepUp()).status).toBe(204);
    const lead = await leadNamed(VISITOR.name);
    const before = JSON.stringify(await inbox());
    const passkeysBefore = (await owner.call('GET', ownerPaths.passkeys)).text();
    const targets: Array<[string, string, fc.Arbitrary<unknown>]> = [
      ['PATCH', `${ownerPaths.leads}/${lead.id}`, badLeadChange],
      ['POST', `${ownerPaths.leads}/${lead.id}/notes`, badNote],
      [
        'PATCH',
        `${ownerPaths.passkeys}/${(JSON.parse(passkeysBefore) as PasskeysBody).passkeys[0]!.id}`,
        fc.oneof(
          fc.record({ name: fc.constantFrom('', ' ', '\u0000') }),
          fc.record({
            name: fc
              .string({
                minLength: PASSKEY_NAME_MAX_LENGTH + 1,
                maxLength: PASSKEY_NAME_MAX_LENGTH + 20,
              })
              // A name is kept on one line, each run of spaces as one: too long even then
              .filter((name) => name.replace(/\s+/g, ' ').trim().length > PASSKEY_NAME_MAX_LENGTH),
          }),
          unknownKey,
        ),
      ],
      ['POST', ownerPaths.signIn, badCeremony],
      ['POST', ownerPaths.inviteOptions, badCeremony],
      ['POST', ownerPaths.invite, badCeremony],
      ['POST', ownerPaths.passkeys, badCeremony],
      ['POST', ownerPaths.stepUp, badCeremony],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets),
        fc.context(),
        async ([method, path, specific], context) => {
          const [sample] = fc.sample(body(specific), { numRuns: 1 });
          const request = sample as { json?: unknown; raw?: string; contentType?: string };
          // A client of its own each time, so the sign-in rate limit is not what answers
          const client = ownerClient(server, SITE_URL);
          client.session = owner.session;
          const answer = await client.call(method, path, {
            ...(request.raw !== undefined
              ? { rawBody: request.raw }
              : { rawBody: JSON.stringify(request.json) ?? 'null' }),
            ...(request.contentType ? { contentType: request.contentType } : {}),
          });
          context.log(
            `${method} ${path} ${JSON.stringify(request).slice(0, 200)} → ${answer.status}`,
          );
          return (
            answer.status >= 400 && answer.status < 500 && ![401, 403, 429].includes(answer.status)
          );
        },
      ),
      { numRuns: 300 },
    );
    expect(JSON.stringify(await inbox())).toBe(before);
    expect((await owner.call('GET', ownerPaths.passkeys)).text()).toBe(passkeysBefore);
    expect((await owner.call('GET', `${ownerPaths.leads}?q=${'x'.repeat(101)}`)).status).toBe(400);
    expect((await owner.call('GET', `${ownerPaths.leads}?status=archived`)).status).toBe(400);
    expect(
      (await owner.call('PATCH', `${ownerPaths.leads}/999999`, { body: { status: 'won' } })).status,
    ).toBe(404);
    const huge = await owner.call('POST', `${ownerPaths.leads}/${lead.id}/notes`, {
      rawBody: JSON.stringify({ text: 'x'.repeat(20_000) }),
    });
    expect(huge.status).toBe(413);
  });
});

describe('the owner page', () => {
  const page = (path: string, token: string | null, method = 'GET') =>
    owner.call(method, path, { session: token, origin: null });

  it('answers 401 with its sign-in without a session and 200 with one, never cached, indexed, framed or counted', async () => {
    const signedIn = owner.session!;
    for (const [token, status] of [
      [null, 401],
      ['C'.repeat(43), 401],
      [signedIn, 200],
    ] as const) {
      for (const method of ['GET', 'HEAD']) {
        const answer = await page(ownerPaths.page, token, method);
        expect(answer.status, `${method} with ${token ? 'a token' : 'none'}`).toBe(status);
        expect(answer.headers['content-type']).toMatch(/^text\/html/);
        expect(answer.headers['cache-control']).toBe('no-store');
        expect(answer.headers['x-robots-tag']).toMatch(/noindex/);
        expect(answer.headers['x-frame-options']).toBe('DENY');
        expect(answer.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
        expect(answer.headers['content-security-policy']).not.toMatch(
          /script-src[^;]*'unsafe-inline'/,
        );
        expect(answer.headers['etag']).toBeUndefined();
      }
      const html = (await page(ownerPaths.page, token)).text();
      expect(html).toMatch(/<meta name="robots" content="noindex/);
      for (const value of Object.values(VISITOR)) expect(html).not.toContain(value);
    }
    expect((await page(`${ownerPaths.page}/anything`, null)).status).toBe(401);
    expect((await page(`${ownerPaths.page}/anything`, signedIn)).status).toBe(404);
    expect((await page(`${ownerPaths.page}/`, null)).status).toBe(301);
  });

  it('is kept out of robots and the sitemap', async () => {
    expect((await send(server, { path: '/robots.txt' })).text()).toMatch(
      new RegExp(`^Disallow: ${ownerPaths.page}$`, 'm'),
    );
    expect((await send(server, { path: '/sitemap.xml' })).text()).not.toContain(ownerPaths.page);
  });
});

describe('sign-in ceremonies', () => {
  it(`are limited to ${CEREMONIES_PER_MINUTE} a minute for each client`, async () => {
    const statuses: number[] = [];
    for (let index = 0; index <= CEREMONIES_PER_MINUTE; index++) {
      statuses.push(
        (
          await owner.call('POST', ownerPaths.signInOptions, {
            session: null,
            headers: { 'X-Forwarded-For': '203.0.113.9' },
          })
        ).status,
      );
    }
    expect(statuses).toContain(429);
    expect((await owner.call('POST', ownerPaths.signInOptions, { session: null })).status).toBe(
      200,
    );
  });
});
