/**
 * The one shape in which every /api/ route refuses, the one POST /api/leads speaks as Formspree
 * does: `{ "errors": [{ "message": "…" }] }`, a problem with a form's field also naming the
 * field. A refusal that carries more (the owner's step-up, a publish under way) adds its own
 * field beside `errors`.
 */
export interface ErrorBody {
  errors: Array<{ message: string; field?: string }>;
}

/** The first message of a refusal's body, when it is in this shape */
export function errorMessageOf(body: unknown): string | undefined {
  const errors = (body as Partial<ErrorBody> | null)?.errors;
  const message = Array.isArray(errors)
    ? (errors[0] as { message?: unknown } | undefined)?.message
    : undefined;
  return typeof message === 'string' && message !== '' ? message : undefined;
}
