/**
 * The JavaScript budgets of DESIGN.md ("Performance budgets"), in brotli-compressed bytes a page
 * loads: 10 KB for a content page, 80 KB for a page with a form or the gallery, which loads the
 * React runtime and its islands, 100 KB for the owner's page, an application behind his sign-in
 * that no visitor or crawler loads (React, its renderer and the app with its passkey library; its
 * files are cached for good once loaded), and 700 KB for the content editor behind the same
 * sign-in (Keystatic's interface, measured at 640 KB; only the owner loads it, on his phone's
 * Wi-Fi or 4G, and the browser keeps it). `npm run check:budgets` holds every built page to them
 * (and fails when this table and the pages disagree about which ship islands); `npm run
 * bench:lighthouse` shows them beside what Lighthouse measured.
 */
const KB = 1024;

export type PageKind = 'content' | 'island' | 'app' | 'editor';

export const JS_BUDGET_BYTES: Readonly<Record<PageKind, number>> = {
  content: 10 * KB,
  island: 80 * KB,
  app: 100 * KB,
  editor: 700 * KB,
};

/**
 * The pages with a form or the gallery: the home page (its quote form and projects), /quote, and
 * the galleries of /projects and /about. Every other page is a content page, /testimonials
 * included: its review filter works through CSS.
 */
export const ISLAND_PAGES: ReadonlySet<string> = new Set(['/', '/about', '/projects', '/quote']);

/** The owner's page (src/pages/owner.astro) */
export const APP_PAGES: ReadonlySet<string> = new Set(['/owner']);

/** The content editor (src/pages/owner/content.astro) */
export const EDITOR_PAGES: ReadonlySet<string> = new Set(['/owner/content']);

export function pageKind(path: string): PageKind {
  if (APP_PAGES.has(path)) return 'app';
  if (EDITOR_PAGES.has(path)) return 'editor';
  return ISLAND_PAGES.has(path) ? 'island' : 'content';
}

/** The most JavaScript the page at `path` may load */
export function jsBudgetBytes(path: string): number {
  return JS_BUDGET_BYTES[pageKind(path)];
}
