/**
 * LEADS_NTFY_URL: a push notification to the owner's phone through ntfy (ntfy.sh or a
 * self-hosted server), published as JSON to the server with the topic named in the URL. It
 * carries the name, the address, the service and the first line of the message, and a tap
 * calls the visitor (or e-mails them when no phone number was given).
 * LEADS_NTFY_TOKEN, when set, is sent as a bearer token for protected topics.
 */
import { dialable } from '../../../lib/dialable.ts';
import type { Channel, OwnerNotice } from '../channel.ts';
import { oneLine } from '../../support/plain-text.ts';
import { leadTextForOwner } from '../lead-text.ts';
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

export function ntfyMessage(lead: StoredLead, topic: string) {
  const { name, email, phone, address, service, message } = leadTextForOwner(lead);
  const firstLine = message.split('\n').find((line) => line.trim() !== '') ?? '';
  const actions: NtfyAction[] = [];
  if (phone) actions.push({ action: 'view', label: 'Call', url: telUrl(phone) });
  actions.push({
    action: 'view',
    label: 'E-mail',
    url: `mailto:${encodeURIComponent(email).replace('%40', '@')}`,
  });
  return {
    topic,
    title: `Quote request: ${oneLine(name, 80)}`,
    message: [
      address && oneLine(address, 120),
      service && oneLine(service, 60),
      oneLine(firstLine, 200),
    ]
      .filter(Boolean)
      .join('\n'),
    tags: ['zap'],
    priority: 4,
    click: actions[0]!.url,
    actions,
  };
}

/** A notice that a lead did not reach the owner on another channel, with the same tap to answer it */
export function ntfyNotice({ title, text, lead }: OwnerNotice, topic: string) {
  const [action] = ntfyMessage(lead, topic).actions;
  return {
    topic,
    title: oneLine(title, 120),
    message: text,
    tags: ['warning'],
    priority: 5,
    click: action!.url,
    actions: [action],
  };
}

export function ntfyChannel({
  url,
  token,
  timeoutMs,
}: {
  url: string;
  token?: string | undefined;
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
    deliver: (lead, signal) => publish(ntfyMessage(lead, topic), signal),
    sendNotice: (notice, signal) => publish(ntfyNotice(notice, topic), signal),
    sendAlert: ({ title, text }, signal) =>
      publish(
        {
          topic,
          title: oneLine(title, 120),
          message: text,
          tags: ['closed_lock_with_key'],
          priority: 4,
        },
        signal,
      ),
  };
}
