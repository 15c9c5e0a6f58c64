/**
 * A new passkey: checked against the challenge made for its invite or session, stored (using up
 * the invite in the same transaction, when there is one), and announced on every channel with
 * its name and the time, as is each passkey removed, so a passkey the owner did not add cannot
 * go unnoticed.
 */
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { AsyncLeadStore } from '../db/async-store.ts';
import type { Channel } from '../notify/channel.ts';
import { sendOwnerAlert } from '../notify/owner-alerts.ts';
import { nzDateTime } from '../support/days.ts';
import type { PasskeyCeremonies } from './passkey-ceremonies.ts';

type Log = (message: string, error?: unknown) => void;

/** How an enrolment ended: not proved, refused (the invite used or expired, the passkey stored already), or stored */
export type Enrolment =
  | { outcome: 'unverified' | 'invite-unusable' | 'exists' }
  | { outcome: 'added'; passkeyId: string };

export interface Enrolments {
  /**
   * Checks a new passkey (`response`, the browser's RegistrationResponseJSON, which
   * @simplewebauthn/server checks in full) against the challenge made for `boundTo` (an invite or
   * a session), stores it and announces it
   */
  enrol(passkey: {
    response: object;
    name: string;
    boundTo: string;
    inviteHash?: string;
  }): Promise<Enrolment>;
  /** Tells the owner on every channel, with the passkey's name and the time (what the server knows, not what a browser claims) */
  announce(change: 'added' | 'removed', name: string, now: Date): void;
}

export function createEnrolments({
  store,
  ceremonies,
  channels,
  log,
}: {
  store: AsyncLeadStore;
  ceremonies: PasskeyCeremonies;
  channels: readonly Channel[];
  log: Log;
}): Enrolments {
  function announce(change: 'added' | 'removed', name: string, now: Date) {
    const alert =
      change === 'added'
        ? {
            title: 'A passkey was added to your website sign-in',
            text:
              `The passkey "${name}" was added on ${nzDateTime(now)}. It can now sign in to your owner page.\n\n` +
              'If you did not add it, open your owner page, remove it under Passkeys, and sign out everywhere else.',
          }
        : {
            title: 'A passkey was removed from your website sign-in',
            text:
              `The passkey "${name}" was removed on ${nzDateTime(now)}. It can no longer sign in to your owner page.\n\n` +
              'If you did not remove it, sign in with another passkey, check Passkeys, and sign out everywhere else.',
          };
    void sendOwnerAlert(
      channels,
      { ...alert, key: `passkey-${change}-${now.getTime()}` },
      log,
    ).catch((error: unknown) => log('A passkey alert could not be sent', error));
  }

  return {
    announce,
    async enrol({ response, name, boundTo, inviteHash }) {
      const passkey = await ceremonies.verifyEnrolment(
        response as RegistrationResponseJSON,
        boundTo,
      );
      if (!passkey) return { outcome: 'unverified' };
      const now = new Date();
      const added = await store.addPasskey(
        { ...passkey, name },
        { now, ...(inviteHash ? { inviteHash } : {}) },
      );
      if (added === 'invite-unusable') return { outcome: 'invite-unusable' };
      if (added === 'duplicate-passkey') return { outcome: 'exists' };
      announce('added', name, now);
      return { outcome: 'added', passkeyId: passkey.id };
    },
  };
}
