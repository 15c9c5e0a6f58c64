/**
 * A quote request's fields from the form's entries: the honeypot that marks spam, each field
 * once, as text, on one line but the message, and the lead they make to store.
 */
import { FORM_SOURCES, QUOTE_FIELDS, type LeadProblem } from '../../lib/validation.ts';
import type { NewLead } from '../db/records.ts';
import { isSameSite } from '../support/same-site.ts';
import type { FormEntry } from './form-body.ts';

const LEAD_FIELDS = ['form_source', ...QUOTE_FIELDS] as const;
const HONEYPOT_FIELD = '_gotcha';

/** Path (and query) of a same-site Referer: the page the form was on */
export function refererPath(request: Request, siteUrl: string): string | null {
  const referer = request.headers.get('referer');
  if (!referer || !isSameSite(referer, request, siteUrl)) return null;
  const { pathname, search } = new URL(referer);
  // '//host/…' would be read as another site when used as a link
  return pathname.startsWith('//') ? null : pathname + search;
}

export function isSpam(entries: readonly FormEntry[]): boolean {
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
export function collectFields(entries: readonly FormEntry[]): {
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

export function toNewLead(
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

/** What the visitor typed, to show back on the plain no-JavaScript problem page */
export function visibleFields(fields: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([field]) => field !== 'form_source'));
}
