/**
 * The owner's passkeys and the devices signed in: listing them, adding, renaming and removing a
 * passkey, signing out another device or every other one, and the step-up those need (a stored
 * passkey confirming inside this session), so a stolen session cookie alone cannot keep the door,
 * lock it, or sign him out as fast as he signs in.
 */
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { ownerPaths, type PasskeysBody, type SessionsBody } from '../../../lib/owner-api.ts';
import { ownerRequests } from '../../../lib/owner-api/requests.ts';
import type { ApiRoute } from '../../http/api.ts';
import { sessionLimitsAt } from '../guard.ts';
import { readJsonBody, refuse, reply } from '../requests.ts';
import type { OwnerRouteDeps } from './deps.ts';

const SIGN_INS_SHOWN = 20;
const PASSKEY_ID = /^[\w-]{1,1400}$/;
const SESSION_ID = /^[\w-]{1,64}$/;
const NO_SUCH_PASSKEY = 'There is no such passkey.';

export function passkeyRoutes({
  store,
  guard,
  ceremonies,
  enrolments,
}: OwnerRouteDeps): ApiRoute[] {
  const stepUp = { stepUp: true };
  return [
    {
      method: 'GET',
      path: ownerPaths.passkeys,
      handler: guard.signedIn(async (_request, { session }) => {
        const [passkeys, signIns] = await Promise.all([
          store.listPasskeys(),
          store.recentSignIns(SIGN_INS_SHOWN),
        ]);
        const body: PasskeysBody = {
          passkeys: passkeys.map(({ id, name, createdAt, lastUsedAt }) => ({
            id,
            name,
            createdAt,
            lastUsedAt,
            current: id === session.passkeyId,
          })),
          signIns,
        };
        return reply(200, body);
      }),
    },
    {
      method: 'POST',
      path: ownerPaths.passkeyOptions,
      handler: guard.signedIn(
        async (_request, { tokenHash }) =>
          reply(200, await ceremonies.enrolOptions(`session:${tokenHash}`)),
        stepUp,
      ),
    },
    {
      method: 'POST',
      path: ownerPaths.passkeys,
      handler: guard.signedIn(async (request, { tokenHash }) => {
        const body = await readJsonBody(request, ownerRequests.addPasskey);
        if (!body.ok) return body.refusal;
        const { response, name } = body.value;
        const enrolled = await enrolments.enrol({
          response,
          name,
          boundTo: `session:${tokenHash}`,
        });
        if (enrolled.outcome === 'unverified')
          return refuse(400, 'The passkey could not be checked. Try adding it again.');
        if (enrolled.outcome !== 'added') return refuse(409, 'This passkey is set up already.');
        return reply(201, { id: enrolled.passkeyId });
      }, stepUp),
    },
    {
      method: 'PATCH',
      path: ownerPaths.passkey,
      // A name is what the owner trusts in the list and in every alert
      handler: guard.signedIn(async (request, { params }) => {
        const id = params['id'] ?? '';
        const body = await readJsonBody(request, ownerRequests.rename);
        if (!body.ok) return body.refusal;
        if (PASSKEY_ID.test(id) && (await store.renamePasskey(id, body.value.name)))
          return reply(200, { id, name: body.value.name });
        return refuse(404, NO_SUCH_PASSKEY);
      }, stepUp),
    },
    {
      method: 'DELETE',
      path: ownerPaths.passkey,
      handler: guard.signedIn(async (_request, { params }) => {
        const id = params['id'] ?? '';
        if (!PASSKEY_ID.test(id)) return refuse(404, NO_SUCH_PASSKEY);
        const now = new Date();
        const outcome = await store.removePasskey(id);
        if (outcome === 'missing') return refuse(404, NO_SUCH_PASSKEY);
        if (outcome === 'last')
          return refuse(409, 'This is your only passkey. Add another before you remove this one.');
        enrolments.announce('removed', outcome.removed, now);
        return reply(204, null);
      }, stepUp),
    },
    {
      method: 'GET',
      path: ownerPaths.sessions,
      handler: guard.signedIn(async (_request, { session }) => {
        const sessions = await store.listSessions(sessionLimitsAt(new Date()));
        const body: SessionsBody = {
          sessions: sessions.map(({ id, device, passkeyName, createdAt, lastSeenAt }) => ({
            id,
            device,
            passkeyName,
            startedAt: createdAt,
            lastUsedAt: lastSeenAt,
            current: id === session.id,
          })),
        };
        return reply(200, body);
      }),
    },
    {
      method: 'DELETE',
      path: ownerPaths.otherSession,
      handler: guard.signedIn(async (_request, { params, session }) => {
        const id = params['id'] ?? '';
        if (id === session.id) return refuse(400, 'To sign out on this device, use Sign out.');
        if (SESSION_ID.test(id) && (await store.endSessionById(id))) return reply(204, null);
        return refuse(404, 'That sign-in has ended already.');
      }, stepUp),
    },
    {
      method: 'POST',
      path: ownerPaths.signOutOthers,
      // Else a stolen cookie could sign the owner out as fast as he signs in
      handler: guard.signedIn(async (_request, { tokenHash }) => {
        await store.endOtherSessions(tokenHash);
        return reply(204, null);
      }, stepUp),
    },
    {
      method: 'POST',
      path: ownerPaths.stepUpOptions,
      handler: guard.signedIn(async (_request, { tokenHash }) =>
        reply(200, await ceremonies.stepUpOptions(`session:${tokenHash}`)),
      ),
    },
    {
      method: 'POST',
      path: ownerPaths.stepUp,
      handler: guard.signedIn(async (request, { tokenHash }) => {
        const body = await readJsonBody(request, ownerRequests.passkeyAnswer);
        if (!body.ok) return body.refusal;
        // Checked in full by @simplewebauthn/server
        const confirmed = await ceremonies.verifyStepUp(
          body.value.response as AuthenticationResponseJSON,
          `session:${tokenHash}`,
        );
        if (!confirmed) return refuse(400, 'Your passkey could not confirm it’s you. Try again.');
        await store.markSessionVerified(tokenHash, new Date());
        return reply(204, null);
      }),
    },
  ];
}
