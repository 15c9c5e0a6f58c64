/**
 * The WebAuthn ceremonies, through @simplewebauthn/server: the relying party is SITE_URL's host
 * and origin, user verification is required (the phone's face, fingerprint or PIN), and each
 * passkey is discoverable, so signing in needs no name typed. Every challenge is used at most
 * once, for the purpose it was made for, within 5 minutes (counted on a clock that never steps):
 * signing in, enrolling a passkey for one invite or session, or confirming inside one session
 * that the owner has a stored passkey at hand (a step-up).
 *
 * Anyone may ask for a sign-in challenge, so those are not kept in a list that a flood of asking
 * could push the owner's out of: each is signed with a key of this process, and carries the time
 * it lapses; only one that has been answered is remembered, until it lapses, so it is never
 * accepted twice. Enrolment and step-up challenges need an invite or a session, and are kept.
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
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { liveFacts } from '../support/live-facts.ts';
import type { AsyncLeadStore } from '../db/async-store.ts';
import type { NewPasskey } from '../db/owner-records.ts';

export const CHALLENGE_LIFETIME_MS = 5 * 60_000;
/** Enrolment and step-up challenges kept at once; the oldest go first, so no session can grow the map */
const MAX_CHALLENGES = 1000;
/** Answered sign-in challenges remembered at once: each needed a response naming a stored passkey */
const MAX_ANSWERED = 10_000;
const NONCE_BYTES = 16;
const MAC_BYTES = 16;

/** What a kept challenge was made for: enrolling a passkey for one invite or session, or a step-up in one session */
interface Purpose {
  kind: 'enrol' | 'step-up';
  boundTo: string;
}

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
  const signInKey = randomBytes(32);
  /** Answered sign-in challenges, until they lapse */
  const answered = new Map<string, number>();
  const mac = (body: Buffer) =>
    createHmac('sha256', signInKey).update(body).digest().subarray(0, MAC_BYTES);

  /** A sign-in challenge: a nonce, when it lapses, and their signature */
  function signedChallenge(): Uint8Array<ArrayBuffer> {
    const body = Buffer.alloc(NONCE_BYTES + 8);
    randomBytes(NONCE_BYTES).copy(body);
    body.writeDoubleBE(monotonicNow() + CHALLENGE_LIFETIME_MS, NONCE_BYTES);
    const challenge = new Uint8Array(body.length + MAC_BYTES);
    challenge.set(body);
    challenge.set(mac(body), body.length);
    return challenge;
  }

  /** Whether `challenge` is a sign-in challenge of this process, in time and never answered before; it is answered now */
  function takeSignedChallenge(challenge: string): boolean {
    const raw = Buffer.from(challenge, 'base64url');
    if (raw.length !== NONCE_BYTES + 8 + MAC_BYTES) return false;
    const body = raw.subarray(0, NONCE_BYTES + 8);
    if (!timingSafeEqual(raw.subarray(NONCE_BYTES + 8), mac(body))) return false;
    const expiresAt = body.readDoubleBE(NONCE_BYTES);
    const now = monotonicNow();
    if (expiresAt <= now || answered.has(challenge)) return false;
    for (const [key, lapses] of answered) {
      if (lapses <= now || answered.size >= MAX_ANSWERED) answered.delete(key);
      else break;
    }
    answered.set(challenge, expiresAt);
    return true;
  }

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

  /** Options to answer with a stored passkey: a kept challenge for `purpose`, a signed one to sign in */
  async function authenticationOptions(purpose?: Purpose) {
    const options = await generateAuthenticationOptions({
      rpID,
      userVerification: 'required',
      timeout: CHALLENGE_LIFETIME_MS,
      ...(purpose ? {} : { challenge: signedChallenge() }),
    });
    if (purpose) remember(options.challenge, purpose);
    return options;
  }

  /** The stored passkey that answered a challenge made for `purpose` (to sign in, when none), its use recorded; null when none did */
  async function verifyAuthentication(response: AuthenticationResponseJSON, purpose?: Purpose) {
    const passkey = await store.getPasskey(response.id);
    if (!passkey) return null;
    try {
      const { verified, authenticationInfo } = await verifyAuthenticationResponse({
        response,
        expectedChallenge: (challenge) =>
          purpose ? take(challenge, purpose) : takeSignedChallenge(challenge),
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
    signInOptions: () => authenticationOptions(),
    verifySignIn: (response) => verifyAuthentication(response),
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
