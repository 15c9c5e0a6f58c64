/** What the Firefox and WebKit suites share: the sizes they open pages at, and how a project tab's label reads */

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/** The number a project tab's label ends in: how many projects it shows */
export function tabCount(label: string): number {
  return Number(/(?<!\d)\d+$/.exec(label.trim())![0]);
}
