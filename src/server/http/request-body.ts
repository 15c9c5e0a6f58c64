/**
 * A request's body, read with a hard byte limit: counted as its chunks arrive, the rest dropped
 * within limits when it is refused, and its text decoded strictly (invalid UTF-8 is refused, not
 * repaired). Every feature that reads a body reads it here.
 */

export type BodyResult =
  { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; reason: 'too-large' | 'unreadable' };

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The media type of a Content-Type header, lower-cased, without parameters */
export function mediaTypeOf(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** A declared Content-Length over the limit, so the body need not be read at all */
export function declaresTooLarge(request: Request, maxBytes: number): boolean {
  const declared = Number(request.headers.get('content-length') ?? 0);
  return Number.isFinite(declared) && declared > maxBytes;
}

/** How much of a body the answer does not need is read and dropped before answering, at most */
export interface DiscardLimits {
  bytes: number;
  ms: number;
}

export const DISCARD_LIMITS: DiscardLimits = { bytes: 1024 * 1024, ms: 2000 };

/** The reader's next chunk, or null when none has come by `deadline` (epoch milliseconds) */
async function readBy(reader: ReadableStreamDefaultReader<Uint8Array>, deadline: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>(
    (resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()), null)),
  );
  try {
    return await Promise.race([reader.read(), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads and drops the rest of a body, within `limits`, then cancels whatever is left. Closed with
 * part of the request still unread, a connection is reset, and a client still sending its body
 * (a browser on a slow link, Node's fetch) loses the answer it was sent; this is what nginx's
 * lingering close avoids. A body beyond the limits is cut off all the same.
 */
export async function discardRest(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limits: DiscardLimits,
): Promise<void> {
  const deadline = Date.now() + limits.ms;
  let dropped = 0;
  try {
    while (dropped <= limits.bytes) {
      const chunk = await readBy(reader, deadline);
      if (chunk === null) break;
      if (chunk.done) return;
      dropped += chunk.value.byteLength;
    }
  } catch {
    return; // the body broke off: there is nothing left to read
  }
  await reader.cancel().catch(() => {});
}

/** Drops a body the answer did not read (a refusal made on the headers alone); see discardRest */
export async function discardUnreadBody(
  request: Request,
  limits: DiscardLimits = DISCARD_LIMITS,
): Promise<void> {
  if (request.body && !request.bodyUsed) await discardRest(request.body.getReader(), limits);
}

/** How reading a body chunk by chunk ended: `stopped` when the taker wanted no more */
export type ChunksEnd = 'end' | 'too-large' | 'unreadable' | 'stopped';

/**
 * Hands a body's chunks to `take` as they arrive, counting their bytes (a chunked body has no
 * length up front), until the body ends, passes `maxBytes` (that chunk is not taken) or `take`
 * answers false. A body that breaks off, or a chunk `take` throws on, is unreadable. What is left
 * unread stays in the reader, for discardRest.
 */
export async function readChunks(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxBytes: number,
  take: (chunk: Uint8Array) => boolean | Promise<boolean>,
): Promise<ChunksEnd> {
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return 'end';
      received += value.byteLength;
      if (received > maxBytes) return 'too-large';
      if (!(await take(value))) return 'stopped';
    }
  } catch {
    return 'unreadable';
  }
}

/** Reads at most `maxBytes`; past the limit, the rest is read and dropped within `discard`, not kept */
export async function readLimitedBody(
  request: Request,
  maxBytes: number,
  discard: DiscardLimits = DISCARD_LIMITS,
): Promise<BodyResult> {
  if (!request.body) return { ok: true, bytes: new Uint8Array() };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  const end = await readChunks(reader, maxBytes, (chunk) => {
    chunks.push(chunk);
    return true;
  });
  if (end === 'too-large') {
    await discardRest(reader, discard);
    return { ok: false, reason: 'too-large' };
  }
  if (end === 'unreadable') return { ok: false, reason: 'unreadable' };
  const bytes = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}

/** The bytes as UTF-8 text (a leading BOM dropped), or null when they are not valid UTF-8 */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}
