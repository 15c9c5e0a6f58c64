/**
 * What the browser suites share: the sizes the Firefox and WebKit suites open pages at, an
 * iPhone's Safari's name, how a project tab's label reads, and what they and the Playwright suite measure in the page
 */

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/** Safari on an iPhone, as it names itself */
export const IPHONE_SAFARI_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

/** The number a project tab's label ends in: how many projects it shows */
export function tabCount(label: string): number {
  return Number(/(?<!\d)\d+$/.exec(label.trim())![0]);
}

/** The links of the phone's floating bar */
export const FLOATING_LINKS = 'aside[aria-label="Call or get a quote"] a';

/**
 * Run in the page on one element (self-contained, as each driver sends it as source): how many
 * lines its words take, the distinct rows of its text's boxes, an icon aside
 */
export const linesOfText = (element: Element): number => {
  const rows = new Set<number>();
  for (const node of element.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const box of range.getClientRects()) if (box.width > 0) rows.add(Math.round(box.top));
  }
  return rows.size;
};
