/**
 * POST /api/events: the tap script's report of a tap on a phone or e-mail link
 * (`kind=tel|mailto&path=/page`). Only those two kinds, about one of the site's pages and sent
 * from one, are taken, so another website cannot add to the counts; the count is anonymous
 * (nothing about the visitor is kept), and a browser that asks not to be tracked, a bot or a script
 * is answered the same but not counted, as for page views, and so is the signed-in owner.
 * Answers 204, or a 4xx naming what was wrong.
 */
import { errorAnswer } from '../http/json-answers.ts';
import { decodeUtf8, mediaTypeOf, readLimitedBody } from '../http/request-body.ts';
import type { RateLimiter } from '../support/rate-limit.ts';
import { isSameSite } from '../support/same-site.ts';
import type { Counter } from './counter.ts';
import { isCountedPerson } from './visits.ts';

export const TAP_KINDS = ['tel', 'mailto'] as const;
const MAX_EVENT_BYTES = 1024;

export interface EventsOptions {
  counter: Counter;
  rateLimiter: RateLimiter | null;
  /** Whether `path` is one of the site's pages */
  isPage: (path: string) => boolean;
  /** The site's public origin (SITE_URL) */
  siteUrl: string;
  /** Whether the request carries the owner's live session: his own taps are not counted */
  isOwner?: (request: Request) => Promise<boolean>;
}

/** An answer with no body (204), or a refusal that says what was wrong */
export function answer(
  status: number,
  message?: string,
  extra: Record<string, string> = {},
): Response {
  if (message !== undefined) return errorAnswer(status, message, extra);
  return new Response(null, { status, headers: { 'Cache-Control': 'no-store', ...extra } });
}

/**
 * Whether the event was sent from one of the site's pages: an Origin, when there is one, that is
 * the site's, and no Sec-Fetch-Site of cross-site. The tap script's beacon is same-origin, so it
 * always passes.
 */
export function fromOwnPages(request: Request, siteUrl: string): boolean {
  if (request.headers.get('sec-fetch-site') === 'cross-site') return false;
  const origin = request.headers.get('origin');
  return origin === null || isSameSite(origin, request, siteUrl);
}

/** `clientKey`: who the rate limit counts (see the lead service's rateLimitAddress and rateLimitKey) */
export async function handleEvent(
  request: Request,
  clientKey: string,
  options: EventsOptions,
): Promise<Response> {
  if (request.method !== 'POST')
    return answer(405, 'Events must be sent with POST.', { Allow: 'POST' });
  if (!fromOwnPages(request, options.siteUrl))
    return answer(403, "Events are only taken from this website's own pages.");
  const decision = options.rateLimiter?.check(clientKey);
  if (decision && !decision.allowed) {
    return answer(429, 'Too many events.', { 'Retry-After': String(decision.retryAfterSeconds) });
  }
  const mediaType = mediaTypeOf(request.headers.get('content-type'));
  if (mediaType !== 'application/x-www-form-urlencoded' && mediaType !== 'text/plain') {
    return answer(415, 'Send the event as application/x-www-form-urlencoded.');
  }
  if (Number(request.headers.get('content-length') ?? 0) > MAX_EVENT_BYTES)
    return answer(413, 'The event is too large.');
  const body = await readLimitedBody(request, MAX_EVENT_BYTES);
  if (!body.ok)
    return answer(body.reason === 'too-large' ? 413 : 400, 'The event could not be read.');

  const text = decodeUtf8(body.bytes);
  if (text === null) return answer(400, 'The event is not valid UTF-8.');
  const fields = new URLSearchParams(text);
  const kind = fields.get('kind');
  const path = fields.get('path');
  if (!TAP_KINDS.includes(kind as (typeof TAP_KINDS)[number]))
    return answer(400, 'Unknown kind of event.');
  if (path === null || !options.isPage(path))
    return answer(400, 'The path is not a page of this site.');
  if (isCountedPerson(request.headers) && !(await options.isOwner?.(request)))
    options.counter.count(path, kind as (typeof TAP_KINDS)[number]);
  return answer(204);
}
