/**
 * POST /api/leads over a Web Request, so it runs the same under Astro and in unit tests.
 * Cheap refusals come first (method, origin, rate), then the body is read as its type says within
 * its limit (lead-body.ts), its fields taken strictly (lead-fields.ts) and validated with the
 * forms' own rules; a valid lead is committed to SQLite (with its deliveries queued) before the
 * answer, and the outbox then tells the owner and, when the business has it on, acknowledges it
 * to the customer. A post stopped as spam is answered as a success but stored and acknowledged
 * never. A multipart post may carry up to PHOTOS_MAX photos with the full quote form: read as
 * they stream in (multipart-body.ts), each checked and shrunk once the fields are valid, then
 * kept beside the database (request-photos.ts) and counted on the lead; a full disk stores the
 * request without them and a note tells the owner.
 */
import { validateLead } from '../../lib/validation.ts';
import { answersFor } from './responses.ts';
import type { PageReader } from '../http/site-files.ts';
import { formPageWithProblems } from './form-page.ts';
import type { AsyncLeadStore } from '../db/async-store.ts';
import { discardUnreadBody, type DiscardLimits } from '../http/request-body.ts';
import { MAX_BODY_BYTES } from './form-body.ts';
import { isPlainAddress } from '../notify/channels/email.ts';
import type { Outbox } from '../notify/outbox.ts';
import type { RateLimiter } from '../support/rate-limit.ts';
import { isSameSite } from '../support/same-site.ts';
import { PHOTO_REQUEST_MAX_BYTES } from '../../lib/photos.ts';
import type { LeadPhotoFiles } from '../db/lead-photos.ts';
import { liveFacts } from '../support/live-facts.ts';
import { mayCarryPhotos, readLeadBody } from './lead-body.ts';
import { collectFields, isSpam, refererPath, toNewLead, visibleFields } from './lead-fields.ts';
import { keepPhotos, preparePhotos } from './request-photos.ts';
import type { UploadRoom } from './upload-room.ts';

/** How long a post may wait for the database (a lock held by a backup, say) before a 503 */
export const STORE_WAIT_MS = 5000;

export interface LeadHandlerOptions {
  /** The site's canonical origin (SITE_URL); posts from it, or from the request's own host, are same-site */
  siteUrl: string;
  store: AsyncLeadStore;
  /** Tells the owner; without one, leads are stored with no deliveries */
  outbox?: Outbox | null | undefined;
  rateLimiter?: RateLimiter | null | undefined;
  maxBodyBytes?: number | undefined;
  /** How much of a body refused unread, or past the limit, is read and dropped before the answer */
  discard?: DiscardLimits | undefined;
  log?: ((message: string, error?: unknown) => void) | undefined;
  /** The built pages, to answer a native post with a mistake with its form filled in again */
  readPage?: PageReader | undefined;
  /** Where photos sent with a request are kept; without it, a request with photos is refused */
  photoFiles?: LeadPhotoFiles | undefined;
  /** A multipart body, which may carry photos, at most */
  maxPhotoRequestBytes?: number | undefined;
  /** Lets a multipart body (photos over a phone's slow link) take longer than a form's text (http/body-deadline.ts) */
  allowPhotoUpload?: (() => void) | undefined;
  /** Bounds the photos held while requests arrive, per client and in all (upload-room.ts) */
  uploads?: UploadRoom | undefined;
}

const DEFAULT_BACK_PATH = '/quote';
const notSaved = () =>
  `Sorry, we could not save your request. Please try again, or call us on ${liveFacts().phone.display}.`;

/** Whether a stored request is acknowledged to its customer: set up on the server, and the owner has it on */
function acknowledges(outbox: Outbox | null | undefined): boolean {
  return (outbox?.acknowledges ?? false) && liveFacts().acknowledgeRequests;
}

export async function handleLeadRequest(
  request: Request,
  clientAddress: string,
  options: LeadHandlerOptions,
): Promise<Response> {
  const response = await leadResponse(request, clientAddress, options);
  // A refusal made on the headers alone reaches the client only if the body is read first
  await discardUnreadBody(request, options.discard);
  return response;
}

async function leadResponse(
  request: Request,
  clientAddress: string,
  options: LeadHandlerOptions,
): Promise<Response> {
  const { siteUrl, rateLimiter } = options;
  const backPath = refererPath(request, siteUrl) ?? DEFAULT_BACK_PATH;
  const answer = answersFor(request, siteUrl, backPath);

  if (request.method !== 'POST')
    return answer.error(405, 'Quote requests must be sent with POST.', { Allow: 'POST' });

  const origin = request.headers.get('origin');
  if (origin !== null && !isSameSite(origin, request, siteUrl)) {
    return answer.error(403, 'Quote requests are only accepted from our own website.');
  }

  const decision = rateLimiter?.check(clientAddress);
  if (decision && !decision.allowed) {
    return answer.error(
      429,
      `Too many requests in a short time. Please wait ${decision.retryAfterSeconds} seconds and try again.`,
      {
        'Retry-After': String(decision.retryAfterSeconds),
      },
    );
  }

  // A request that may carry photos holds a place until it is answered, and its photos' bytes with it
  const place = mayCarryPhotos(request) ? options.uploads?.enter(clientAddress) : undefined;
  if (place === null) {
    return answer.error(
      429,
      'Your photos are still on their way with another request. Please wait for it to finish, then try again.',
      { 'Retry-After': '30' },
    );
  }
  try {
    return await storeLead(request, answer, options, place?.hold);
  } finally {
    place?.leave();
  }
}

/** The rest of a request that passed the cheap checks: its body read, checked, and stored */
async function storeLead(
  request: Request,
  answer: ReturnType<typeof answersFor>,
  options: LeadHandlerOptions,
  hold: ((bytes: number) => boolean) | undefined,
): Promise<Response> {
  const {
    siteUrl,
    store,
    outbox,
    maxBodyBytes = MAX_BODY_BYTES,
    discard,
    log = console.error,
    readPage,
    photoFiles,
    maxPhotoRequestBytes = PHOTO_REQUEST_MAX_BYTES,
  } = options;
  const body = await readLeadBody(request, answer, {
    textBytes: maxBodyBytes,
    requestBytes: maxPhotoRequestBytes,
    discard,
    allowPhotoUpload: options.allowPhotoUpload,
    hold,
  });
  if (!body.ok) return body.refusal;
  const { entries, photos: uploaded } = body;
  // Bots fill the hidden field; they are told it worked so they do not try another way in
  if (isSpam(entries)) return answer.success(0);

  const { fields, problems } = collectFields(entries);
  const allProblems = problems.length > 0 ? problems : validateLead(fields);
  if (allProblems.length > 0) {
    const formPage = answer.json ? null : await formPageWithProblems(readPage, fields, allProblems);
    return answer.problems(allProblems, visibleFields(fields), formPage);
  }

  const photos = await preparePhotos(uploaded, fields, photoFiles);
  if (!photos.ok) return answer.problems([photos.problem], visibleFields(fields));
  const kept = await keepPhotos(photos.jpegs, photoFiles, log);

  const lead = {
    ...toNewLead(fields, request, siteUrl),
    photos: kept.staged?.count ?? 0,
    photosNotKept: kept.notKept,
  };
  let id: number;
  try {
    id = await store.insertLead(lead, {
      channels: outbox?.channelNames ?? [],
      acknowledge: acknowledges(outbox) && isPlainAddress(lead.email) ? lead.email : undefined,
      deadline: Date.now() + STORE_WAIT_MS,
    });
  } catch (error) {
    log('Could not store a quote request', error);
    if (kept.staged) await photoFiles?.discard(kept.staged).catch(() => {});
    return answer.error(503, notSaved());
  }
  if (kept.staged) {
    try {
      await photoFiles?.attach(kept.staged, id);
    } catch (error) {
      log(`Could not file the photos of quote request #${id}`, error);
    }
  }
  outbox?.wake();
  return answer.success(id);
}
