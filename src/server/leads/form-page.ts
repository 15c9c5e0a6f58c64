/**
 * A native form post (no JavaScript) with a mistake is answered with the form itself: the page
 * the form stands on, as built, with what the visitor typed filled in and each problem beside its
 * field. The built page is the template, so the form looks and reads as it did; only the error
 * beside each field is written here, in the markup of the form's own component
 * (src/components/forms/FormField.tsx), which tests/unit/form-page.test.ts holds to. The form
 * answered this way is plain HTML, no longer an island: its hydration would not match the
 * filled-in markup, and posting natively again needs no script.
 */
import { homePath, quotePath } from '../../config/routes.ts';
import { FORM_SOURCES, QUOTE_FIELDS, type LeadProblem } from '../../lib/validation.ts';
import type { PageFile, PageReader } from '../http/site-files.ts';
import { escapeHtml } from '../support/html.ts';

/** The page each form stands on */
const FORM_PAGES = new Map<string, string>([
  [FORM_SOURCES.hero, homePath],
  [FORM_SOURCES.quote, quotePath],
]);

const ISLAND_START = /<astro-island\b[^>]*>$/;
const ISLAND_END = '<!--astro:end--></astro-island>';

/** The markup of one form field's control: its opening tag, and where the control ends */
interface Control {
  tag: string;
  start: number;
  end: number;
}

function findControl(form: string, field: string): Control | null {
  const match = new RegExp(`<(input|textarea|select)\\b[^>]*\\sname="${field}"[^>]*>`).exec(form);
  if (!match) return null;
  const start = match.index;
  const closing = match[1] === 'input' ? null : `</${match[1]}>`;
  const end = closing ? form.indexOf(closing, start) + closing.length : start + match[0].length;
  return end < start + match[0].length ? null : { tag: match[1]!, start, end };
}

/** Adds attributes just inside an opening tag, before its `>` or `/>` */
function withAttributes(openingTag: string, attributes: string): string {
  return openingTag.replace(/\/?>$/, (close) => `${attributes}${close}`);
}

/** The control with the visitor's value in it: an input's value, a textarea's text, a select's option */
function filledControl(markup: string, tag: string, value: string): string {
  const openingEnd = markup.indexOf('>') + 1;
  const opening = markup.slice(0, openingEnd);
  const rest = markup.slice(openingEnd);
  if (tag === 'input')
    return withAttributes(opening.replace(/\svalue="[^"]*"/, ''), ` value="${escapeHtml(value)}"`);
  if (tag === 'textarea') return `${opening}${escapeHtml(value)}${rest}`;
  const option = `<option value="${escapeHtml(value)}"`;
  return opening + rest.replace(/\sselected=""/g, '').replace(option, `${option} selected=""`);
}

function controlId(markup: string): string | null {
  return /\sid="([^"]+)"/.exec(markup)?.[1] ?? null;
}

const ERROR_SUMMARY =
  '<div class="rounded-xl border-l-4 border-danger-700 bg-white p-4 text-brand-900 sm:col-span-2">' +
  '<p class="font-bold">Your request has not been sent yet.</p>' +
  '<p class="mt-1 text-sm">Please correct the fields marked below, then send it again.</p></div>';

/**
 * The form of `html` that posts `formSource`, filled with `values`, each problem beside its field
 * and a summary at the top; the first marked field takes the focus when the page loads. Null when
 * the page has no such form, or a problem has no field in it to stand beside.
 */
export function fillForm(
  html: string,
  formSource: string,
  values: Readonly<Record<string, string>>,
  problems: readonly LeadProblem[],
): string | null {
  const marker = html.indexOf(
    `<input type="hidden" name="form_source" value="${escapeHtml(formSource)}"/>`,
  );
  const formStart = html.lastIndexOf('<form', marker);
  const formEnd = html.indexOf('</form>', marker);
  if (marker === -1 || formStart === -1 || formEnd === -1) return null;
  let form = html.slice(formStart, formEnd);

  let marked = 0;
  // From the last field to the first, so the positions found still hold after each change
  for (const field of [...QUOTE_FIELDS].reverse()) {
    const control = findControl(form, field);
    if (!control) continue;
    let markup = filledControl(
      form.slice(control.start, control.end),
      control.tag,
      values[field] ?? '',
    );
    const problem = problems.find((found) => found.field === field);
    const id = controlId(markup);
    if (problem && id) {
      const openingEnd = markup.indexOf('>') + 1;
      // The first marked field in the form's order, reached last here, takes the focus on load
      const attributes = ` aria-invalid="true" aria-describedby="${id}-error"${marked === problems.length - 1 ? ' autofocus=""' : ''}`;
      markup = withAttributes(markup.slice(0, openingEnd), attributes) + markup.slice(openingEnd);
      markup += `<p id="${id}-error" class="field-error">${escapeHtml(problem.message)}</p>`;
      marked++;
    }
    form = form.slice(0, control.start) + markup + form.slice(control.end);
  }
  if (marked === 0 || marked !== problems.length) return null;
  const formOpeningEnd = form.indexOf('>') + 1;
  form = form.slice(0, formOpeningEnd) + ERROR_SUMMARY + form.slice(formOpeningEnd);

  // Out of its island: plain HTML that posts natively again
  let before = html.slice(0, formStart);
  let after = html.slice(formEnd);
  const island = ISLAND_START.exec(before);
  if (island && after.startsWith(`</form>${ISLAND_END}`)) {
    before = before.slice(0, island.index);
    after = `</form>${after.slice(`</form>${ISLAND_END}`.length)}`;
  }
  return before.replace('<title>', '<title>Error: ') + form + after;
}

/**
 * The built page of the form that was posted, filled in and marked; null when there is no
 * such page (an unknown form, or no built site), so the caller answers in its plainer way.
 */
export async function formPageWithProblems(
  readPage: PageReader | undefined,
  values: Readonly<Record<string, string>>,
  problems: readonly LeadProblem[],
): Promise<PageFile | null> {
  const formSource = values['form_source'] ?? '';
  const path = FORM_PAGES.get(formSource);
  if (!readPage || !path) return null;
  const page = await readPage(path);
  const html = page && fillForm(page.html, formSource, values, problems);
  return html ? { html, csp: page.csp } : null;
}
