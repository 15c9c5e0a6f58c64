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

/** A file part: its bytes as they are, under a name and type of the sender's choosing */
export interface FilePart {
  name: string;
  filename: string;
  type: string;
  bytes: Buffer;
}

/** A multipart body as a browser posts a form with file inputs (no JavaScript): text fields, then the files */
export function multipartWithFiles(
  fields: Readonly<Record<string, string>>,
  files: readonly FilePart[],
  boundary = '----FormBoundaryPhotos7MA4YWxk',
): { body: Buffer; contentType: string } {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  for (const { name, filename, type, bytes } of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
