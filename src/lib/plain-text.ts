/**
 * Cleaning of text typed by strangers before it reaches a terminal, a spreadsheet, a log line, a
 * mail header or the owner's page. Control characters (C0, DEL and C1: ESC and the 8-bit CSI 0x9B
 * start terminal escape sequences) and invisible format characters (bidi controls, which reorder
 * what a reader sees; zero-width spaces, soft hyphens, tag characters) are dropped.
 */

/**
 * C0 and C1 controls, DEL, and format characters (the bidi controls among them), except the
 * zero-width joiner that emoji sequences such as 👩🏽‍🔧 are made of
 */
const CONTROL_OR_BIDI = /(?!\u200D)[\p{Cc}\p{Cf}]/gu;
/** CRLF, CR, LF and the other line breaks of Unicode (VT, FF, NEL, LINE and PARAGRAPH SEPARATOR) */
const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/g;
const WHITESPACE_RUN = /\s+/g;

export interface WithoutControlsOptions {
  /** Keep line breaks, each written as '\n' */
  keepLineBreaks?: boolean;
  /** Keep horizontal tabs */
  keepTabs?: boolean;
}

/** `text` without control and bidi characters; line breaks (as '\n') and tabs only when asked for */
export function withoutControls(
  text: string,
  { keepLineBreaks = false, keepTabs = false }: WithoutControlsOptions = {},
): string {
  const normalised = keepLineBreaks ? text.replace(LINE_BREAK, '\n') : text;
  return normalised.replace(CONTROL_OR_BIDI, (character) =>
    (keepLineBreaks && character === '\n') || (keepTabs && character === '\t') ? character : '',
  );
}

/** Cuts `text` to at most `maxCharacters` code points, the last of them '…' when it was cut */
export function truncate(text: string, maxCharacters: number): string {
  const characters = [...text];
  if (characters.length <= maxCharacters) return text;
  return `${characters
    .slice(0, Math.max(0, maxCharacters - 1))
    .join('')
    .trimEnd()}…`;
}

/**
 * A header-safe single line: no control or bidi characters, every run of whitespace (line breaks
 * and tabs included) one space, no space at either end, at most `maxCharacters` characters.
 */
export function oneLine(text: string, maxCharacters = Number.POSITIVE_INFINITY): string {
  const spaced = text
    .replace(LINE_BREAK, ' ')
    .replace(CONTROL_OR_BIDI, (character) => (character === '\t' ? ' ' : ''));
  return truncate(spaced.replace(WHITESPACE_RUN, ' ').trim(), maxCharacters);
}
