/**
 * LEADS_WEBHOOK_URL: a JSON POST of each stored lead, for Zapier, Make, Slack or job software.
 * With LEADS_WEBHOOK_SECRET the body is signed as GitHub signs its webhooks: HMAC-SHA256 of the
 * exact body in `X-Signature-256: sha256=<hex>`. A retry repeats the same body and the same
 * `Idempotency-Key` (the lead's uid, which unlike its id is never reused, even after a restore),
 * so a receiver that saw the first attempt can tell. `ownerUrl` opens the request in the owner's page,
 * where its photos are (`photos` counts them, `photosText` says so in words; never the files).
 */
import { createHmac } from 'node:crypto';
import { ownerLeadUrl } from '../../../lib/owner-api/constants.ts';
import type { Channel, OwnerAlert, OwnerNotice } from '../channel.ts';
import { leadTextForOwner, photosSummary } from '../lead-text.ts';
import type { StoredLead } from '../../db/records.ts';
import { postOrThrow } from './http-post.ts';

export const SIGNATURE_HEADER = 'X-Signature-256';

/** The lead's fields a receiver gets, in this order (the owner's own status and notes stay here) */
const WEBHOOK_FIELDS = [
  'id',
  'uid',
  'createdAt',
  'formSource',
  'name',
  'email',
  'phone',
  'address',
  'service',
  'message',
  'page',
  'photos',
  'photosNotKept',
] as const satisfies readonly (keyof StoredLead)[];

/** The lead as JSON, its text without the control and bidi characters JSON.stringify would leave raw (C1, bidi) */
export function webhookBody(lead: StoredLead, siteUrl: string): string {
  const photosText = photosSummary(lead);
  return JSON.stringify(
    {
      ...leadTextForOwner(lead),
      ownerUrl: ownerLeadUrl(siteUrl, lead.id),
      ...(photosText === null ? {} : { photosText }),
    },
    [...WEBHOOK_FIELDS, 'ownerUrl', 'photosText'],
  );
}

export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** A notice that a lead did not reach the owner on another channel */
export function noticeBody({ title, text, lead, failures, link }: OwnerNotice): string {
  return JSON.stringify({
    type: 'undelivered',
    leadId: lead.id,
    uid: lead.uid,
    failures,
    title,
    text,
    ...(link ? { ownerUrl: link } : {}),
  });
}

/** An alert: what it is about, and where it takes the owner */
export function alertBody({ title, text, kind, link, urgent }: OwnerAlert): string {
  return JSON.stringify({
    type: kind ?? 'sign-in',
    title,
    text,
    ...(link ? { ownerUrl: link } : {}),
    ...(urgent ? { urgent } : {}),
  });
}

export function webhookChannel({
  url,
  secret,
  siteUrl,
  timeoutMs,
}: {
  url: string;
  secret?: string | undefined;
  /** The site's origin, for the link to each request in the owner's page */
  siteUrl: string;
  timeoutMs?: number;
}): Channel {
  const post = (body: string, idempotencyKey: string, signal?: AbortSignal) =>
    postOrThrow(
      url,
      body,
      {
        'Content-Type': 'application/json',
        'Idempotency-Key': idempotencyKey,
        ...(secret ? { [SIGNATURE_HEADER]: signBody(body, secret) } : {}),
      },
      { ...(timeoutMs ? { timeoutMs } : {}), ...(signal ? { signal } : {}) },
    );
  return {
    name: 'webhook',
    deliver: (lead, signal) => post(webhookBody(lead, siteUrl), lead.uid, signal),
    sendNotice: (notice, signal) =>
      post(
        noticeBody(notice),
        `undelivered-${notice.lead.uid}-${notice.failures.map(({ channel }) => channel).join('-')}`,
        signal,
      ),
    sendReport: ({ json, key }, signal) => post(JSON.stringify(json), key, signal),
    sendAlert: (alert, signal) => post(alertBody(alert), alert.key, signal),
  };
}
