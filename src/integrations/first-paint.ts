/**
 * What a built page needs before a browser can paint it. A page paints in its first round trip
 * only when its HTML alone is enough: no script the parser waits for (an external script that is
 * not `async`; a module script, which runs only once it and its imports have arrived, and before
 * which Chrome paints little), no stylesheet or font to fetch, no preload competing with the HTML.
 * The islands' code loads on first interaction (src/client/hydrate-on-interaction.ts), through
 * the inline island runtime's dynamic `import()`, so it is no request before the first paint.
 * The build's readers check every public page with this (tests/build/first-paint.test.ts).
 */
import { parse, type DefaultTreeAdapterMap } from 'parse5';

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

const attribute = (element: Element, name: string) =>
  element.attrs.find((attr) => attr.name === name)?.value;

const text = (element: Element) =>
  element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');

/** The start tag, shortened, to name the element in a report */
function tagOf(element: Element): string {
  const attrs = element.attrs.map((attr) => ` ${attr.name}="${attr.value}"`).join('');
  const tag = `<${element.tagName}${attrs}>`;
  return tag.length > 120 ? `${tag.slice(0, 119)}…` : tag;
}

/** Link relations that fetch something at once, ahead of or beside the page */
const FETCHING_RELS = new Set(['stylesheet', 'preload', 'modulepreload', 'import']);
/** A static import in a module script (`import x from "…"`, `import "…"`), not an `import()` */
const STATIC_IMPORT = /(?:^|[;}\s])import\s*(?:["'`]|[\w$*{][^;]*?\bfrom\s*["'`])/;
/** CSS that fetches before text can show: a font, another stylesheet */
const CSS_FETCH = /@font-face\b|@import\b/i;

/** Each element of the page that makes a request the first paint waits on; empty for a page that paints from its HTML alone */
export function requestsBeforePaint(html: string): string[] {
  const problems: string[] = [];
  const visit = (node: Node) => {
    if ('tagName' in node) {
      const tag = tagOf(node);
      if (node.tagName === 'script') {
        const type = attribute(node, 'type')?.toLowerCase();
        const isData = type !== undefined && /json/.test(type);
        const src = attribute(node, 'src');
        if (src !== undefined && attribute(node, 'async') === undefined)
          problems.push(`a script the page waits for: ${tag}`);
        else if (!isData && type === 'module' && STATIC_IMPORT.test(text(node)))
          problems.push(`a module script that imports another file: ${tag}`);
      }
      if (node.tagName === 'link') {
        const rels = (attribute(node, 'rel') ?? '').toLowerCase().split(/\s+/);
        const fetching = rels.find((rel) => FETCHING_RELS.has(rel));
        if (fetching) problems.push(`a ${fetching} link: ${tag}`);
      }
      if (node.tagName === 'style' && CSS_FETCH.test(text(node)))
        problems.push(`a style that loads a font or another stylesheet: ${tag}`);
    }
    if ('content' in node) visit(node.content);
    if ('childNodes' in node) for (const child of node.childNodes) visit(child);
  };
  visit(parse(html));
  return problems;
}
