/**
 * What the Firefox and WebKit suites share: the sizes they open pages at, how a project tab's
 * label reads, and what they measure in the page
 */

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/** The number a project tab's label ends in: how many projects it shows */
export function tabCount(label: string): number {
  return Number(/(?<!\d)\d+$/.exec(label.trim())![0]);
}

/**
 * Run in the page (self-contained, as each driver sends it as source): each link of the phone's
 * floating bar, with how many lines its words take
 */
export const floatingLinkLines = (): [string, number][] =>
  [...document.querySelectorAll('aside[aria-label="Call or get a quote"] a')].map((link) => {
    const rows = new Set<number>();
    for (const node of link.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) if (box.width > 0) rows.add(Math.round(box.top));
    }
    return [link.textContent?.trim() ?? '', rows.size];
  });
