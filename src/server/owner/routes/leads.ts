/**
 * The owner's quote requests: the inbox (filtered and searched), one request as the inbox lists
 * it, the photos sent with it, its status, follow-up date and notes, deleting one (its photos
 * with it), and all of them as CSV.
 */
import { ownerPaths, type LeadBody } from '../../../lib/owner-api.ts';
import { PHOTOS_MAX } from '../../../lib/photos.ts';
import { ownerRequests } from '../../../lib/owner-api/requests.ts';
import type { AsyncLeadStore } from '../../db/async-store.ts';
import type { LeadPhotoFiles, PhotoSize } from '../../db/lead-photos.ts';
import type { ApiRoute } from '../../http/api.ts';
import { OWNER_HEADERS } from '../../http/private-answers.ts';
import { leadsToCsv } from '../../leads/export.ts';
import { thumbnailOf } from '../../leads/lead-photos.ts';
import { nzDay } from '../../support/days.ts';
import { ownerLead, parseInboxQuery, readInbox } from '../inbox.ts';
import { readJsonBody, refuse, reply } from '../requests.ts';
import type { OwnerRouteDeps } from './deps.ts';

/** A lead's id as a path names it: digits, and no more than SQLite's integers hold */
function leadIdOf(params: Readonly<Record<string, string | undefined>>): number | undefined {
  const id = params['id'] ?? '';
  return /^\d{1,15}$/.test(id) ? Number(id) : undefined;
}

/** The lead as it now stands, or a 404 when `found` is false or it has gone since */
async function currentLead(store: AsyncLeadStore, found: boolean, id: number): Promise<Response> {
  const lead = found ? await store.getLead(id) : undefined;
  if (lead) return reply(200, ownerLead(lead, new Date()));
  return refuse(404, 'There is no such request (it may have been deleted).');
}

/** A photo's number as a path names it: 1 to PHOTOS_MAX */
function photoNumberOf(params: Readonly<Record<string, string | undefined>>): number | undefined {
  const n = Number(params['n'] ?? '');
  return /^\d$/.test(params['n'] ?? '') && n >= 1 && n <= PHOTOS_MAX ? n : undefined;
}

/** Photo `n` of the lead, or its thumbnail, made from the photo and kept the first time it is asked for */
async function readPhoto(photoFiles: LeadPhotoFiles, leadId: number, n: number, size: PhotoSize) {
  const kept = await photoFiles.read(leadId, n, size);
  if (kept || size === 'full') return kept;
  const photo = await photoFiles.read(leadId, n);
  if (!photo) return null;
  try {
    const thumbnail = await thumbnailOf(photo);
    await photoFiles.keepThumbnail(leadId, n, thumbnail);
    return thumbnail;
  } catch {
    return photo; // a file damaged on disk: the photo as it is, for the browser to show if it can
  }
}

export function leadRoutes({ store, guard, photoFiles }: OwnerRouteDeps): ApiRoute[] {
  return [
    {
      method: 'GET',
      path: ownerPaths.leads,
      handler: guard.signedIn(async (request) => {
        const query = parseInboxQuery(new URL(request.url).searchParams);
        if ('error' in query) return refuse(400, query.error);
        return reply(200, await readInbox(store, query));
      }),
    },
    {
      method: 'GET',
      path: ownerPaths.leadsCsv,
      handler: guard.signedIn(async () => {
        const csv = leadsToCsv(await store.listLeads());
        const day = nzDay(new Date());
        return new Response(csv, {
          status: 200,
          headers: {
            ...OWNER_HEADERS,
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="quote-requests-${day}.csv"`,
          },
        });
      }),
    },
    {
      method: 'GET',
      path: ownerPaths.lead,
      handler: guard.signedIn(async (_request, { params }) => {
        const id = leadIdOf(params);
        const lead = id === undefined ? undefined : await store.getLead(id);
        if (!lead) return refuse(404, 'There is no such request (it may have been deleted).');
        return reply(200, { lead: ownerLead(lead, new Date()) } satisfies LeadBody);
      }),
    },
    ...(['full', 'small'] as const).map((size): ApiRoute => ({
      method: 'GET',
      path: size === 'small' ? ownerPaths.leadPhotoThumbnail : ownerPaths.leadPhoto,
      handler: guard.signedIn(async (_request, { params }) => {
        const id = leadIdOf(params);
        const n = photoNumberOf(params);
        const lead = id === undefined || n === undefined ? undefined : await store.getLead(id);
        const photo =
          lead && photoFiles && n !== undefined && n <= lead.photos
            ? await readPhoto(photoFiles, lead.id, n, size)
            : null;
        if (!lead || !photo)
          return refuse(404, 'There is no such photo (its request may have been deleted).');
        const name = `request-${lead.id}-photo-${n}${size === 'small' ? '-small' : ''}.jpg`;
        return new Response(new Uint8Array(photo), {
          status: 200,
          headers: {
            ...OWNER_HEADERS,
            'Content-Type': 'image/jpeg',
            'Content-Length': String(photo.length),
            'Content-Disposition': `inline; filename="${name}"`,
          },
        });
      }),
    })),
    {
      method: 'PATCH',
      path: ownerPaths.lead,
      handler: guard.signedIn(async (request, { params }) => {
        const id = leadIdOf(params);
        const body = await readJsonBody(request, ownerRequests.leadChange);
        if (!body.ok) return body.refusal;
        if (id === undefined) return currentLead(store, false, 0);
        const { read, ...update } = body.value;
        return currentLead(
          store,
          await store.updateLead(id, { ...update, ...(read ? { readAt: new Date() } : {}) }),
          id,
        );
      }),
    },
    {
      method: 'DELETE',
      path: ownerPaths.lead,
      handler: guard.signedIn(async (_request, { params }) => {
        const id = leadIdOf(params);
        if (id !== undefined && (await store.deleteLead(id))) {
          await photoFiles?.remove(id);
          return reply(204, null);
        }
        return refuse(404, 'There is no such request (it may have been deleted already).');
      }),
    },
    {
      method: 'POST',
      path: ownerPaths.leadNotes,
      handler: guard.signedIn(async (request, { params }) => {
        const id = leadIdOf(params);
        const body = await readJsonBody(request, ownerRequests.note);
        if (!body.ok) return body.refusal;
        if (id === undefined) return currentLead(store, false, 0);
        return currentLead(store, await store.addLeadNote(id, body.value.text, new Date()), id);
      }),
    },
  ];
}
