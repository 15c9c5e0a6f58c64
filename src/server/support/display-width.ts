/**
 * How many columns text takes in a terminal, so the `npm run leads` table lines up whatever the
 * visitors typed: each grapheme (what a reader sees as one character) counts as terminals draw
 * it, the way the string-width package counts. An emoji or an East Asian wide character takes
 * two columns, a combining mark none (it sits on the character before it), anything else one.
 */

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** A whole emoji as shown in colour: '🙂', '⚡', '☺️', '👩🏽‍🔧', '🇳🇿', '1️⃣' */
const EMOJI = /^\p{RGI_Emoji}$/v;
/** Drawn on the character before (combining marks) or not at all (controls, format characters) */
const ZERO_WIDTH_START = /^[\p{Mn}\p{Me}\p{Cc}\p{Cf}]/u;

/**
 * Code points of East Asian Width W or F (Unicode's EastAsianWidth.txt) that are not emoji, as
 * inclusive [first, last] ranges: Hangul, the CJK symbols, kana and ideographs, the fullwidth
 * forms, and the ideographs beyond the BMP
 */
const WIDE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f],
  [0x2329, 0x232a],
  [0x2e80, 0x303e],
  [0x3041, 0x3247],
  [0x3250, 0x4dbf],
  [0x4e00, 0xa4c6],
  [0xa960, 0xa97c],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6b],
  [0xff01, 0xff60],
  [0xffe0, 0xffe6],
  [0x16fe0, 0x16fe4],
  [0x17000, 0x18cd5],
  [0x1aff0, 0x1b2fb],
  [0x1f200, 0x1f251],
  [0x20000, 0x3fffd],
];

function isWide(codePoint: number): boolean {
  return WIDE_RANGES.some(([first, last]) => codePoint >= first && codePoint <= last);
}

function graphemeWidth(grapheme: string): number {
  if (EMOJI.test(grapheme)) return 2;
  if (ZERO_WIDTH_START.test(grapheme)) return 0;
  return isWide(grapheme.codePointAt(0)!) ? 2 : 1;
}

/** Columns `text` takes in a terminal */
export function displayWidth(text: string): number {
  let columns = 0;
  for (const { segment } of graphemes.segment(text)) columns += graphemeWidth(segment);
  return columns;
}

/** `text` cut to at most `columns` columns, the last of them '…' when it was cut; never a grapheme in part */
export function fitToWidth(text: string, columns: number): string {
  if (displayWidth(text) <= columns) return text;
  let kept = '';
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    const width = graphemeWidth(segment);
    if (used + width > columns - 1) break;
    kept += segment;
    used += width;
  }
  return `${kept.trimEnd()}…`;
}
