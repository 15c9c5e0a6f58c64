/**
 * Cleaning of text typed by strangers before it reaches a terminal, a spreadsheet, a log line or
 * a mail header. Control characters (C0, DEL and C1: ESC and the 8-bit CSI 0x9B start terminal
 * escape sequences) and invisible format characters (bidi controls, which reorder what a reader
 * sees; zero-width spaces, soft hyphens, tag characters) are dropped.
 */
import { encodeWord } from 'nodemailer/lib/mime-funcs';

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
export function withoutControls(text: string, { keepLineBreaks = false, keepTabs = false }: WithoutControlsOptions = {}): string {
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
  const spaced = text.replace(LINE_BREAK, ' ').replace(CONTROL_OR_BIDI, (character) => (character === '\t' ? ' ' : ''));
  return truncate(spaced.replace(WHITESPACE_RUN, ' ').trim(), maxCharacters);
}

/** Longest encoded-word nodemailer writes into a header (RFC 2047 allows 75 characters) */
const ENCODED_WORD_LENGTH = 52;

/**
 * A header value (such as a Subject) that mail clients display as `text` reads, as one line.
 * Clients decode anything shaped like an RFC 2047 encoded-word ('=?utf-8?B?QWRtaW4=?=' shows as
 * 'Admin'), and nodemailer passes a valid encoded-word through as it is, so text holding '=?' is
 * sent as encoded-words in full, which decode to the literal text. Other text is left for
 * nodemailer to encode as it needs.
 */
export function literalHeaderText(text: string): string {
  const line = oneLine(text);
  return line.includes('=?') ? encodeWord(line, 'B', ENCODED_WORD_LENGTH) : line;
}
