/**
 * The passkey ceremonies of the owner's page (sign in, enrol from an invite, confirm it's him
 * inside a session, add one from inside), each as the server's options → the browser's WebAuthn
 * → the server's check, with the browser's failures put into words the owner can act on. A
 * change the server keeps for a step-up is confirmed with his passkey and tried once more.
 */
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from '@simplewebauthn/browser';
import { ApiError, ownerApi } from './api.ts';

/** A ceremony that did not finish, with a message for the owner */
export class CeremonyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CeremonyError';
  }
}

type Ceremony = 'sign-in' | 'confirm' | 'set-up';

/** What the browser's refusal means, from the owner's side of the screen */
export function ceremonyMessage(error: unknown, ceremony: Ceremony): string {
  const name =
    error instanceof WebAuthnError
      ? (error.cause as Error | undefined)?.name
      : (error as Error | undefined)?.name;
  const code = error instanceof WebAuthnError ? error.code : undefined;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return 'This device already has a passkey for this site. Use it to sign in, or add a passkey from another device.';
  }
  if (
    code === 'ERROR_INVALID_DOMAIN' ||
    code === 'ERROR_INVALID_RP_ID' ||
    name === 'SecurityError'
  ) {
    return 'Passkeys only work on the site’s own secure address (https). Open the page from there.';
  }
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
    return {
      'sign-in': 'Sign-in was cancelled or timed out. Try again when you are ready.',
      confirm:
        'Confirming with your passkey was cancelled or timed out. Nothing was changed. Try again when you are ready.',
      'set-up': 'Setting up the passkey was cancelled or timed out. Try again when you are ready.',
    }[ceremony];
  }
  return ceremony === 'set-up'
    ? 'The passkey could not be set up on this device. Try again, or use another device.'
    : 'Your passkey could not be used. Try again, or use another device that has one.';
}

function requireWebAuthn(): void {
  if (!browserSupportsWebAuthn()) {
    throw new CeremonyError(
      'This browser cannot use passkeys. Open the page in an up-to-date browser such as Safari or Chrome.',
    );
  }
}

async function run<T>(ceremony: Ceremony, steps: () => Promise<T>): Promise<T> {
  requireWebAuthn();
  try {
    return await steps();
  } catch (error) {
    // The server's refusals carry its own words (and a 401 its meaning): they pass as they are
    if (error instanceof CeremonyError || error instanceof ApiError) throw error;
    throw new CeremonyError(ceremonyMessage(error, ceremony));
  }
}

export const signInWithPasskey = () =>
  run('sign-in', async () => {
    const optionsJSON = await ownerApi.signInOptions();
    const response = await startAuthentication({ optionsJSON });
    await ownerApi.signIn(response);
  });

export const enrolFromInvite = (invite: string, name: string) =>
  run('set-up', async () => {
    const optionsJSON = await ownerApi.inviteOptions(invite);
    const response = await startRegistration({ optionsJSON });
    await ownerApi.acceptInvite({ invite, name, response });
  });

const confirmWithPasskey = () =>
  run('confirm', async () => {
    const optionsJSON = await ownerApi.stepUpOptions();
    const response = await startAuthentication({ optionsJSON });
    await ownerApi.stepUp(response);
  });

/** Does `change`; when the server wants him to confirm with his passkey first, asks for it and does it once more */
export async function withStepUp<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (!(error instanceof ApiError && error.stepUp)) throw error;
    await confirmWithPasskey();
    return change();
  }
}

export const addPasskey = (name: string) =>
  withStepUp(() =>
    run('set-up', async () => {
      const optionsJSON = await ownerApi.passkeyOptions();
      const response = await startRegistration({ optionsJSON });
      await ownerApi.addPasskey({ name, response });
    }),
  );
