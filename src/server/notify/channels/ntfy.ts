/**
 * LEADS_NTFY_URL: a push notification to the owner's phone through ntfy (ntfy.sh or a
 * self-hosted server), published as JSON to the server with the topic named in the URL. It
 * carries the name, the address, the service and the first line of the message; a tap calls
 * the visitor (or e-mails them when no phone number was given), and its Open action shows the
 * request in the owner's page. An emergency request comes at ntfy's top priority.
 * LEADS_NTFY_TOKEN, when set, is sent as a bearer token for protected topics.
 */
import { dialable } from '../../../lib/dialable.ts';
import { ownerLeadUrl } from '../../../lib/owner-api/constants.ts';
import { isEmergency } from '../../../config/quote.ts';
import type { Channel, OwnerAlert, OwnerNotice } from '../channel.ts';
import { oneLine } from '../../support/plain-text.ts';
import { leadTextForOwner, photosSummary } from '../lead-text.ts';
import type { StoredLead } from '../../db/records.ts';
import { postOrThrow } from './http-post.ts';

interface NtfyAction {
  action: 'view';
  label: string;
  url: string;
}

/** The server's publishing address and the topic, from a topic URL such as https://ntfy.sh/my-topic */
export function ntfyTarget(topicUrl: string): { publishUrl: string; topic: string } {
  const url = new URL(topicUrl);
  const segments = url.pathname.split('/').filter(Boolean);
  const topic = segments.pop();
  if (!topic)
    throw new Error('LEADS_NTFY_URL must name a topic, such as https://ntfy.sh/your-topic');
  return {
    publishUrl: `${url.origin}/${segments.map((segment) => `${segment}/`).join('')}`,
    topic,
  };
}

export function telUrl(phone: string): string {
  return `tel:${dialable(phone)}`;
}

/** ntfy's action that opens `link`, the owner's page */
const openAction = (link: string): NtfyAction => ({ action: 'view', label: 'Open', url: link });

/** ntfy's priorities: 5 makes the phone ring through Do Not Disturb where the owner allows it */
const URGENT_PRIORITY = 5;

export function ntfyMessage(lead: StoredLead, topic: string, siteUrl: string) {
  const { name, email, phone, address, service, message } = leadTextForOwner(lead);
  const firstLine = message.split('\n').find((line) => line.trim() !== '') ?? '';
  // ntfy shows at most three actions: the tap answers the visitor, Open shows the request
  const actions: NtfyAction[] = [];
  if (phone) actions.push({ action: 'view', label: 'Call', url: telUrl(phone) });
  actions.push({
    action: 'view',
    label: 'E-mail',
    url: `mailto:${encodeURIComponent(email).replace('%40', '@')}`,
  });
  actions.push(openAction(ownerLeadUrl(siteUrl, lead.id)));
  const urgent = isEmergency(lead.service);
  return {
    topic,
    title: `${urgent ? 'Emergency' : 'Quote request'}: ${oneLine(name, 80)}`,
    message: [
      address && oneLine(address, 120),
      service && oneLine(service, 60),
      oneLine(firstLine, 200),
      photosSummary(lead),
    ]
      .filter(Boolean)
      .join('\n'),
    tags: urgent ? ['rotating_light'] : ['zap'],
    priority: urgent ? URGENT_PRIORITY : 4,
    click: actions[0]!.url,
    actions,
  };
}

/** A notice that a lead did not reach the owner on another channel, with the same tap to answer it */
export function ntfyNotice(
  { title, text, lead, link }: OwnerNotice,
  topic: string,
  siteUrl: string,
) {
  const [action] = ntfyMessage(lead, topic, siteUrl).actions;
  return {
    topic,
    title: oneLine(title, 120),
    message: text,
    tags: ['warning'],
    priority: URGENT_PRIORITY,
    click: action!.url,
    actions: [action!, ...(link ? [openAction(link)] : [])],
  };
}

/** ntfy's emoji for each kind of alert */
const ALERT_TAGS: Record<NonNullable<OwnerAlert['kind']>, string> = {
  'sign-in': 'closed_lock_with_key',
  emergency: 'rotating_light',
  'follow-ups': 'telephone_receiver',
};

/** An alert: tapped or opened, it shows `link` when it has one */
export function ntfyAlert({ title, text, link, urgent, kind }: OwnerAlert, topic: string) {
  return {
    topic,
    title: oneLine(title, 120),
    message: text,
    tags: [ALERT_TAGS[kind ?? 'sign-in']],
    priority: urgent ? URGENT_PRIORITY : 4,
    ...(link ? { click: link, actions: [openAction(link)] } : {}),
  };
}

export function ntfyChannel({
  url,
  token,
  siteUrl,
  timeoutMs,
}: {
  url: string;
  token?: string | undefined;
  /** The site's origin, for the Open action's link to the request */
  siteUrl: string;
  timeoutMs?: number;
}): Channel {
  const { publishUrl, topic } = ntfyTarget(url);
  const headers = {
    'Content-Type': 'application/json',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
  const publish = (message: object, signal: AbortSignal) =>
    postOrThrow(publishUrl, JSON.stringify(message), headers, {
      signal,
      ...(timeoutMs ? { timeoutMs } : {}),
    });
  return {
    name: 'ntfy',
    deliver: (lead, signal) => publish(ntfyMessage(lead, topic, siteUrl), signal),
    sendNotice: (notice, signal) => publish(ntfyNotice(notice, topic, siteUrl), signal),
    sendAlert: (alert, signal) => publish(ntfyAlert(alert, topic), signal),
  };
}
