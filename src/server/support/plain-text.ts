/**
 * Cleaning of text typed by strangers (src/lib/plain-text.ts, shared with the owner API's
 * contract), and what a mail header needs besides.
 */
import { encodeWord } from 'nodemailer/lib/mime-funcs';
import { oneLine } from '../../lib/plain-text.ts';

export {
  oneLine,
  truncate,
  withoutControls,
  type WithoutControlsOptions,
} from '../../lib/plain-text.ts';

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
