/**
 * Astro's CSP meta tag allows, on every page, the hashes of every inline script and style Astro
 * itself emits anywhere on the site (each island directive, the island runtime, every page script,
 * the inlined stylesheets): eleven on a page with two. It computes them from the templates, never
 * from what a page holds, so markup that reached a page some other way (content, say) is not
 * among them. The build narrows each page's script-src and style-src to the hashes of that
 * page's own inline scripts and styles that are also on Astro's list: a page allows only what it
 * runs, and only what the templates wrote. An inline script or style of the page that is not on
 * the list gets no hash and is reported (`unlisted`), and the build refuses such a page
 * (src/integrations/host-files.ts). Hashes do not compress, and the policy travels twice (the meta
 * tag, then the header the servers copy from it), so this also keeps about 800 bytes off every
 * page's first round trip. The policy's other sources are kept; the site configures no hashes of
 * its own (src/lib/csp.ts), as it inserts no script at run time.
 */
import { createHash } from 'node:crypto';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { attribute } from './page-code.ts';

const META_CSP = /(<meta http-equiv="content-security-policy" content=")([^"]*)(")/i;
/** Data blocks the browser never runs, so the CSP does not apply to them */
const DATA_BLOCK = /^application\/(?:ld\+)?json$/i;
const HASH_SOURCE = /^'sha(?:256|384|512)-/;

/** The source a browser allows the text by; it hashes the text with its line breaks as LF */
export const hashSource = (text: string) =>
  `'sha256-${createHash('sha256').update(text.replaceAll('\r\n', '\n').replaceAll('\r', '\n'), 'utf8').digest('base64')}'`;

interface Inline {
  hash: string;
  /** The start of its text, to name it in a report */
  start: string;
}

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** The script and style elements of `node`, in page order, as a browser parses the page */
function scriptsAndStyles(node: Node, found: Element[] = []): Element[] {
  if ('tagName' in node && (node.tagName === 'script' || node.tagName === 'style'))
    found.push(node);
  // A template's contents are a fragment of their own
  const children =
    'content' in node ? node.content.childNodes : 'childNodes' in node ? node.childNodes : [];
  for (const child of children) scriptsAndStyles(child, found);
  return found;
}

/** The text of a script or style element: raw text, as written */
const textOf = (element: Element) =>
  element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');

/**
 * The page's inline scripts and styles, each once, in page order: read as a browser parses the
 * page, so words that only look like a tag (inside an attribute's value, say) are not one
 */
function pageInlines(html: string): { scripts: Inline[]; styles: Inline[] } {
  const once = (items: Inline[]) => [...new Map(items.map((item) => [item.hash, item])).values()];
  const inline = (body: string): Inline => ({
    hash: hashSource(body),
    start: body.trim().slice(0, 60),
  });
  const elements = scriptsAndStyles(parse(html));
  const scripts = elements
    .filter(
      (element) =>
        element.tagName === 'script' &&
        attribute(element, 'src') === undefined &&
        !DATA_BLOCK.test(attribute(element, 'type')?.trim() ?? ''),
    )
    .map((element) => inline(textOf(element)));
  const styles = elements
    .filter((element) => element.tagName === 'style')
    .map((element) => inline(textOf(element)));
  return { scripts: once(scripts), styles: once(styles) };
}

export interface NarrowedPage {
  /** The page, its CSP meta tag allowing only its own inline scripts and styles that Astro listed */
  html: string;
  /** Each inline script or style of the page whose hash Astro did not list: not the templates' */
  unlisted: string[];
}

/**
 * The page with its CSP narrowed, and what it holds that the templates did not write. A directive
 * that allows 'unsafe-inline' (the content editor's styles) gets no hash, since a browser ignores
 * 'unsafe-inline' beside one, and Astro lists none for it: its kind is not reported.
 */
export function narrowCsp(html: string): NarrowedPage {
  const meta = META_CSP.exec(html);
  if (!meta) return { html, unlisted: [] };
  const inlines = pageInlines(html);
  const directives = (meta[2] ?? '').split(';').map((directive) => directive.trim().split(/\s+/));
  const unlisted: string[] = [];
  for (const [kind, name, items] of [
    ['script', 'script-src', inlines.scripts],
    ['style', 'style-src', inlines.styles],
  ] as const) {
    const directive = directives.find(([first]) => first === name);
    const sources = directive?.slice(1) ?? [];
    if (sources.includes("'unsafe-inline'")) continue;
    const kept = sources.filter((source) => !HASH_SOURCE.test(source));
    const listed = items.filter((item) => sources.includes(item.hash));
    for (const item of items.filter((each) => !listed.includes(each))) {
      unlisted.push(
        `inline ${kind} ${item.hash} that no template wrote: ${JSON.stringify(item.start)}`,
      );
    }
    if (directive)
      directive.splice(1, directive.length - 1, ...kept, ...listed.map((item) => item.hash));
  }
  const policy = directives.map((directive) => directive.join(' ')).join(';');
  return {
    html: html.replace(
      META_CSP,
      (_match, start: string, _policy, end: string) => start + policy + end,
    ),
    unlisted,
  };
}
