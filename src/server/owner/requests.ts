/**
 * How every owner API request is read and answered: a body is JSON of at most 16 KB that matches
 * its schema (lib/owner-api/requests.ts); every answer is JSON, never stored by a cache and never
 * indexed (http/private-answers.ts, which also holds the Origin check of every change).
 */
import type { z } from 'zod';
import { errorAnswer, jsonAnswer } from '../http/json-answers.ts';
import { OWNER_HEADERS } from '../http/private-answers.ts';
import { decodeUtf8, mediaTypeOf, readLimitedBody } from '../http/request-body.ts';

export const OWNER_BODY_MAX_BYTES = 16 * 1024;

/** An answer to the owner: JSON, or nothing for 204 */
export function reply(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  if (status === 204)
    return new Response(null, { status, headers: { ...OWNER_HEADERS, ...headers } });
  return jsonAnswer(status, body, { ...OWNER_HEADERS, ...headers });
}

/** A refusal in the API's error shape, in words the owner can act on; `extra` fields beside `errors` */
export function refuse(
  status: number,
  message: string,
  headers: Record<string, string> = {},
  extra: object = {},
): Response {
  return errorAnswer(status, message, { ...OWNER_HEADERS, ...headers }, extra);
}

export type BodyOutcome<T> = { ok: true; value: T } | { ok: false; refusal: Response };

/** The request's JSON body, checked against `schema`, or the refusal to answer with */
export async function readJsonBody<T>(
  request: Request,
  schema: z.ZodType<T>,
): Promise<BodyOutcome<T>> {
  const refused = (status: number, error: string): BodyOutcome<T> => ({
    ok: false,
    refusal: refuse(status, error),
  });
  if (mediaTypeOf(request.headers.get('content-type')) !== 'application/json')
    return refused(415, 'Send the request as application/json');
  const body = await readLimitedBody(request, OWNER_BODY_MAX_BYTES);
  if (!body.ok) {
    return body.reason === 'too-large'
      ? refused(413, `A request is at most ${OWNER_BODY_MAX_BYTES / 1024} KB`)
      : refused(400, 'The request could not be read');
  }
  let json: unknown;
  try {
    json = JSON.parse(decodeUtf8(body.bytes) ?? '');
  } catch {
    return refused(400, 'The request is not valid JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return refused(400, `${where}${issue?.message ?? 'Not what was expected'}`);
  }
  return { ok: true, value: parsed.data };
}
