/**
 * The WebAuthn ceremonies, through @simplewebauthn/server: the relying party is SITE_URL's host
 * and origin, user verification is required (the phone's face, fingerprint or PIN), and each
 * passkey is discoverable, so signing in needs no name typed. Every challenge is used at most
 * once, for the purpose it was made for, within 5 minutes (counted on a clock that never steps):
 * signing in, enrolling a passkey for one invite or session, or confirming inside one session
 * that the owner has a stored passkey at hand (a step-up).
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { liveFacts } from '../support/live-facts.ts';
import type { AsyncLeadStore } from '../db/async-store.ts';
import type { NewPasskey } from '../db/owner-records.ts';

export const CHALLENGE_LIFETIME_MS = 5 * 60_000;
/** Challenges kept at once; the oldest go first, so a flood of requests cannot grow the map */
const MAX_CHALLENGES = 1000;

/** What a challenge was made for: signing in, enrolling a passkey for one invite or session, or a step-up in one session */
type Purpose =
  { kind: 'sign-in'; boundTo?: never } | { kind: 'enrol' | 'step-up'; boundTo: string };

export interface PasskeyCeremonies {
  signInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON>;
  /** The passkey that signed in, or null when the response does not prove one */
  verifySignIn(response: AuthenticationResponseJSON): Promise<{ passkeyId: string } | null>;
  /** Options to enrol a passkey; `boundTo` names the invite or session allowed to finish it */
  enrolOptions(boundTo: string): Promise<PublicKeyCredentialCreationOptionsJSON>;
  /** The new passkey (unnamed), or null when the response does not prove one made for `boundTo` */
  verifyEnrolment(
    response: RegistrationResponseJSON,
    boundTo: string,
  ): Promise<Omit<NewPasskey, 'name'> | null>;
  /** Options to confirm with a stored passkey inside the session `boundTo` */
  stepUpOptions(boundTo: string): Promise<PublicKeyCredentialRequestOptionsJSON>;
  /** The stored passkey that confirmed, or null when the response does not prove one for `boundTo`'s challenge */
  verifyStepUp(
    response: AuthenticationResponseJSON,
    boundTo: string,
  ): Promise<{ passkeyId: string } | null>;
}

export function createPasskeyCeremonies({
  store,
  siteUrl,
  monotonicNow = () => performance.now(),
}: {
  store: AsyncLeadStore;
  siteUrl: string;
  monotonicNow?: () => number;
}): PasskeyCeremonies {
  const { origin, hostname: rpID } = new URL(siteUrl);
  const challenges = new Map<string, { purpose: Purpose; expiresAt: number }>();

  function remember(challenge: string, purpose: Purpose) {
    const now = monotonicNow();
    for (const [key, entry] of challenges) {
      if (entry.expiresAt <= now || challenges.size >= MAX_CHALLENGES) challenges.delete(key);
      else break;
    }
    challenges.set(challenge, { purpose, expiresAt: now + CHALLENGE_LIFETIME_MS });
  }

  /** Takes the challenge (it is never accepted again) and says whether it was made for `purpose` */
  function take(challenge: string, purpose: Purpose): boolean {
    const entry = challenges.get(challenge);
    challenges.delete(challenge);
    if (!entry || entry.expiresAt <= monotonicNow()) return false;
    return entry.purpose.kind === purpose.kind && entry.purpose.boundTo === purpose.boundTo;
  }

  async function authenticationOptions(purpose: Purpose) {
    const options = await generateAuthenticationOptions({
      rpID,
      userVerification: 'required',
      timeout: CHALLENGE_LIFETIME_MS,
    });
    remember(options.challenge, purpose);
    return options;
  }

  /** The stored passkey that answered a challenge made for `purpose`, its use recorded; null when none did */
  async function verifyAuthentication(response: AuthenticationResponseJSON, purpose: Purpose) {
    const passkey = await store.getPasskey(response.id);
    if (!passkey) return null;
    try {
      const { verified, authenticationInfo } = await verifyAuthenticationResponse({
        response,
        expectedChallenge: (challenge) => take(challenge, purpose),
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
        credential: {
          id: passkey.id,
          publicKey: passkey.publicKey,
          counter: passkey.counter,
          transports: passkey.transports,
        },
      });
      if (!verified) return null;
      await store.usePasskey(passkey.id, authenticationInfo.newCounter, new Date());
      return { passkeyId: passkey.id };
    } catch {
      // A malformed response, a wrong signature, a counter that went back: not this owner
      return null;
    }
  }

  return {
    signInOptions: () => authenticationOptions({ kind: 'sign-in' }),
    verifySignIn: (response) => verifyAuthentication(response, { kind: 'sign-in' }),
    stepUpOptions: (boundTo) => authenticationOptions({ kind: 'step-up', boundTo }),
    verifyStepUp: (response, boundTo) =>
      verifyAuthentication(response, { kind: 'step-up', boundTo }),
    async enrolOptions(boundTo) {
      const [userId, passkeys] = await Promise.all([store.ownerUserId(), store.listPasskeys()]);
      const facts = liveFacts();
      const options = await generateRegistrationOptions({
        rpName: facts.name,
        rpID,
        userID: new Uint8Array(Buffer.from(userId, 'base64url')),
        userName: facts.email,
        userDisplayName: facts.shortName,
        attestationType: 'none',
        excludeCredentials: passkeys.map(({ id, transports }) => ({ id, transports })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        timeout: CHALLENGE_LIFETIME_MS,
      });
      remember(options.challenge, { kind: 'enrol', boundTo });
      return options;
    },
    async verifyEnrolment(response, boundTo) {
      try {
        const { verified, registrationInfo } = await verifyRegistrationResponse({
          response,
          expectedChallenge: (challenge) => take(challenge, { kind: 'enrol', boundTo }),
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
        });
        if (!verified) return null;
        const { credential } = registrationInfo;
        return {
          id: credential.id,
          publicKey: credential.publicKey,
          counter: credential.counter,
          transports: credential.transports ?? [],
        };
      } catch {
        return null;
      }
    },
  };
}
