/**
 * Fills fact tokens ({owner}, {phone}, …) in Markdown bodies, as the content schemas do for
 * fields, and makes the phone numbers of the facts tel: links (src/lib/dialable-text.ts)
 */
import { business } from '../config/business.ts';
import { dialableParts } from './dialable-text.ts';
import { fillTokens } from './text.ts';

interface MarkdownNode {
  type: string;
  value?: string | undefined;
  url?: string | undefined;
  children?: MarkdownNode[] | undefined;
  /** Attributes remark-rehype gives the element */
  data?: { hProperties?: Record<string, string> | undefined } | undefined;
}

/** A text node as text and links, one node each */
function dialable(value: string): MarkdownNode[] {
  return dialableParts(value, business).map((part) =>
    typeof part === 'string'
      ? { type: 'text', value: part }
      : {
          type: 'link',
          url: part.href,
          children: [{ type: 'text', value: part.text }],
          ...(part.elsewhere ? { data: { hProperties: { 'data-elsewhere': '' } } } : {}),
        },
  );
}

function fill(node: MarkdownNode): void {
  if (!node.children) return;
  // A link's words stay its own: no link inside a link
  const inLink = node.type === 'link';
  node.children = node.children.flatMap((child) => {
    if (child.type !== 'text' || !child.value) {
      fill(child);
      return [child];
    }
    const value = fillTokens(child.value);
    return inLink ? [{ ...child, value }] : dialable(value);
  });
}

export function remarkFillTokens() {
  return (tree: MarkdownNode) => fill(tree);
}
