/** Fills fact tokens ({owner}, {phone}, …) in Markdown bodies, as the content schemas do for fields */
import { fillTokens } from './text.ts';

interface MarkdownNode {
  type: string;
  value?: string;
  children?: MarkdownNode[];
}

function fill(node: MarkdownNode): void {
  if (node.type === 'text' && node.value) node.value = fillTokens(node.value);
  node.children?.forEach(fill);
}

export function remarkFillTokens() {
  return (tree: MarkdownNode) => fill(tree);
}
