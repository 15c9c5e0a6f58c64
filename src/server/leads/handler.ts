/**
 * POST /api/leads over a Web Request, so it runs the same under Astro and in unit tests.
 * Cheap refusals come first (method, origin, rate, type, declared size), then the body is read
 * within its limit, parsed strictly and validated with the forms' own rules; a valid lead is
 * committed to SQLite (with its deliveries queued) before the answer, and the outbox then
 * tells the owner and, when the business has it on, acknowledges it to the customer. A post
 * stopped as spam is answered as a success but stored and acknowledged never.
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
  if (declaresTooLarge(request, maxBodyBytes)) return tooLarge();
  const body = await readLimitedBody(request, maxBodyBytes, discard);
  if (!body.ok)
    return body.reason === 'too-large'
      ? tooLarge()
      : answer.error(400, 'The request body could not be read.');

  const parsed = await parseFormBody(body.bytes, mediaType, contentType);
  if (!parsed.ok) return answer.error(400, parsed.reason);

  // Bots fill the hidden field; they are told it worked so they do not try another way in
  if (isSpam(parsed.entries)) return answer.success(0);

  const { fields, problems } = collectFields(parsed.entries);
  const allProblems = problems.length > 0 ? problems : validateLead(fields);
  if (allProblems.length > 0) {
    const formPage = answer.json ? null : await formPageWithProblems(readPage, fields, allProblems);
    return answer.problems(allProblems, visibleFields(fields), formPage);
  }

  const lead = toNewLead(fields, request, siteUrl);
  let id: number;
  try {
    id = await store.insertLead(lead, {
      channels: outbox?.channelNames ?? [],
      acknowledge: acknowledges(outbox) && isPlainAddress(lead.email) ? lead.email : undefined,
      deadline: Date.now() + STORE_WAIT_MS,
    });
  } catch (error) {
    log('Could not store a quote request', error);
    return answer.error(503, notSaved());
  }
  outbox?.wake();
  return answer.success(id);
}
