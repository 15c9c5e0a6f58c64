/**
 * A form post's body parsed into entries, strictly: a body that is not valid UTF-8 or not
 * well-formed is refused rather than silently repaired (read by http/request-body.ts). A
 * multipart body is read as it streams in, photos and all, by multipart-body.ts to the same rules.
 */
import { decodeUtf8 } from '../http/request-body.ts';

export const MAX_BODY_BYTES = 64 * 1024;

export const FORM_MEDIA_TYPES = [
  'multipart/form-data',
  'application/x-www-form-urlencoded',
] as const;
export type FormMediaType = (typeof FORM_MEDIA_TYPES)[number];

/** One submitted entry; a Blob stands for an uploaded file */
export type FormEntry = [name: string, value: string | Blob];

export type ParseResult = { ok: true; entries: FormEntry[] } | { ok: false; reason: string };

export function isFormMediaType(mediaType: string): mediaType is FormMediaType {
  return (FORM_MEDIA_TYPES as readonly string[]).includes(mediaType);
}

/** `+` is a space; a malformed escape or an escape of invalid UTF-8 makes decodeURIComponent throw */
function decodeFormComponent(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return null;
  }
}

function parseUrlEncoded(bytes: Uint8Array): ParseResult {
  const text = decodeUtf8(bytes);
  if (text === null) return { ok: false, reason: 'The form data is not valid UTF-8 text.' };
  const entries: FormEntry[] = [];
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const separator = pair.indexOf('=');
    const name = decodeFormComponent(separator === -1 ? pair : pair.slice(0, separator));
    const value = decodeFormComponent(separator === -1 ? '' : pair.slice(separator + 1));
    if (name === null || value === null)
      return { ok: false, reason: 'The form data is not correctly encoded.' };
    entries.push([name, value]);
  }
  return { ok: true, entries };
}

/** A url-encoded body; a multipart one, which may carry photos, is read as it streams (multipart-body.ts) */
export function parseFormBody(bytes: Uint8Array): ParseResult {
  return parseUrlEncoded(bytes);
}
