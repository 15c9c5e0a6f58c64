/**
 * The API's JSON answers, never kept by a cache, and its refusals in the one error shape
 * (lib/api-errors.ts): `{ "errors": [{ "message": "…" }] }`, with any field of their own beside.
 */
import type { ErrorBody } from '../../lib/api-errors.ts';

export function jsonAnswer(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  });
}

export function errorBody(message: string): ErrorBody {
  return { errors: [{ message }] };
}

/** A refusal in the one error shape; `extra` fields beside `errors` */
export function errorAnswer(
  status: number,
  message: string,
  headers: Record<string, string> = {},
  extra: object = {},
): Response {
  return jsonAnswer(status, { ...errorBody(message), ...extra }, headers);
}
