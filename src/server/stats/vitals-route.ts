/**
 * POST /api/vitals: a page's speed as a visitor's browser measured it (web-vitals' LCP, INP, CLS
 * and TTFB), sent once as the page is left. Taken only from the site's own pages, for one of its
 * pages, under the same rules as page views (no bot, no browser that asks not to be tracked, not
 * the signed-in owner), each reading counted in its bucket of the page kind's histogram for the
 * day: nothing about the visitor and no reading of its own is kept.
 * Answers 204, or a 4xx naming what was wrong (and then counts nothing).
 */
import { z } from 'zod';
import { pageKindOf } from '../../lib/page-kind.ts';
import { decodeUtf8, mediaTypeOf, readLimitedBody } from '../http/request-body.ts';
import type { RateLimiter } from '../support/rate-limit.ts';
import type { Counter } from './counter.ts';
import { answer, fromOwnPages } from './events.ts';
import { isCountedPerson } from './visits.ts';
import { bucketOf, MAX_READING, VITAL_METRICS } from './vitals.ts';

const MAX_VITALS_BYTES = 1024;

const reading = (max: number) => z.number().finite().min(0).max(max);

/** The path of the page and at least one measure; nothing else */
export const vitalsBody = z
  .strictObject({
    path: z.string().startsWith('/').max(300),
    LCP: reading(MAX_READING.LCP).optional(),
    INP: reading(MAX_READING.INP).optional(),
    CLS: reading(MAX_READING.CLS).optional(),
    TTFB: reading(MAX_READING.TTFB).optional(),
  })
  .refine((body) => VITAL_METRICS.some((metric) => body[metric] !== undefined), {
    message: 'At least one measure is needed.',
  });

export interface VitalsOptions {
  counter: Counter;
  rateLimiter: RateLimiter | null;
  isPage: (path: string) => boolean;
  siteUrl: string;
  isOwner?: (request: Request) => Promise<boolean>;
}

export async function handleVitals(
  request: Request,
  clientKey: string,
  options: VitalsOptions,
): Promise<Response> {
  if (request.method !== 'POST')
    return answer(405, 'Speed readings must be sent with POST.', { Allow: 'POST' });
  if (!fromOwnPages(request, options.siteUrl))
    return answer(403, "Speed readings are only taken from this website's own pages.");
  const decision = options.rateLimiter?.check(clientKey);
  if (decision && !decision.allowed)
    return answer(429, 'Too many readings.', { 'Retry-After': String(decision.retryAfterSeconds) });
  // sendBeacon sends a string as text/plain
  const mediaType = mediaTypeOf(request.headers.get('content-type'));
  if (mediaType !== 'application/json' && mediaType !== 'text/plain')
    return answer(415, 'Send the readings as application/json.');
  if (Number(request.headers.get('content-length') ?? 0) > MAX_VITALS_BYTES)
    return answer(413, 'The readings are too large.');
  const body = await readLimitedBody(request, MAX_VITALS_BYTES);
  if (!body.ok)
    return answer(body.reason === 'too-large' ? 413 : 400, 'The readings could not be read.');
  const text = decodeUtf8(body.bytes);
  if (text === null) return answer(400, 'The readings are not valid UTF-8.');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return answer(400, 'The readings are not JSON.');
  }
  const parsed = vitalsBody.safeParse(json);
  if (!parsed.success) return answer(400, 'The readings are not in the expected form.');
  const { path } = parsed.data;
  if (!options.isPage(path)) return answer(400, 'The path is not a page of this site.');
  if (isCountedPerson(request.headers) && !(await options.isOwner?.(request))) {
    const pageKind = pageKindOf(path);
    for (const metric of VITAL_METRICS) {
      const value = parsed.data[metric];
      if (value !== undefined)
        options.counter.countVital({ pageKind, metric, bucket: bucketOf(metric, value) });
    }
  }
  return answer(204);
}
