/**
 * How every owner API request is read and answered: a body is JSON of at most 16 KB that matches
 * its schema; every answer is JSON, never stored by a cache and never indexed
 * (http/private-answers.ts, which also holds the Origin check of every change).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import type { ErrorBody } from '../../lib/owner-api.ts';
import { sendJson, toWebRequest } from '../http/web-exchange.ts';
import { OWNER_HEADERS } from '../http/private-answers.ts';
import { decodeUtf8, mediaTypeOf, readLimitedBody } from '../http/request-body.ts';

export const OWNER_BODY_MAX_BYTES = 16 * 1024;

export function reply(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  if (status === 204) {
    res.writeHead(204, { ...OWNER_HEADERS, ...extra });
    res.end();
    return;
  }
  sendJson(res, status, body, { ...OWNER_HEADERS, ...extra });
}

export function refuse(res: ServerResponse, status: number, error: string, extra: Record<string, string> = {}): void {
  reply(res, status, { error } satisfies ErrorBody, extra);
}

export type BodyOutcome<T> = { ok: true; value: T } | { ok: false; status: number; error: string };

/** The request's JSON body, checked against `schema` */
export async function readJsonBody<T>(req: IncomingMessage, schema: z.ZodType<T>): Promise<BodyOutcome<T>> {
  const request = toWebRequest(req);
  if (mediaTypeOf(request.headers.get('content-type')) !== 'application/json') {
    return { ok: false, status: 415, error: 'Send the request as application/json' };
  }
  const body = await readLimitedBody(request, OWNER_BODY_MAX_BYTES);
  if (!body.ok) {
    return body.reason === 'too-large'
      ? { ok: false, status: 413, error: `A request is at most ${OWNER_BODY_MAX_BYTES / 1024} KB` }
      : { ok: false, status: 400, error: 'The request could not be read' };
  }
  const text = decodeUtf8(body.bytes);
  let json: unknown;
  try {
    json = JSON.parse(text ?? '');
  } catch {
    return { ok: false, status: 400, error: 'The request is not valid JSON' };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return { ok: false, status: 400, error: `${where}${issue?.message ?? 'Not what was expected'}` };
  }
  return { ok: true, value: parsed.data };
}
