/**
 * The WebAuthn ceremonies on their own, with a software authenticator: a challenge is accepted
 * once, for what it was made for, and not after 5 minutes on a clock that never steps; a passkey
 * made for one invite cannot finish another's enrolment; a step-up's challenge confirms inside
 * its own session only, and is no sign-in; a flood of sign-in challenges asked for by anyone
 * pushes out none of them.
 */
import { describe, expect, it } from 'vitest';
import { inProcessStore } from '../../src/server/db/async-store.ts';
import type { LeadStore } from '../../src/server/db/records.ts';
import {
  CHALLENGE_LIFETIME_MS,
  createPasskeyCeremonies,
} from '../../src/server/owner/passkey-ceremonies.ts';
import { leadStorePerTest } from '../support/leads.ts';
import { createSoftAuthenticator, type CeremonyOptions } from '../support/soft-authenticator.ts';

const SITE_URL = 'https://www.example.com';
let store: LeadStore;
leadStorePerTest('ceremonies-', (opened) => (store = opened.store));

function setUp() {
  let clock = 1_000;
  const ceremonies = createPasskeyCeremonies({
    store: inProcessStore(store),
    siteUrl: SITE_URL,
    monotonicNow: () => clock,
  });
  const authenticator = createSoftAuthenticator(SITE_URL);
  return { ceremonies, authenticator, advance: (ms: number) => (clock += ms) };
}

async function enrolled(setup: ReturnType<typeof setUp>) {
  const options = (await setup.ceremonies.enrolOptions('invite:a')) as unknown as CeremonyOptions;
  const passkey = await setup.ceremonies.verifyEnrolment(
    setup.authenticator.register(options) as never,
    'invite:a',
  );
  expect(passkey).not.toBeNull();
  store.addPasskey({ ...passkey!, name: 'Phone' }, { now: new Date() });
  return passkey!;
}

describe('a challenge', () => {
  it('signs in once, and not again', async () => {
    const setup = setUp();
    const passkey = await enrolled(setup);
    const options = (await setup.ceremonies.signInOptions()) as unknown as CeremonyOptions;
    const response = setup.authenticator.authenticate(options) as never;
    expect(await setup.ceremonies.verifySignIn(response)).toEqual({ passkeyId: passkey.id });
    expect(await setup.ceremonies.verifySignIn(response)).toBeNull();
  });

  it(`is refused ${CHALLENGE_LIFETIME_MS / 60_000} minutes after it was made, and accepted just before`, async () => {
    const setup = setUp();
    await enrolled(setup);
    const late = (await setup.ceremonies.signInOptions()) as unknown as CeremonyOptions;
    const onTime = (await setup.ceremonies.signInOptions()) as unknown as CeremonyOptions;
    setup.advance(CHALLENGE_LIFETIME_MS - 1);
    expect(
      await setup.ceremonies.verifySignIn(setup.authenticator.authenticate(onTime) as never),
    ).not.toBeNull();
    setup.advance(1);
    expect(
      await setup.ceremonies.verifySignIn(setup.authenticator.authenticate(late) as never),
    ).toBeNull();
  });

  it('made to enrol is not a sign-in, and one invite’s enrolment cannot finish another’s', async () => {
    const setup = setUp();
    await enrolled(setup);
    const enrol = (await setup.ceremonies.enrolOptions('invite:b')) as unknown as CeremonyOptions;
    expect(
      await setup.ceremonies.verifySignIn(setup.authenticator.authenticate(enrol) as never),
    ).toBeNull();
    const other = (await setup.ceremonies.enrolOptions('invite:c')) as unknown as CeremonyOptions;
    expect(
      await setup.ceremonies.verifyEnrolment(
        setup.authenticator.register(other) as never,
        'invite:d',
      ),
    ).toBeNull();
  });

  it('made for a step-up confirms once inside its own session, and neither signs in nor is a sign-in’s', async () => {
    const setup = setUp();
    const passkey = await enrolled(setup);
    const answer = async (options: Promise<unknown>) =>
      setup.authenticator.authenticate((await options) as CeremonyOptions) as never;

    expect(
      await setup.ceremonies.verifyStepUp(
        await answer(setup.ceremonies.stepUpOptions('session:b')),
        'session:a',
      ),
    ).toBeNull();
    expect(
      await setup.ceremonies.verifySignIn(
        await answer(setup.ceremonies.stepUpOptions('session:a')),
      ),
    ).toBeNull();
    expect(
      await setup.ceremonies.verifyStepUp(
        await answer(setup.ceremonies.signInOptions()),
        'session:a',
      ),
    ).toBeNull();
    const response = await answer(setup.ceremonies.stepUpOptions('session:a'));
    expect(await setup.ceremonies.verifyStepUp(response, 'session:a')).toEqual({
      passkeyId: passkey.id,
    });
    expect(await setup.ceremonies.verifyStepUp(response, 'session:a')).toBeNull();
  });

  it('to sign in outlasts a flood of others asked for by anyone, and none is accepted altered or from another server', async () => {
    const setup = setUp();
    const passkey = await enrolled(setup);
    const owners = (await setup.ceremonies.signInOptions()) as unknown as CeremonyOptions;
    // Asking needs no session: more than any list of challenges would keep
    for (let index = 0; index < 2_500; index++) await setup.ceremonies.signInOptions();
    expect(
      await setup.ceremonies.verifySignIn(setup.authenticator.authenticate(owners) as never),
    ).toEqual({ passkeyId: passkey.id });

    const fresh = (await setup.ceremonies.signInOptions()) as unknown as CeremonyOptions;
    const bytes = Buffer.from(fresh.challenge, 'base64url');
    // A later time to lapse, under the same signature
    bytes.writeDoubleBE(bytes.readDoubleBE(16) + 60 * 60_000, 16);
    const altered = { ...fresh, challenge: bytes.toString('base64url') };
    expect(
      await setup.ceremonies.verifySignIn(setup.authenticator.authenticate(altered) as never),
    ).toBeNull();
    const otherServer = (await setUp().ceremonies.signInOptions()) as unknown as CeremonyOptions;
    expect(
      await setup.ceremonies.verifySignIn(setup.authenticator.authenticate(otherServer) as never),
    ).toBeNull();
    expect(
      await setup.ceremonies.verifySignIn(setup.authenticator.authenticate(fresh) as never),
    ).toEqual({ passkeyId: passkey.id });
  });

  it('needs the phone to verify its owner (face, fingerprint or PIN)', async () => {
    const setup = setUp();
    const options = (await setup.ceremonies.enrolOptions('invite:a')) as unknown as CeremonyOptions;
    expect(
      await setup.ceremonies.verifyEnrolment(
        setup.authenticator.register(options, { unverified: true }) as never,
        'invite:a',
      ),
    ).toBeNull();
  });
});
