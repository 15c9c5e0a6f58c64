/**
 * The build's check that a page carries nothing that acts which the templates did not write,
 * beside the CSP's check of inline scripts and styles (src/integrations/page-csp.ts). Content
 * reaches a page as escaped text in the templates' own elements, and as Markdown rendered into
 * an element marked `data-markdown` (src/lib/markdown.ts drops its raw HTML); a page is refused
 * for:
 * - a `<meta http-equiv>` but the CSP's in the head, and a redirect page's refresh to the target
 *   src/config/routes.ts gives it (a refresh elsewhere sends visitors to another site);
 * - a `<base>`, which would move every relative address of the page;
 * - an event-handler attribute (`onerror`, `onclick`, …) anywhere: the templates write none;
 * - a link anywhere (`<a>`, `<area>`) to an address that could run code (`javascript:`,
 *   `data:`, …): the business's facts give some links' addresses;
 * - inside a Markdown region, any element Markdown does not make (a form, an iframe, an object or
 *   embed, a script, a style, a link, SVG, …), a style attribute, or a link or image whose
 *   address could run or show code (`javascript:`, `data:`, …).
 * The page is read with parse5, as a browser parses it.
 */
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { MARKDOWN_REGION, isSafeImage, isSafeLink } from '../lib/markdown.ts';

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

/** What CommonMark and GFM make (GFM's task lists, disabled checkboxes, and footnotes included) */
const MARKDOWN_ELEMENTS = new Set([
  ...[
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'ul',
    'ol',
    'li',
    'pre',
    'code',
    'hr',
    'br',
  ],
  ...[
    'a',
    'em',
    'strong',
    'del',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'input',
    'sup',
    'section',
  ],
]);

export interface PageCodeOptions {
  /** Where the page sends visitors when it is a redirect page of src/config/routes.ts */
  redirectTo?: string | undefined;
}

/** An element's attribute as parse5 read it; undefined when it has none */
export const attribute = (element: Element, name: string) =>
  element.attrs.find((attr) => attr.name === name)?.value;

/** The start tag as written, shortened, to name the element in a report */
function tagOf(element: Element): string {
  const attrs = element.attrs.map((attr) => ` ${attr.name}="${attr.value}"`).join('');
  const tag = `<${element.tagName}${attrs}>`;
  return tag.length > 100 ? `${tag.slice(0, 99)}…` : tag;
}

/** Whether a `<meta http-equiv>` is one the templates write: the CSP, or a redirect page's refresh */
function isTemplatesMeta(
  element: Element,
  inHead: boolean,
  { redirectTo }: PageCodeOptions,
): boolean {
  const kind = attribute(element, 'http-equiv')?.toLowerCase();
  if (!inHead) return false;
  if (kind === 'content-security-policy') return true;
  return (
    kind === 'refresh' &&
    redirectTo !== undefined &&
    attribute(element, 'content') === `0; url=${redirectTo}`
  );
}

/** What is wrong with an element inside a Markdown region (content's) */
function markdownProblems(element: Element): string[] {
  const problems: string[] = [];
  const tag = tagOf(element);
  const isCheckbox =
    attribute(element, 'type') === 'checkbox' && attribute(element, 'disabled') !== undefined;
  if (!MARKDOWN_ELEMENTS.has(element.tagName) || (element.tagName === 'input' && !isCheckbox))
    problems.push(`content's Markdown holds an element Markdown does not make: ${tag}`);
  if (attribute(element, 'style') !== undefined)
    problems.push(`content's Markdown holds a style attribute: ${tag}`);
  const href = attribute(element, 'href');
  if (href !== undefined && !isSafeLink(href))
    problems.push(`content's Markdown links to an address that could run code: ${tag}`);
  const src = attribute(element, 'src');
  if (src !== undefined && !isSafeImage(src))
    problems.push(`content's Markdown loads an address that could run code: ${tag}`);
  return problems;
}

/** Everything on the page that acts and that the templates did not write; empty for a sound page */
export function pageCodeProblems(html: string, options: PageCodeOptions = {}): string[] {
  const problems: string[] = [];
  const visit = (node: Node, inHead: boolean, inMarkdown: boolean) => {
    if ('tagName' in node) {
      const tag = tagOf(node);
      if (inMarkdown) problems.push(...markdownProblems(node));
      if (
        node.tagName === 'meta' &&
        attribute(node, 'http-equiv') !== undefined &&
        !isTemplatesMeta(node, inHead, options)
      )
        problems.push(`a <meta http-equiv> the templates did not write: ${tag}`);
      if (node.tagName === 'base')
        problems.push(`a <base>, which would move every relative address: ${tag}`);
      const href = attribute(node, 'href');
      if (
        !inMarkdown &&
        (node.tagName === 'a' || node.tagName === 'area') &&
        href !== undefined &&
        !isSafeLink(href)
      )
        problems.push(`a link to an address that could run code: ${tag}`);
      const handlers = node.attrs.filter((attr) => /^on/i.test(attr.name));
      if (handlers.length > 0)
        problems.push(
          `an event-handler attribute (${handlers.map((attr) => attr.name).join(', ')}): ${tag}`,
        );
    }
    const head = inHead || ('tagName' in node && node.tagName === 'head');
    const markdown =
      inMarkdown || ('tagName' in node && attribute(node, MARKDOWN_REGION) !== undefined);
    if ('content' in node) visit(node.content, head, markdown);
    if ('childNodes' in node) for (const child of node.childNodes) visit(child, head, markdown);
  };
  visit(parse(html), false, false);
  return problems;
}
