/**
 * The endpoint's answers, in Formspree's shapes: JSON for scripts that accept it, and for a
 * native form post (no JavaScript) a 303 to the thank-you page, the form again with the problems
 * beside its fields (src/server/leads/form-page.ts), or, where that page cannot be had, a small
 * HTML page that says what went wrong, repeats what the visitor typed (escaped) and links back.
 */
import { createHash } from 'node:crypto';
import { telHrefOf } from '../../config/business.ts';
import { liveFacts } from '../support/live-facts.ts';
import { FIELD_LABELS, type LeadProblem, type QuoteField } from '../../lib/validation.ts';
import { pageCsp, resourceCsp, securityHeaders } from '../http/security-headers.ts';
import { errorBody } from '../http/json-answers.ts';
import { escapeHtml } from '../support/html.ts';
import type { PageFile } from '../http/site-files.ts';

export const THANKS_PATH = '/quote/thanks';

const PAGE_STYLE =
  'body{font:1rem/1.5 system-ui,sans-serif;color:#1e293b;margin:0;padding:2rem 1rem}' +
  'main{max-width:40rem;margin:auto}dd{margin:0 0 1rem;white-space:pre-wrap;overflow-wrap:anywhere}' +
  'dt{font-weight:600}li{margin-bottom:.25rem}a{color:#1d4ed8}';
const PAGE_STYLE_HASH = createHash('sha256').update(PAGE_STYLE).digest('base64');
const PAGE_CSP = `default-src 'none'; style-src 'sha256-${PAGE_STYLE_HASH}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

export function wantsJson(request: Request): boolean {
  return /\bapplication\/json\b/i.test(request.headers.get('accept') ?? '');
}

function fieldLabel(field: string): string {
  if (field === 'form_source') return 'Form';
  return field in FIELD_LABELS ? FIELD_LABELS[field as QuoteField] : field;
}

interface PageContent {
  title: string;
  intro: string;
  problems?: readonly LeadProblem[];
  submitted?: Readonly<Record<string, string>>;
  backHref: string;
}

function renderPage({
  title,
  intro,
  problems = [],
  submitted = {},
  backHref,
}: PageContent): string {
  const problemItems = problems
    .map(
      ({ field, message }) =>
        `<li><strong>${escapeHtml(fieldLabel(field))}:</strong> ${escapeHtml(message)}</li>`,
    )
    .join('');
  const submittedItems = Object.entries(submitted)
    .filter(([, value]) => value !== '')
    .map(
      ([field, value]) => `<dt>${escapeHtml(fieldLabel(field))}</dt><dd>${escapeHtml(value)}</dd>`,
    )
    .join('');
  const facts = liveFacts();
  return [
    '<!doctype html><html lang="en-NZ"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)} | ${escapeHtml(facts.name)}</title><style>${PAGE_STYLE}</style></head>`,
    `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(intro)}</p>`,
    problemItems && `<ul>${problemItems}</ul>`,
    submittedItems && `<h2>What you entered</h2><dl>${submittedItems}</dl>`,
    `<p><a href="${escapeHtml(backHref)}">Back to the form</a></p>`,
    `<p>Or call us on <a href="${escapeHtml(telHrefOf(facts))}">${escapeHtml(facts.phone.display)}</a>.</p>`,
    '</main></body></html>',
  ].join('');
}

/** Builds the answers for one request: JSON or HTML by its Accept header */
export function answersFor(request: Request, siteUrl: string, backHref: string) {
  const json = wantsJson(request);
  const baseHeaders = { ...securityHeaders(siteUrl), 'Cache-Control': 'no-store' };

  function jsonResponse(
    status: number,
    body: unknown,
    extra: Record<string, string> = {},
  ): Response {
    return new Response(JSON.stringify(body), {
      status,
      headers: {
        ...baseHeaders,
        'Content-Security-Policy': resourceCsp,
        'Content-Type': 'application/json',
        ...extra,
      },
    });
  }

  function htmlResponse(
    status: number,
    page: PageContent,
    extra: Record<string, string> = {},
  ): Response {
    return new Response(renderPage(page), {
      status,
      headers: {
        ...baseHeaders,
        'Content-Security-Policy': PAGE_CSP,
        'Content-Type': 'text/html; charset=utf-8',
        ...extra,
      },
    });
  }

  return {
    /** Whether the answers are JSON (the islands' fetch) rather than pages (a native post) */
    json,
    success(id: number): Response {
      if (json) return jsonResponse(200, { ok: true, id });
      return new Response(null, {
        status: 303,
        headers: { ...baseHeaders, Location: THANKS_PATH },
      });
    },
    /** `formPage`: the form's page filled in and marked, for a native post */
    problems(
      problems: readonly LeadProblem[],
      submitted: Readonly<Record<string, string>>,
      formPage?: PageFile | null,
    ): Response {
      if (json) return jsonResponse(422, { errors: problems });
      if (formPage) {
        return new Response(formPage.html, {
          status: 422,
          headers: {
            ...baseHeaders,
            'Content-Security-Policy': pageCsp(formPage.csp),
            'Content-Type': 'text/html; charset=utf-8',
          },
        });
      }
      return htmlResponse(422, {
        title: 'Please check your request',
        intro:
          'Your request has not been sent yet. Please go back, correct the following, and send it again:',
        problems,
        submitted,
        backHref,
      });
    },
    error(status: number, message: string, extra: Record<string, string> = {}): Response {
      if (json) return jsonResponse(status, errorBody(message), extra);
      return htmlResponse(
        status,
        { title: 'Your request was not sent', intro: message, backHref },
        extra,
      );
    },
  };
}
