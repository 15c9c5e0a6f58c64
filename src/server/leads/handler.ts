/**
 * POST /api/leads over a Web Request, so it runs the same under Astro and in unit tests.
 * Cheap refusals come first (method, origin, rate, type, declared size), then the body is read
 * within its limit, parsed strictly and validated with the forms' own rules; a valid lead is
 * committed to SQLite (with its deliveries queued) before the answer, and the outbox then
 * tells the owner and, when the business has it on, acknowledges it to the customer. A post
 * stopped as spam is answered as a success but stored and acknowledged never. A multipart post
 * may carry up to PHOTOS_MAX photos with the full quote form: read as they stream in
 * (multipart-body.ts), each checked and shrunk (lead-photos.ts) once the fields are valid, then
 * kept beside the database (db/lead-photos.ts) and counted on the lead; a full disk stores the
 * request without them and a note tells the owner.
 */
import {
  FORM_SOURCES,
  QUOTE_FIELDS,
  validateLead,
  type LeadProblem,
} from '../../lib/validation.ts';
import { answersFor } from './responses.ts';
import type { PageReader } from '../http/site-files.ts';
import { formPageWithProblems } from './form-page.ts';
import type { AsyncLeadStore } from '../db/async-store.ts';
import {
  declaresTooLarge,
  discardUnreadBody,
  mediaTypeOf,
  readLimitedBody,
  type DiscardLimits,
} from '../http/request-body.ts';
import { isFormMediaType, MAX_BODY_BYTES, parseFormBody, type FormEntry } from './form-body.ts';
import { isPlainAddress } from '../notify/channels/email.ts';
import type { Outbox } from '../notify/outbox.ts';
import type { RateLimiter } from '../support/rate-limit.ts';
import type { NewLead } from '../db/records.ts';
import { isSameSite } from '../support/same-site.ts';
import { PHOTO_FIELD, PHOTO_REQUEST_MAX_BYTES, PHOTOS_MAX, photoCount } from '../../lib/photos.ts';
import type { LeadPhotoFiles, StagedPhotos } from '../db/lead-photos.ts';
import { prepareLeadPhoto } from './lead-photos.ts';
import {
  photoLabel,
  readMultipart,
  type MultipartResult,
  type UploadedPhoto,
} from './multipart-body.ts';
import { liveFacts } from '../support/live-facts.ts';

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
}

const LEAD_FIELDS = ['form_source', ...QUOTE_FIELDS] as const;
const DEFAULT_BACK_PATH = '/quote';
const HONEYPOT_FIELD = '_gotcha';
const notSaved = () =>
  `Sorry, we could not save your request. Please try again, or call us on ${liveFacts().phone.display}.`;

/** Path (and query) of a same-site Referer: the page the form was on */
function refererPath(request: Request, siteUrl: string): string | null {
  const referer = request.headers.get('referer');
  if (!referer || !isSameSite(referer, request, siteUrl)) return null;
  const { pathname, search } = new URL(referer);
  // '//host/…' would be read as another site when used as a link
  return pathname.startsWith('//') ? null : pathname + search;
}

function isSpam(entries: readonly FormEntry[]): boolean {
  return entries.some(
    ([name, value]) =>
      name === HONEYPOT_FIELD && (typeof value !== 'string' || value.trim() !== ''),
  );
}

/** Whitespace as `\s` means it (what trim removes), and NEL, the line break of C1 */
function isWhitespace(character: string): boolean {
  return character.trim() === '' || character === '\u0085';
}

/**
 * Every field but the message is one line: each run of whitespace, line breaks included, becomes
 * one space, so an address typed as '1 Test St\nPhone: 0800 999 999' cannot read as a line of its
 * own in the owner's e-mail. Browsers send the message's line breaks as CRLF; it keeps them as
 * plain newlines. No pattern runs here, so the first check of a value of any length is its
 * field's maximum (validateLead).
 */
function normaliseText(field: string, value: string): string {
  if (field === 'message') return value.replaceAll('\r\n', '\n').replaceAll('\r', '\n').trim();
  const words: string[] = [];
  let word = '';
  for (const character of value) {
    if (!isWhitespace(character)) word += character;
    else if (word !== '') {
      words.push(word);
      word = '';
    }
  }
  if (word !== '') words.push(word);
  return words.join(' ');
}

/**
 * The lead's fields as text, once each. Unknown fields are dropped; a field sent twice or as a
 * file is a problem with that field rather than a guess at which value was meant.
 */
function collectFields(entries: readonly FormEntry[]): {
  fields: Record<string, string>;
  problems: LeadProblem[];
} {
  const fields: Record<string, string> = {};
  const problems: LeadProblem[] = [];
  for (const field of LEAD_FIELDS) {
    const values = entries.filter(([name]) => name === field).map(([, value]) => value);
    const [value] = values;
    if (values.length > 1) problems.push({ field, message: 'This field was sent more than once.' });
    else if (value instanceof Blob)
      problems.push({ field, message: 'This field must be text, not a file.' });
    else if (value !== undefined) fields[field] = normaliseText(field, value);
  }
  return { fields, problems };
}

function toNewLead(
  fields: Readonly<Record<string, string>>,
  request: Request,
  siteUrl: string,
): NewLead {
  const isQuoteForm = fields['form_source'] === FORM_SOURCES.quote;
  const quoteOnly = (field: string) => (isQuoteForm ? (fields[field] ?? null) : null);
  return {
    formSource: fields['form_source'] ?? '',
    name: fields['name'] ?? '',
    email: fields['email'] ?? '',
    phone: quoteOnly('phone'),
    address: quoteOnly('address'),
    service: quoteOnly('service'),
    message: fields['message'] ?? '',
    page: refererPath(request, siteUrl),
    userAgent: request.headers.get('user-agent'),
  };
}

/** Whether a stored request is acknowledged to its customer: set up on the server, and the owner has it on */
function acknowledges(outbox: Outbox | null | undefined): boolean {
  return (outbox?.acknowledges ?? false) && liveFacts().acknowledgeRequests;
}

/** What the visitor typed, to show back on the plain no-JavaScript problem page */
function visibleFields(fields: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([field]) => field !== 'form_source'));
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
  const {
    siteUrl,
    store,
    outbox,
    rateLimiter,
    maxBodyBytes = MAX_BODY_BYTES,
    discard,
    log = console.error,
    readPage,
    photoFiles,
    maxPhotoRequestBytes = PHOTO_REQUEST_MAX_BYTES,
  } = options;
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

  const contentType = request.headers.get('content-type') ?? '';
  const mediaType = mediaTypeOf(contentType);
  if (!isFormMediaType(mediaType)) {
    return answer.error(
      415,
      'Send the form as multipart/form-data or application/x-www-form-urlencoded.',
    );
  }

  const tooLarge = () =>
    answer.error(413, `The request is too large (the limit is ${maxBodyBytes / 1024} KB).`);
  const photosTooLarge = () =>
    answer.error(
      413,
      `The request is too large (the limit is ${maxPhotoRequestBytes / 1024 / 1024} MB). Please send fewer or smaller photos.`,
    );
  const isMultipart = mediaType === 'multipart/form-data';
  if (isMultipart) options.allowPhotoUpload?.();
  if (declaresTooLarge(request, isMultipart ? maxPhotoRequestBytes : maxBodyBytes))
    return isMultipart ? photosTooLarge() : tooLarge();

  let entries: FormEntry[];
  let uploaded: UploadedPhoto[] = [];
  if (isMultipart) {
    const read = await readMultipart(request, contentType, {
      requestBytes: maxPhotoRequestBytes,
      textBytes: maxBodyBytes,
      discard,
    });
    if (!read.ok) return multipartRefusal(read, { tooLarge, photosTooLarge, answer });
    ({ entries, photos: uploaded } = read);
  } else {
    const body = await readLimitedBody(request, maxBodyBytes, discard);
    if (!body.ok)
      return body.reason === 'too-large'
        ? tooLarge()
        : answer.error(400, 'The request body could not be read.');
    const parsed = parseFormBody(body.bytes);
    if (!parsed.ok) return answer.error(400, parsed.reason);
    entries = parsed.entries;
  }
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

type Answers = ReturnType<typeof answersFor>;

/** The answer to a multipart body refused as it was read */
function multipartRefusal(
  read: Extract<MultipartResult, { ok: false }>,
  {
    tooLarge,
    photosTooLarge,
    answer,
  }: { tooLarge: () => Response; photosTooLarge: () => Response; answer: Answers },
): Response {
  switch (read.problem) {
    case 'too-large':
      return photosTooLarge();
    case 'text-too-large':
      return tooLarge();
    case 'photo-too-large':
      return answer.error(413, read.reason ?? 'A photo is too large. Please send a smaller photo.');
    case 'too-many-photos':
      return answer.problems(
        [{ field: PHOTO_FIELD, message: `Please send at most ${PHOTOS_MAX} photos.` }],
        {},
      );
    case 'unreadable':
      return answer.error(400, 'The request body could not be read.');
    case 'malformed':
      return answer.error(400, read.reason ?? 'The form data is not well-formed multipart.');
  }
}

type PreparedPhotos = { ok: true; jpegs: Buffer[] } | { ok: false; problem: LeadProblem };

/** Each photo checked and shrunk, in order; the first that cannot be kept refuses the request */
async function preparePhotos(
  uploaded: readonly UploadedPhoto[],
  fields: Readonly<Record<string, string>>,
  photoFiles: LeadPhotoFiles | undefined,
): Promise<PreparedPhotos> {
  if (uploaded.length === 0) return { ok: true, jpegs: [] };
  const refuse = (message: string): PreparedPhotos => ({
    ok: false,
    problem: { field: PHOTO_FIELD, message },
  });
  if (fields['form_source'] !== FORM_SOURCES.quote)
    return refuse('Photos can be sent only with the full quote request form.');
  if (!photoFiles) return refuse('This server does not take photos. Please e-mail them to us.');
  const jpegs: Buffer[] = [];
  for (const [index, { filename, bytes }] of uploaded.entries()) {
    const prepared = await prepareLeadPhoto(bytes, photoLabel(index, filename));
    if (!prepared.ok) return refuse(prepared.message);
    jpegs.push(prepared.jpeg);
  }
  return { ok: true, jpegs };
}

/**
 * The photos written beside the database, waiting for their lead; on a full disk (or any failure
 * to write) none are kept, and the request is stored without them all the same
 */
async function keepPhotos(
  jpegs: readonly Buffer[],
  photoFiles: LeadPhotoFiles | undefined,
  log: (message: string, error?: unknown) => void,
): Promise<{ staged?: StagedPhotos; notKept: number }> {
  if (jpegs.length === 0 || !photoFiles) return { notKept: 0 };
  try {
    const staged = await photoFiles.stage(jpegs);
    if (staged !== 'disk-full') return { staged, notKept: 0 };
    log(`The disk is full: a quote request's ${photoCount(jpegs.length)} were not kept`);
  } catch (error) {
    log(`A quote request's ${photoCount(jpegs.length)} could not be written`, error);
  }
  return { notKept: jpegs.length };
}
