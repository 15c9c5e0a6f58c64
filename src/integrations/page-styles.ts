/**
 * Each page's inlined stylesheet cut down to the rules that page can use. Astro inlines the
 * site's whole stylesheet (about 49 KB, 7.5 KB in brotli) into every page, ahead of its
 * content; most of it styles other pages. A rule is kept when every class its selector needs
 * (outside a `:not()`, `:is()` or other functional pseudo-class, which may match without it)
 * is one the page can hold: a class in its HTML, or a word in the page's inline scripts or in
 * any script it may load (the islands' code, which renders and toggles classes of its own).
 * Likewise a rule that names elements (`table`, `textarea`, a date field's `::-webkit-datetime-edit`)
 * is kept when the page or its scripts can hold them, and a custom property (the theme's variables,
 * Tailwind's `--tw-*` and their `@property` rules) when something on the page reads it.
 * The CSP meta tag's hash of each style changes with it (src/integrations/page-csp.ts), so a
 * page still allows only its own styles.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashSource } from './page-csp.ts';

/** At-rules whose block holds rules, each kept or dropped on its own */
const GROUPING_AT_RULE = /^@(?:media|supports|layer|container|scope|starting-style)\b/i;
const INLINE_STYLE = /(<style\b[^>]*>)([\s\S]*?)(<\/style\s*>)/gi;
const INLINE_SCRIPT = /<script\b[^>]*>([\s\S]*?)<\/script\s*>/gi;
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
/** A script of the build the page names (an island's component or renderer, a module it imports) */
const BUILT_SCRIPT = /["'(`](\/_astro\/[^"'()`\s]+\.js)["')`]/g;
const IMPORTED = /(?:import|from)\s*(?:\(\s*)?["'`]([^"'`]+\.js)["'`]/g;

/** The words of a script: each run between white space, quotes and backticks */
const scriptWords = (code: string) => code.split(/[\s"'`]+/);

/** The code of every script the page may run: its inline scripts, and the built ones they load */
export function pageScripts(html: string, clientDir: string): string[] {
  const scripts = [...html.matchAll(INLINE_SCRIPT)].map(([, code = '']) => code);
  const seen = new Set<string>();
  const load = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    let code: string;
    try {
      code = readFileSync(join(clientDir, path), 'utf8');
    } catch {
      return;
    }
    scripts.push(code);
    for (const [, specifier = ''] of code.matchAll(IMPORTED))
      load(new URL(specifier, `https://site${path}`).pathname);
  };
  for (const [, path = ''] of html.matchAll(BUILT_SCRIPT)) load(path);
  return scripts;
}

/** Every class the page can hold: in its HTML, or named by its scripts and those they load */
export function pageClasses(html: string, scripts: readonly string[]): Set<string> {
  const classes = new Set<string>();
  for (const [, value = ''] of html.matchAll(CLASS_ATTRIBUTE))
    for (const name of value.split(/\s+/)) classes.add(name.replaceAll('&amp;', '&'));
  for (const code of scripts) for (const word of scriptWords(code)) classes.add(word);
  return classes;
}

/** The index just past the block that opens at `open` (a `{`), skipping strings and comments */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const char = css[i];
    if (char === '"' || char === "'") {
      i = skipString(css, i);
    } else if (char === '/' && css[i + 1] === '*') {
      i = css.indexOf('*/', i + 2) + 1 || css.length;
    } else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return i + 1;
  }
  return css.length;
}

function skipString(css: string, start: number): number {
  const quote = css[start];
  for (let i = start + 1; i < css.length; i++) {
    if (css[i] === '\\') i++;
    else if (css[i] === quote) return i;
  }
  return css.length;
}

/** The index of the next `{` or `;` at the top level from `start`: where a prelude ends */
function preludeEnd(css: string, start: number): number {
  for (let i = start; i < css.length; i++) {
    const char = css[i];
    if (char === '"' || char === "'") i = skipString(css, i);
    else if (char === '{' || char === ';') return i;
  }
  return css.length;
}

const unescape = (name: string) =>
  name
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/\\(.)/g, '$1');

/**
 * The selector outside its functional pseudo-classes (whose arguments may match without what
 * they name) and the values of its attribute selectors (an escaped `\[` is part of a class's
 * name, not one)
 */
function outsideFunctions(selector: string): string {
  let outside = '';
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const char = selector[i]!;
    if (char === '\\') {
      if (depth === 0) outside += selector.slice(i, i + 2);
      i++;
    } else if (char === '"' || char === "'") {
      i = skipString(selector, i);
    } else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (depth === 0) outside += char;
  }
  return outside;
}

const CLASS_SELECTOR = /\.((?:\\[\dA-F]{1,6}\s?|\\[^\dA-F]|[\w\-\P{ASCII}])+)/giv;
/** A class, an id or a pseudo-class or -element: what is left between them names elements */
const NOT_A_TYPE = /[.#](?:\\[\dA-F]{1,6}\s?|\\[^\dA-F]|[\w\-\P{ASCII}])+|::?[\w\-]+/giv;

/** The classes a selector needs */
function neededClasses(selector: string): string[] {
  return [...outsideFunctions(selector).matchAll(CLASS_SELECTOR)].map(([, name = '']) =>
    unescape(name),
  );
}

/**
 * Pseudo-elements and -classes that only a form control has: their rules need one on the page
 * (a date field's parts, a number field's arrows, a file field's button, an input's placeholder)
 */
const FORM_CONTROL_PSEUDO =
  /::?(?:placeholder|file-selector-button|-webkit-(?:datetime-edit|date-and-time-value|calendar-picker-indicator|inner-spin-button|outer-spin-button|search-)[\w-]*|-moz-ui-invalid)(?![\w-])/i;
const FORM_CONTROLS = ['input', 'textarea', 'select'];

/**
 * The elements a selector needs (`textarea` in `textarea:focus`), by their lower-case names, each
 * as the list of elements any one of which will do
 */
function neededElements(selector: string): string[][] {
  const outside = outsideFunctions(selector);
  const types = (outside.replace(NOT_A_TYPE, ' ').match(/[a-z][\w-]*/gi) ?? []).map((name) => [
    name.toLowerCase(),
  ]);
  return FORM_CONTROL_PSEUDO.test(outside) ? [...types, FORM_CONTROLS] : types;
}

/** Splits a selector list at its top-level commas */
function selectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const char = list[i];
    if (char === '\\') i++;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

const START_TAG = /<([a-z][\w-]*)/gi;

/**
 * Every element the page can hold: in its HTML, or named by its scripts (an island renders
 * `jsx("textarea", …)`), by lower-case name
 */
export function pageElements(html: string, scripts: readonly string[]): Set<string> {
  const elements = new Set(['html', 'body']);
  for (const [, name = ''] of html.matchAll(START_TAG)) elements.add(name.toLowerCase());
  for (const code of scripts)
    for (const word of scriptWords(code)) elements.add(word.toLowerCase());
  return elements;
}

/**
 * `css` with each rule kept only when the page can hold every class of one of its selectors, and,
 * when `elements` are given, every element it names
 */
export function purgeCss(
  css: string,
  classes: ReadonlySet<string>,
  elements?: ReadonlySet<string>,
): string {
  let kept = '';
  let i = 0;
  while (i < css.length) {
    if (/\s/.test(css[i]!)) {
      i++;
      continue;
    }
    if (css.startsWith('/*', i)) {
      i = css.indexOf('*/', i + 2) + 2 || css.length;
      continue;
    }
    const end = preludeEnd(css, i);
    const prelude = css.slice(i, end).trim();
    if (end >= css.length || css[end] === ';') {
      kept += css.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    const close = blockEnd(css, end);
    if (prelude.startsWith('@')) {
      if (GROUPING_AT_RULE.test(prelude)) {
        const inner = purgeCss(css.slice(end + 1, close - 1), classes, elements);
        if (inner) kept += `${prelude}{${inner}}`;
      } else kept += css.slice(i, close);
    } else if (
      selectors(prelude).some(
        (selector) =>
          neededClasses(selector).every((name) => classes.has(name)) &&
          (!elements ||
            neededElements(selector).every((anyOf) => anyOf.some((name) => elements.has(name)))),
      )
    ) {
      kept += css.slice(i, close);
    }
    i = close;
  }
  return kept;
}

const CUSTOM_PROPERTY = /(?<![\w-])--[\w-]+(?![\w-])/g;
/**
 * A custom property's declaration, at the start of a block or after another declaration, in the
 * build's minified CSS (one declared otherwise counts as read, and stays)
 */
const DECLARED = /(?<=[{;])(--[\w-]+):/g;
const REGISTERED = /@property\s+(--[\w-]+)\s*\{[^}]*\}/g;
const EMPTY_STYLE_RULE = /(?<=^|[{};])[^{};@]+\{\}/g;

/** The index of the `;` or `}` that ends the declaration value starting at `start` */
function valueEnd(css: string, start: number): number {
  let depth = 0;
  for (let i = start; i < css.length; i++) {
    const char = css[i];
    if (char === '"' || char === "'") i = skipString(css, i);
    else if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ')' || char === ']' || (char === '}' && depth > 0)) depth--;
    else if ((char === ';' || char === '}') && depth === 0) return i;
  }
  return css.length;
}

/** `css` without the declarations and `@property` rules of the custom properties `names` */
function withoutCustomProperties(css: string, names: ReadonlySet<string>): string {
  let kept = '';
  let from = 0;
  for (const match of css.matchAll(DECLARED)) {
    if (match.index < from || !names.has(match[1]!)) continue;
    const end = valueEnd(css, match.index + match[0].length);
    kept += css.slice(from, match.index);
    from = css[end] === ';' ? end + 1 : end;
  }
  kept += css.slice(from);
  return kept
    .replace(REGISTERED, (rule, name: string) => (names.has(name) ? '' : rule))
    .replace(EMPTY_STYLE_RULE, '');
}

/**
 * `css` without the custom properties nothing on the page reads. Tailwind declares each `--tw-*`
 * property any utility of the site may set (an `@property` rule, and a default on every element
 * for browsers without `@property`) and each variable of the theme; a page's cut rules read few of
 * them. A property is read when its name is in the CSS other than where it is declared (a
 * `var()`, a transition's property), or anywhere in `elsewhere`: the page outside its styles
 * (a `style` attribute) and the scripts it may run. Repeated until nothing more goes, as a
 * dropped declaration may have been the only reader of another property.
 */
export function dropUnreadCustomProperties(css: string, elsewhere: string): string {
  for (;;) {
    const declared = new Set([...css.matchAll(DECLARED)].map(([, name = '']) => name));
    const uses = new Map<string, number>();
    for (const [name] of css.matchAll(CUSTOM_PROPERTY)) uses.set(name, (uses.get(name) ?? 0) + 1);
    for (const [, name = ''] of css.matchAll(DECLARED)) uses.set(name, uses.get(name)! - 1);
    for (const [, name = ''] of css.matchAll(REGISTERED)) uses.set(name, uses.get(name)! - 1);
    const unread = new Set(
      [...declared].filter((name) => uses.get(name)! <= 0 && !elsewhere.includes(name)),
    );
    if (unread.size === 0) return css;
    css = withoutCustomProperties(css, unread);
  }
}

/**
 * The page with each inline style cut to what the page can use (the rules of its classes and, when
 * given, of its elements; the custom properties it reads), and its CSP meta tag allowing the cut
 * styles' hashes in place of the whole ones'. `scripts` are the code of the scripts the page may
 * run (pageScripts), which may read a custom property.
 */
export function purgePageStyles(
  html: string,
  classes: ReadonlySet<string>,
  { scripts = [], elements }: { scripts?: readonly string[]; elements?: ReadonlySet<string> } = {},
): string {
  const elsewhere = [html.replace(INLINE_STYLE, '$1$3'), ...scripts].join('\n');
  const hashes = new Map<string, string>();
  const purged = html.replace(INLINE_STYLE, (_match, open: string, css: string, close: string) => {
    const cut = dropUnreadCustomProperties(purgeCss(css, classes, elements), elsewhere);
    hashes.set(hashSource(css), hashSource(cut));
    return open + cut + close;
  });
  return purged.replace(
    /(<meta http-equiv="content-security-policy" content=")([^"]*)(")/i,
    (_match, start: string, policy: string, end: string) =>
      start + policy.replace(/'sha256-[^']+'/g, (source) => hashes.get(source) ?? source) + end,
  );
}
