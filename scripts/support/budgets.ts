/**
 * The JavaScript budgets of DESIGN.md ("Performance budgets"), in brotli-compressed bytes a page
 * loads: 10 KB for a content page, 80 KB for a page with a form or the gallery, which loads the
 * React runtime and its islands. `npm run check:budgets` holds every built page to them (and
 * fails when this table and the pages disagree about which ship islands); `npm run
 * bench:lighthouse` shows them beside what Lighthouse measured.
 */
const KB = 1024;

export type PageKind = 'content' | 'island';

export const JS_BUDGET_BYTES: Readonly<Record<PageKind, number>> = { content: 10 * KB, island: 80 * KB };

/**
 * The pages with a form or the gallery: the home page (its quote form and projects), /quote, and
 * the galleries of /projects and /about. Every other page is a content page, /testimonials
 * included: its review filter works through CSS.
 */
export const ISLAND_PAGES: ReadonlySet<string> = new Set(['/', '/about', '/projects', '/quote']);

export function pageKind(path: string): PageKind {
  return ISLAND_PAGES.has(path) ? 'island' : 'content';
}

/** The most JavaScript the page at `path` may load */
export function jsBudgetBytes(path: string): number {
  return JS_BUDGET_BYTES[pageKind(path)];
}
