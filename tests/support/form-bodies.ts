/** Bodies of form posts as browsers and scripts send them: url-encoded, and multipart in the forms RFC 7578 allows */

export const FORM = 'application/x-www-form-urlencoded';

/** A field and its value, or a file sent under the field's name */
export type Entry = [name: string, value: string | { filename: string; content: string }];

export interface Body {
  body: string | Buffer;
  contentType: string;
}

export interface MultipartStyle {
  boundary: string;
  quotedBoundary?: boolean;
  preamble?: boolean;
  noFinalCrlf?: boolean;
}

export type Encoding = 'urlencoded' | MultipartStyle;

const contentOf = (value: Entry[1]) => (typeof value === 'string' ? value : value.content);

export function urlencoded(entries: readonly Entry[]): string {
  return entries
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(contentOf(value))}`)
    .join('&');
}

export function multipart(
  entries: readonly Entry[],
  style: MultipartStyle,
): { body: Buffer; contentType: string } {
  const { boundary } = style;
  const parts = entries.map(([name, value]) => {
    const file =
      typeof value === 'string' ? '' : `; filename="${value.filename}"\r\nContent-Type: text/plain`;
    return `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file}\r\n\r\n${contentOf(value)}\r\n`;
  });
  const text = `${style.preamble ? 'This is the preamble.\r\n' : ''}${parts.join('')}--${boundary}--${style.noFinalCrlf ? '' : '\r\n'}`;
  const contentType = `multipart/form-data; boundary=${style.quotedBoundary ? `"${boundary}"` : boundary}`;
  return { body: Buffer.from(text, 'utf8'), contentType };
}

export function formBody(entries: readonly Entry[], encoding: Encoding): Body {
  return encoding === 'urlencoded'
    ? { body: urlencoded(entries), contentType: FORM }
    : multipart(entries, encoding);
}
