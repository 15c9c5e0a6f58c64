/**
 * Mail as a client sees it, for tests of what reaches the owner: a message rendered by
 * nodemailer, its headers unfolded, and RFC 2047 encoded-words decoded once.
 */
import { createTransport, type SendMailOptions } from 'nodemailer';

/** Decodes the RFC 2047 encoded-words of a header value once, as a mail client shows it */
export function decodeEncodedWords(value: string): string {
  const decodeWord = (charset: string, encoding: string, text: string) => {
    if (charset.toLowerCase() !== 'utf-8') throw new Error(`Unexpected charset ${charset}`);
    if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
    const bytes: number[] = [];
    for (let index = 0; index < text.length; index++) {
      if (text[index] === '=') {
        bytes.push(Number.parseInt(text.slice(index + 1, index + 3), 16));
        index += 2;
      } else {
        bytes.push(text[index] === '_' ? 0x20 : text.charCodeAt(index));
      }
    }
    return Buffer.from(bytes).toString('utf8');
  };
  // Whitespace between two adjacent encoded-words is not displayed (RFC 2047 section 6.2)
  const word = /=\?([^?\s]+)\?([BQ])\?([^?\s]*)\?=/gi;
  let shown = '';
  let last = 0;
  let lastWasWord = false;
  for (const match of value.matchAll(word)) {
    const between = value.slice(last, match.index);
    if (!(lastWasWord && between.trim() === '')) shown += between;
    shown += decodeWord(match[1]!, match[2]!, match[3]!);
    last = match.index + match[0].length;
    lastWasWord = true;
  }
  return shown + value.slice(last);
}

/** The headers of `message` as nodemailer writes it: lower-cased names, unfolded raw values */
export async function renderedHeaders(message: SendMailOptions): Promise<Map<string, string>> {
  const transport = createTransport({ streamTransport: true, buffer: true, newline: '\r\n' });
  const info = await transport.sendMail(message);
  const text = (info.message as Buffer).toString('utf8');
  const head = text.slice(0, text.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return new Map(
    head.split('\r\n').map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
}

/** A quoted-printable body as a mail client shows it: soft line breaks joined, =XX bytes decoded as UTF-8 */
export function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes = Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    ),
    'latin1',
  );
  return bytes.toString('utf8');
}
