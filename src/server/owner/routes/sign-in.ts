/**
 * Signing in and out: the sign-in ceremony, an invite's enrolment (the first passkey, or a
 * recovery one), the session's own details, and signing out. The ceremonies are open (within
 * their rate limit); the rest need the session.
 */
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { describeDevice, ownerPaths, type SessionBody } from '../../../lib/owner-api.ts';
import { ownerRequests } from '../../../lib/owner-api/requests.ts';
import type { AsyncLeadStore } from '../../db/async-store.ts';
import type { ApiRoute } from '../../http/api.ts';
import { readJsonBody, refuse, reply } from '../requests.ts';
import {
  endedSessionCookie,
  hashToken,
  newToken,
  sessionCookie,
  sessionTokenFrom,
} from '../session-token.ts';
import type { OwnerRouteDeps } from './deps.ts';

const INVITE_UNUSABLE =
  'This invite link has been used or has expired. Make a new one on the server with npm run owner:invite.';

/** The paths open without a session: a wrong method on them is a 405, never a 401 */
export const CEREMONY_PATHS: ReadonlySet<string> = new Set([
  ownerPaths.signInOptions,
  ownerPaths.signIn,
  ownerPaths.inviteOptions,
  ownerPaths.invite,
]);

/** Opens a new session for `passkeyId`, ending the one the browser had; its cookie */
async function signIn(store: AsyncLeadStore, request: Request, passkeyId: string): Promise<string> {
  const previous = sessionTokenFrom(request.headers.get('cookie') ?? undefined);
  if (previous) await store.endSession(hashToken(previous));
  const token = newToken();
  // The browser and system, as its User-Agent claims: a hint for the owner's lists, never an alert
  const device = describeDevice(request.headers.get('user-agent') ?? '');
  await store.createSession({ tokenHash: hashToken(token), passkeyId, device, now: new Date() });
  return sessionCookie(token);
}

export function signInRoutes({ store, guard, ceremonies, enrolments }: OwnerRouteDeps): ApiRoute[] {
  return [
    {
      method: 'POST',
      path: ownerPaths.signInOptions,
      handler: guard.open(async () => reply(200, await ceremonies.signInOptions())),
    },
    {
      method: 'POST',
      path: ownerPaths.signIn,
      handler: guard.open(async (request) => {
        const body = await readJsonBody(request, ownerRequests.passkeyAnswer);
        if (!body.ok) return body.refusal;
        // Checked in full by @simplewebauthn/server
        const verified = await ceremonies.verifySignIn(
          body.value.response as AuthenticationResponseJSON,
        );
        if (!verified) {
          return refuse(
            401,
            'That passkey was not recognised. Use one set up for this site, or make a new invite on the server.',
          );
        }
        return reply(
          200,
          { ok: true },
          { 'Set-Cookie': await signIn(store, request, verified.passkeyId) },
        );
      }),
    },
    {
      method: 'POST',
      path: ownerPaths.inviteOptions,
      handler: guard.open(async (request) => {
        const body = await readJsonBody(request, ownerRequests.inviteOptions);
        if (!body.ok) return body.refusal;
        const inviteHash = hashToken(body.value.invite);
        if (!(await store.isInviteUsable(inviteHash, new Date())))
          return refuse(410, INVITE_UNUSABLE);
        return reply(200, await ceremonies.enrolOptions(`invite:${inviteHash}`));
      }),
    },
    {
      method: 'POST',
      path: ownerPaths.invite,
      handler: guard.open(async (request) => {
        const body = await readJsonBody(request, ownerRequests.invite);
        if (!body.ok) return body.refusal;
        const { invite, name, response } = body.value;
        const inviteHash = hashToken(invite);
        const enrolled = await enrolments.enrol({
          response,
          name,
          boundTo: `invite:${inviteHash}`,
          inviteHash,
        });
        switch (enrolled.outcome) {
          case 'unverified':
            return refuse(
              400,
              'The passkey could not be checked. Open the invite link again and try once more.',
            );
          case 'invite-unusable':
            return refuse(410, INVITE_UNUSABLE);
          case 'exists':
            return refuse(409, 'This passkey is set up already. Sign in with it.');
          case 'added':
            return reply(
              200,
              { ok: true },
              { 'Set-Cookie': await signIn(store, request, enrolled.passkeyId) },
            );
        }
      }),
    },
    {
      method: 'GET',
      path: ownerPaths.session,
      handler: guard.signedIn((_request, { session }) =>
        reply(200, {
          passkeyName: session.passkeyName,
          signedInAt: session.createdAt,
        } satisfies SessionBody),
      ),
    },
    {
      method: 'POST',
      path: ownerPaths.signOut,
      handler: guard.signedIn(async (_request, { tokenHash }) => {
        await store.endSession(tokenHash);
        return reply(204, null, { 'Set-Cookie': endedSessionCookie() });
      }),
    },
  ];
}
