/**
 * The API's JSON answers, never kept by a cache. Every /api/ route refuses in one shape, the one
 * POST /api/leads speaks as Formspree does: `{ "errors": [{ "message": "…" }] }` (a problem with
 * a field also names it). A refusal that carries more (the owner's step-up, a publish under way)
 * adds its own field beside `errors`.
 */

/** A refusal: what went wrong, in words the reader can act on */
export interface ErrorBody {
  errors: Array<{ message: string; field?: string }>;
}

export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
  });
}

export function errorBody(message: string): ErrorBody {
  return { errors: [{ message }] };
}

/** A refusal in the one error shape; `extra` fields beside `errors` */
export function errorAnswer(status: number, message: string, headers: Record<string, string> = {}, extra: object = {}): Response {
  return jsonAnswer(status, { ...errorBody(message), ...extra }, headers);
}
