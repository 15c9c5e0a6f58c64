/**
 * How the content's Markdown (the area pages' bodies) becomes HTML: @astrojs/markdown-remark's
 * unified processor (CommonMark and GFM), with the facts filled in ({owner}, {phone}, …), and with
 * nothing from the content that could carry code. Content is written by whoever holds the
 * owner's session, and every public page shares an origin with the owner's API, so a script
 * from content would run with his rights (ARCHITECTURE.md, "Why content cannot carry code").
 *
 * - Raw HTML in the Markdown is dropped. Astro's pipeline is remark → remark-rehype → the rehype
 *   plugins → rehype-raw, which parses raw HTML into elements, after every plugin here has run;
 *   it passes `allowDangerousHtml: true` to remark-rehype unless told otherwise. Told `false`,
 *   remark-rehype leaves raw HTML out of the tree, so rehype-raw finds none to parse and no
 *   plugin has to judge markup. The text between inline tags stays, as text.
 * - A link whose address would run or show something in place (`javascript:`, `data:`, `vbscript:`
 *   or any scheme but http, https, mailto and tel) keeps its words but loses the link; an image
 *   whose address is not http or https (a path on the site is) is replaced by its description.
 *
 * astro.config.ts uses `markdownProcessor()`; the tests render with it too.
 */
import { unified } from '@astrojs/markdown-remark';
import { remarkFillTokens } from './remark-fill-tokens.ts';

/**
 * The attribute of the element the templates put around rendered Markdown: what is inside came
 * from content, and the build's check (src/integrations/page-code.ts) holds it to what Markdown makes
 */
export const MARKDOWN_REGION = 'data-markdown';

/** Schemes a link may use; an address without one is relative to the page, so the site's own */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);

/**
 * Whether `url`'s scheme, as a browser reads it (WHATWG URL: tabs, line breaks and leading
 * spaces ignored, any case), is one of `protocols`; relative addresses count as the site's https
 */
function hasProtocol(url: string, protocols: ReadonlySet<string>): boolean {
  if (!URL.canParse(url, 'https://site.invalid/')) return false;
  return protocols.has(new URL(url, 'https://site.invalid/').protocol);
}

/** Whether a link from content may point at `url`: a web page, an e-mail address, a phone number */
export const isSafeLink = (url: string): boolean => hasProtocol(url, LINK_PROTOCOLS);

/** Whether an image from content may load `url`: a picture over http(s) or on the site */
export const isSafeImage = (url: string): boolean => hasProtocol(url, IMAGE_PROTOCOLS);

interface HastNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** A property that is absent is safe (no address); one that is present must be a string `isSafe` accepts */
const allowed = (value: unknown, isSafe: (url: string) => boolean) =>
  value === undefined || (typeof value === 'string' && isSafe(value));

/** `node`'s descendants with each unsafe link replaced by its contents, and each unsafe image by its description */
function withSafeAddresses(node: HastNode): void {
  if (!node.children) return;
  node.children = node.children.flatMap((child) => {
    withSafeAddresses(child);
    if (child.type !== 'element') return [child];
    if (child.tagName === 'a' && !allowed(child.properties?.['href'], isSafeLink))
      return child.children ?? [];
    if (child.tagName === 'img' && !allowed(child.properties?.['src'], isSafeImage)) {
      const alt = child.properties?.['alt'];
      return typeof alt === 'string' && alt ? [{ type: 'text', value: alt }] : [];
    }
    return [child];
  });
}

/** Rehype plugin: no link or image from Markdown with an address that could run or show code */
export function rehypeSafeAddresses() {
  return (tree: HastNode) => withSafeAddresses(tree);
}

/** The Markdown processor of astro.config.ts (`markdown.processor`) */
export function markdownProcessor() {
  return unified({
    remarkPlugins: [remarkFillTokens],
    rehypePlugins: [rehypeSafeAddresses],
    // Raw HTML is left out of the tree (see above); Astro's default is to keep it
    remarkRehype: { allowDangerousHtml: false },
  });
}
