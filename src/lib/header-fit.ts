/**
 * Whether a short name fits the header on a phone: the launch check warns about one that will not.
 * The header gives the name what is left of the narrowest common phone (360 px) after the page's
 * padding (2 × 16 px), the site icon and its gap (36 + 8), the gap before the menu button (16) and
 * the button (44): 224 px, for 18 px extra-bold text on at most two lines (the header is 56 px tall
 * when compact). Characters are counted at a generous 0.68 em, as wide as DejaVu Sans Bold's widest
 * run of letters, so a name this passes fits in any phone's sans-serif.
 */
export const phoneHeaderFit = {
  viewport: 360,
  width: 224,
  fontSize: 18,
  charWidth: 0.68,
  maxLines: 2,
} as const;

type Fit = Pick<typeof phoneHeaderFit, 'width' | 'fontSize' | 'charWidth' | 'maxLines'>;

const widthOf = (text: string, fit: Fit) => [...text].length * fit.charWidth * fit.fontSize;

/** The name broken into lines at its spaces as a browser would, each as long as the width allows */
export function headerLines(name: string, fit: Fit = phoneHeaderFit): string[] {
  const lines: string[] = [];
  for (const word of name.trim().split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && widthOf(`${last} ${word}`, fit) <= fit.width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Whether the name fits on at most two lines, no word wider than a line */
export function fitsPhoneHeader(name: string, fit: Fit = phoneHeaderFit): boolean {
  const lines = headerLines(name, fit);
  return lines.length <= fit.maxLines && lines.every((line) => widthOf(line, fit) <= fit.width);
}
