/**
 * The owner's site: its state (a publish under way, the last one's outcome, the changes waiting,
 * the history), publishing, undoing one of his changes, and discarding those not yet published. A server that does not publish
 * answers these with 503.
 */
import {
  ownerPaths,
  type BusyBody,
  type DiscardBody,
  type SiteBody,
} from '../../../lib/owner-api.ts';
import { ownerRequests } from '../../../lib/owner-api/requests.ts';
import type { ApiRoute } from '../../http/api.ts';
import type { Publisher, StartOutcome } from '../../publish/publisher.ts';
import { readJsonBody, refuse, reply } from '../requests.ts';
import type { OwnerRouteDeps } from './deps.ts';

/** Changes of the site's history shown, and the only ones Undo takes */
export const HISTORY_SHOWN = 30;

async function siteBody(publisher: Publisher): Promise<SiteBody> {
  // The state first: a job that ends while git is read is then still shown running, and the page
  // asks again; read last, it would show the job over beside the files and history of before it
  // saved, and the page would stop asking
  const status = publisher.status();
  const [pending, history] = await Promise.all([
    publisher.pending(),
    publisher.history(HISTORY_SHOWN),
  ]);
  return { ...status, pending, history };
}

function startAnswer(outcome: StartOutcome): Response {
  if (outcome.started) return reply(202, { running: outcome.progress });
  if (outcome.running)
    return refuse(outcome.status, outcome.error, {}, { running: outcome.running } satisfies Omit<
      BusyBody,
      'errors'
    >);
  return refuse(outcome.status, outcome.error);
}

export function siteRoutes({ guard, publisher }: OwnerRouteDeps): ApiRoute[] {
  const notPublishing = () => refuse(503, 'This server does not publish the site.');
  return [
    {
      method: 'GET',
      path: ownerPaths.site,
      handler: guard.signedIn(async () =>
        publisher ? reply(200, await siteBody(publisher)) : notPublishing(),
      ),
    },
    {
      method: 'POST',
      path: ownerPaths.publish,
      handler: guard.signedIn(async (request) => {
        const body = await readJsonBody(request, ownerRequests.nothing);
        if (!body.ok) return body.refusal;
        return publisher ? startAnswer(publisher.publish()) : notPublishing();
      }),
    },
    {
      method: 'POST',
      path: ownerPaths.discard,
      // Destroys his unpublished work: only after he confirmed with his passkey
      handler: guard.signedIn(
        async (request) => {
          const body = await readJsonBody(request, ownerRequests.nothing);
          if (!body.ok) return body.refusal;
          if (!publisher) return notPublishing();
          const outcome = await publisher.discard();
          return outcome.discarded
            ? reply(200, { discarded: outcome.changes } satisfies DiscardBody)
            : refuse(outcome.status, outcome.error);
        },
        { stepUp: true },
      ),
    },
    {
      method: 'POST',
      path: ownerPaths.undo,
      handler: guard.signedIn(async (request) => {
        const body = await readJsonBody(request, ownerRequests.undo);
        if (!body.ok) return body.refusal;
        if (!publisher) return notPublishing();
        // Only a change the page lists can be undone; the publisher says whether this one can
        const listed = await publisher.history(HISTORY_SHOWN);
        if (!listed.some((change) => change.commit === body.value.commit))
          return refuse(400, 'That change is not one the owner page lists.');
        return startAnswer(await publisher.undo(body.value.commit));
      }),
    },
  ];
}
