/**
 * LEADS_WEBHOOK_URL: a JSON POST of each stored lead, for Zapier, Make, Slack or job software.
 * With LEADS_WEBHOOK_SECRET the body is signed as GitHub signs its webhooks: HMAC-SHA256 of the
 * exact body in `X-Signature-256: sha256=<hex>`. A retry repeats the same body and the same
 * `Idempotency-Key` (the lead's uid, which unlike its id is never reused, even after a restore),
 * so a receiver that saw the first attempt can tell.
 */
import { createHmac } from 'node:crypto';
import type { Channel } from '../outbox.ts';
import type { StoredLead } from '../store.ts';
import { postOrThrow } from './http-post.ts';

export const SIGNATURE_HEADER = 'X-Signature-256';

export function webhookBody(lead: StoredLead): string {
  const { id, uid, createdAt, formSource, name, email, phone, address, service, message, page } = lead;
  return JSON.stringify({ id, uid, createdAt, formSource, name, email, phone, address, service, message, page });
}

export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export function webhookChannel({ url, secret, timeoutMs }: { url: string; secret?: string | undefined; timeoutMs?: number }): Channel {
  return {
    name: 'webhook',
    async deliver(lead) {
      const body = webhookBody(lead);
      await postOrThrow(
        url,
        body,
        {
          'Content-Type': 'application/json',
          'Idempotency-Key': lead.uid,
          ...(secret ? { [SIGNATURE_HEADER]: signBody(body, secret) } : {}),
        },
        timeoutMs,
      );
    },
  };
}
