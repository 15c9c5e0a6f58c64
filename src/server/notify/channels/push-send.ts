/**
 * One push to one device: the message encrypted to the device's keys and signed with the server's
 * VAPID keys by the web-push library, then posted to its push service with fetch, so the outbox's
 * deadline and abort signal stop it, a redirect is not followed, and the answer read is capped.
 * (web-push's own sendNotification takes no abort signal and reads any answer whole.)
 */
import webpush from 'web-push';
import { DeliveryFailure, httpStatusFailure, type FailureKind } from '../delivery-failure.ts';
import { readCapped } from './http-post.ts';
import type { PushSend } from './push-message.ts';

/** A message waits this long at the push service for a device that is off */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
export const PUSH_TIMEOUT_MS = 15_000;
/** How much of a refusal's body goes into the reason the owner reads */
const DETAIL_BYTES = 200;

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** How a push to one device went: taken, or not and why (`gone`: the subscription has ended) */
export type PushResult =
  { ok: true } | { ok: false; gone: boolean; kind: FailureKind; reason: string };

function failed(error: DeliveryFailure, gone = false): PushResult {
  return { ok: false, gone, kind: error.kind, reason: error.message };
}

export async function sendPush(
  target: PushTarget,
  { message, urgency, topic }: PushSend,
  {
    vapid,
    signal,
    timeoutMs = PUSH_TIMEOUT_MS,
  }: { vapid: VapidDetails; signal: AbortSignal; timeoutMs?: number },
): Promise<PushResult> {
  const host = URL.canParse(target.endpoint) ? new URL(target.endpoint).host : 'the push service';
  let details: webpush.RequestDetails;
  try {
    details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(message),
      {
        vapidDetails: vapid,
        TTL: PUSH_TTL_SECONDS,
        urgency,
        contentEncoding: 'aes128gcm',
        ...(topic ? { topic } : {}),
      },
    );
  } catch (error) {
    // Keys no browser would make: this device can never be sent to
    return failed(
      new DeliveryFailure('refused', `The device's subscription cannot be used: ${String(error)}`),
    );
  }
  // fetch sets the length itself
  const headers = Object.fromEntries(
    Object.entries(details.headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
  let response: Response;
  try {
    response = await fetch(details.endpoint, {
      method: 'POST',
      headers,
      body: details.body && new Uint8Array(details.body),
      redirect: 'manual',
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
    });
  } catch (error) {
    return failed(new DeliveryFailure('unavailable', `No answer from ${host}`, { cause: error }));
  }
  const answer = await readCapped(response.body, DETAIL_BYTES).catch(() => Buffer.alloc(0));
  if (response.ok) return { ok: true };
  const detail = answer.toString('utf8').replace(/\s+/g, ' ').trim();
  const reason = `HTTP ${response.status} from ${host}${detail ? `: ${detail}` : ''}`;
  // 404 and 410: the browser has dropped the subscription (RFC 8030, 7.3)
  const gone = response.status === 404 || response.status === 410;
  return failed(httpStatusFailure(response.status, reason), gone);
}
