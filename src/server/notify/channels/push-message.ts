/**
 * What a push notification says, as JSON the owner's service worker shows as it is and Safari's
 * declarative push (web_push 8030) reads without one: a title, a few short lines, the address of
 * the owner's page a tap opens, a tag that replaces an earlier notification of the same request,
 * and Call as an action where the platform shows actions. Short enough for any push service
 * (their limit is about 4 KB encrypted, whatever the visitor typed).
 */
import { isEmergency } from '../../../config/quote.ts';
import { dialable } from '../../../lib/dialable.ts';
import { ownerLeadUrl, ownerPaths } from '../../../lib/owner-api/constants.ts';
import type { StoredLead } from '../../db/records.ts';
import { oneLine, truncate, withoutControls } from '../../support/plain-text.ts';
import type { OwnerAlert, OwnerNotice } from '../channel.ts';
import { leadTextForOwner, photosSummary } from '../lead-text.ts';

export const TITLE_MAX_CHARACTERS = 80;
export const NAME_MAX_CHARACTERS = 60;
export const LINE_MAX_CHARACTERS = 160;
/** Lines of an alert's or a notice's text the notification shows */
const TEXT_LINES = 3;

export interface PushAction {
  action: string;
  title: string;
  navigate: string;
}

export interface PushMessage {
  web_push: 8030;
  notification: {
    title: string;
    body: string;
    navigate: string;
    lang: 'en-NZ';
    dir: 'ltr';
    tag: string;
    actions?: PushAction[];
  };
  /** The owner's unread requests, for the app's badge */
  app_badge?: number;
}

export type Urgency = 'high' | 'normal';

/** A message and how the push service is to treat it */
export interface PushSend {
  message: PushMessage;
  urgency: Urgency;
  /** Replaces a copy of the same notification the push service still holds (base64url, 32 at most) */
  topic?: string;
}

function message(
  fields: { title: string; body: string; navigate: string; tag: string; call?: string | null },
  badge?: number,
): PushMessage {
  const notification: PushMessage['notification'] = {
    title: oneLine(fields.title, TITLE_MAX_CHARACTERS),
    body: fields.body,
    navigate: fields.navigate,
    lang: 'en-NZ',
    dir: 'ltr',
    tag: fields.tag,
  };
  if (fields.call)
    notification.actions = [
      { action: 'call', title: 'Call', navigate: `tel:${dialable(fields.call)}` },
    ];
  return { web_push: 8030, notification, ...(badge === undefined ? {} : { app_badge: badge }) };
}

/** The first lines of `text` that hold anything, each one line of at most LINE_MAX_CHARACTERS */
function firstLines(text: string, count: number): string[] {
  return withoutControls(text, { keepLineBreaks: true })
    .split('\n')
    .map((line) => oneLine(line, LINE_MAX_CHARACTERS))
    .filter((line) => line !== '')
    .slice(0, count);
}

/** A new request: who, where and what, and its message's first line; an emergency is urgent */
export function leadPush(lead: StoredLead, siteUrl: string, unread?: number): PushSend {
  const { name, phone, address, service, message: text } = leadTextForOwner(lead);
  const emergency = isEmergency(lead.service);
  const where = [address, service]
    .filter((part): part is string => Boolean(part))
    .map((part) => oneLine(part, 70));
  const photos = photosSummary(lead);
  const body = [where.join(' · '), ...firstLines(text, 1), photos ?? ''].filter(Boolean).join('\n');
  return {
    message: message(
      {
        title: `${emergency ? 'Emergency' : 'New request'}: ${oneLine(name, NAME_MAX_CHARACTERS)}`,
        body: truncate(body, 2 * LINE_MAX_CHARACTERS),
        navigate: ownerLeadUrl(siteUrl, lead.id),
        tag: `lead-${lead.id}`,
        call: phone,
      },
      unread,
    ),
    urgency: emergency ? 'high' : 'normal',
    topic: `lead-${lead.id}`,
  };
}

/** An alert about his sign-in, a reminder or an escalation: its title, its text's first lines, its link */
export function alertPush(alert: OwnerAlert, siteUrl: string): PushSend {
  return {
    message: message({
      title: alert.title,
      body: firstLines(alert.text, TEXT_LINES).join('\n'),
      navigate: alert.link ?? `${siteUrl}${ownerPaths.page}`,
      tag: alert.key.replace(/[^\w-]/g, '').slice(0, 64) || 'alert',
    }),
    urgency: alert.urgent ? 'high' : 'normal',
  };
}

/** A request that did not reach him on another channel: opens that request, with Call */
export function noticePush(notice: OwnerNotice, siteUrl: string): PushSend {
  return {
    message: message({
      title: notice.title,
      body: firstLines(notice.text, TEXT_LINES).join('\n'),
      navigate: notice.link ?? ownerLeadUrl(siteUrl, notice.lead.id),
      tag: `lead-${notice.lead.id}-undelivered`,
      call: leadTextForOwner(notice.lead).phone,
    }),
    urgency: notice.urgent ? 'high' : 'normal',
  };
}

/** The push the owner asks for to see that a device gets them */
export function testPush(siteUrl: string): PushSend {
  return {
    message: message({
      title: 'Test from your website',
      body: 'Notifications of new requests will arrive on this device like this one.',
      navigate: `${siteUrl}${ownerPaths.page}#notifications`,
      tag: 'test',
    }),
    urgency: 'normal',
  };
}
