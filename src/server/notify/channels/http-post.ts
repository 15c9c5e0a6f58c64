/**
 * One HTTP POST for the webhook and push channels: anything but a 2xx is a failed attempt,
 * classified by whom it concerns. The receiver's answer is read up to RESPONSE_LIMIT_BYTES and
 * the rest dropped, so a receiver that answers with a huge body cannot fill the server's memory.
 */
import { DeliveryFailure, httpStatusFailure } from '../delivery-failure.ts';

export const HTTP_TIMEOUT_MS = 15_000;
export const RESPONSE_LIMIT_BYTES = 64 * 1024;
/** How much of a refusal's body goes into the error the owner reads */
const DETAIL_CHARACTERS = 200;

/** The first `limit` bytes of a body; the rest is cancelled, not read */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, limit);
}

export async function postOrThrow(
  url: string,
  body: string,
  headers: Record<string, string>,
  { timeoutMs = HTTP_TIMEOUT_MS, signal }: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<void> {
  const deadline = AbortSignal.timeout(timeoutMs);
  const aborted = signal ? AbortSignal.any([signal, deadline]) : deadline;
  let response: Response;
  try {
    // A redirect is answered, not followed: a receiver that moved refuses this message
    response = await fetch(url, {
      method: 'POST',
      body,
      headers,
      redirect: 'manual',
      signal: aborted,
    });
  } catch (error) {
    throw new DeliveryFailure('unavailable', `No answer from ${new URL(url).host}`, {
      cause: error,
    });
  }
  const answer = await readCapped(response.body, RESPONSE_LIMIT_BYTES).catch(() => Buffer.alloc(0));
  if (response.ok) return;
  const detail = answer.toString('utf8').replace(/\s+/g, ' ').trim().slice(0, DETAIL_CHARACTERS);
  throw httpStatusFailure(
    response.status,
    `HTTP ${response.status} from ${new URL(url).host}${detail ? `: ${detail}` : ''}`,
  );
}
