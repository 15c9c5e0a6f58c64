/**
 * His finished jobs (owner/jobs.ts): the list with what the form offers, one job for its form,
 * adding and changing one, the home page's order, a photo for a draft (its bytes, as the page
 * sent them after shrinking it) and the small pictures the list and the form show. A server
 * that keeps no site source answers 503.
 */
import {
  JOB_PHOTO_MAX_BYTES,
  ownerPaths,
  type JobSaved,
  type PhotoUploaded,
} from '../../../lib/owner-api.ts';
import { ownerRequests } from '../../../lib/owner-api/requests.ts';
import type { ApiRoute } from '../../http/api.ts';
import { OWNER_HEADERS } from '../../http/private-answers.ts';
import { readLimitedBody } from '../../http/request-body.ts';
import type { SaveOutcome } from '../jobs.ts';
import { readJsonBody, refuse, reply } from '../requests.ts';
import type { OwnerRouteDeps } from './deps.ts';

/** A refusal of a save, naming the field it is about so the page can show it there */
const refusal = (outcome: Extract<SaveOutcome, { ok: false }>) =>
  refuse(outcome.status, outcome.message, {}, outcome.field ? { field: outcome.field } : {});

const picture = (bytes: Buffer, type: string) =>
  new Response(new Uint8Array(bytes), {
    status: 200,
    headers: { ...OWNER_HEADERS, 'Content-Type': type, 'X-Content-Type-Options': 'nosniff' },
  });

export function jobRoutes({ guard, jobs }: OwnerRouteDeps): ApiRoute[] {
  const noSite = () => refuse(503, 'This server keeps no copy of the site to change.');
  const notFound = () => refuse(404, 'That job is no longer there.');
  return [
    {
      method: 'GET',
      path: ownerPaths.jobs,
      handler: guard.signedIn(async () => (jobs ? reply(200, await jobs.list()) : noSite())),
    },
    {
      method: 'POST',
      path: ownerPaths.jobs,
      handler: guard.signedIn(async (request) => {
        const body = await readJsonBody(request, ownerRequests.jobDraft);
        if (!body.ok) return body.refusal;
        if (!jobs) return noSite();
        const outcome = await jobs.save(undefined, body.value);
        return outcome.ok ? reply(201, { id: outcome.id } satisfies JobSaved) : refusal(outcome);
      }),
    },
    {
      method: 'POST',
      path: ownerPaths.jobsOrder,
      handler: guard.signedIn(async (request) => {
        const body = await readJsonBody(request, ownerRequests.jobsOrder);
        if (!body.ok) return body.refusal;
        if (!jobs) return noSite();
        const outcome = await jobs.setHomeOrder(body.value.ids);
        return outcome.ok ? reply(200, await jobs.list()) : refusal(outcome);
      }),
    },
    {
      method: 'POST',
      path: ownerPaths.jobUploads,
      handler: guard.signedIn(async (request, context) => {
        if (!jobs) return noSite();
        // A photo on a weak signal takes a while to arrive
        context.allowLongUpload();
        const body = await readLimitedBody(request, JOB_PHOTO_MAX_BYTES);
        if (!body.ok)
          return body.reason === 'too-large'
            ? refuse(413, 'That photo is over 20 MB. Choose a smaller one.')
            : refuse(400, 'The photo broke off on the way. Send it again.');
        const outcome = await jobs.upload(body.bytes);
        if (!outcome.ok) return refuse(outcome.status, outcome.message);
        return reply(201, {
          upload: outcome.upload,
          url: ownerPaths.jobUpload.replace(':id', outcome.upload),
        } satisfies PhotoUploaded);
      }),
    },
    {
      method: 'GET',
      path: ownerPaths.jobUpload,
      handler: guard.signedIn(async (_request, { params }) => {
        if (!jobs) return noSite();
        const bytes = await jobs.uploaded(params['id'] ?? '');
        return bytes ? picture(bytes, 'image/jpeg') : refuse(404, 'That photo is no longer there.');
      }),
    },
    {
      method: 'GET',
      path: ownerPaths.job,
      handler: guard.signedIn(async (_request, { params }) => {
        if (!jobs) return noSite();
        const job = await jobs.read(params['id'] ?? '');
        return job ? reply(200, job) : notFound();
      }),
    },
    {
      method: 'PUT',
      path: ownerPaths.job,
      handler: guard.signedIn(async (request, { params }) => {
        const body = await readJsonBody(request, ownerRequests.jobDraft);
        if (!body.ok) return body.refusal;
        if (!jobs) return noSite();
        const outcome = await jobs.save(params['id'] ?? '', body.value);
        return outcome.ok ? reply(200, { id: outcome.id } satisfies JobSaved) : refusal(outcome);
      }),
    },
    {
      method: 'GET',
      path: ownerPaths.jobPhoto,
      handler: guard.signedIn(async (_request, { params }) => {
        if (!jobs) return noSite();
        const index = params['index'] ?? '';
        if (!/^\d{1,2}$/.test(index)) return notFound();
        const found = await jobs.picture(params['id'] ?? '', Number(index));
        return found ? picture(found.bytes, found.type) : notFound();
      }),
    },
  ];
}
