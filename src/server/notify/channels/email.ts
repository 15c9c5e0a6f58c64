/**
 * The owner's e-mail for each lead (SMTP_URL, LEADS_NOTIFY_TO), sent through a pool of three
 * SMTP connections, so a burst of leads or a backlog after an outage does not open one
 * connection per lead; the pool opens one more for each message the relay is slow to answer, so
 * the outbox's next attempt beside it has a connection.
 */
import { createTransport, type SendMailOptions } from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool';
import { smtpFailure } from '../delivery-failure.ts';
import { literalHeaderText, oneLine } from '../../support/plain-text.ts';
import { ownerLeadUrl } from '../../../lib/owner-api/constants.ts';
import { leadTextForOwner, photosSummary } from '../lead-text.ts';
import type { Channel, OwnerAlert, OwnerNotice } from '../channel.ts';
import { OUTBOX_CONCURRENCY } from '../retry-policy.ts';
import type { StoredLead } from '../../db/records.ts';

// Socket-level limits; the outbox also aborts any attempt that has not settled by its deadline
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

export type SendMail = (message: SendMailOptions) => Promise<unknown>;

/** Only a plain address goes into a header; anything odd is left to the body */
export function isPlainAddress(email: string): boolean {
  const at = email.indexOf('@');
  const forbidden = /[\s<>,;:"()[\]\\]/;
  return (
    at > 0 &&
    at === email.lastIndexOf('@') &&
    email.indexOf('.', at + 2) > at &&
    !email.endsWith('.') &&
    !forbidden.test(email)
  );
}

export function leadEmailSubject(lead: StoredLead): string {
  return literalHeaderText(
    `New quote request from ${oneLine(lead.name, 80)} (${oneLine(lead.formSource, 20)})`,
  );
}

/** The line that opens a request in the owner's inbox */
export const openLine = (link: string) => `Open it in your inbox: ${link}`;

/** An alert's or a notice's text, with the line that opens the request when it has one */
function withLink({ text, link }: Pick<OwnerAlert | OwnerNotice, 'text' | 'link'>): string {
  return link ? `${text}\n\n${openLine(link)}` : text;
}

export function leadEmailText(lead: StoredLead, siteUrl: string): string {
  const {
    id,
    createdAt,
    formSource,
    name,
    email,
    phone,
    address,
    service,
    message,
    page,
    userAgent,
  } = leadTextForOwner(lead);
  const optional = (label: string, value: string | null) =>
    value === null ? [] : [`${label}: ${value}`];
  const photos = photosSummary(lead);
  return [
    `New quote request #${id} from the ${formSource}, received ${createdAt} (UTC).`,
    '',
    `Name: ${name}`,
    `Email: ${email}`,
    ...optional('Phone', phone),
    ...optional('Address', address),
    ...optional('Service', service),
    '',
    'Message:',
    message,
    '',
    ...(photos === null
      ? []
      : [`Photos: ${photos}, to see with the request: ${ownerLeadUrl(siteUrl, id)}`, '']),
    ...optional('Sent from page', page),
    ...optional('Browser', userAgent),
    '',
    openLine(ownerLeadUrl(siteUrl, id)),
    'Reply to this e-mail to answer the visitor. All requests: npm run leads',
  ].join('\n');
}

export function composeLeadEmail(
  lead: StoredLead,
  { to, from, siteUrl }: { to: string; from: string; siteUrl: string },
): SendMailOptions {
  const name = oneLine(lead.name, 80);
  const { email } = leadTextForOwner(lead);
  return {
    to,
    from,
    subject: leadEmailSubject(lead),
    text: leadEmailText(lead, siteUrl),
    // A name that would read as an encoded-word stays out of the header
    ...(isPlainAddress(email)
      ? { replyTo: name.includes('=?') ? email : { name, address: email } }
      : {}),
  };
}

export function emailChannel({
  send,
  to,
  from,
  siteUrl,
  close,
  makeRoom,
}: {
  send: SendMail;
  to: string;
  from: string;
  /** The site's origin, for the link to each request in the owner's page */
  siteUrl: string;
  close?: () => void;
  makeRoom?: () => () => void;
}): Channel {
  /** Sends one message; an abort closes the connection sending it, before the relay's final answer */
  async function sendOrThrow(message: SendMailOptions, signal?: AbortSignal) {
    try {
      await send(signal ? { ...message, signal } : message);
    } catch (error) {
      throw smtpFailure(error);
    }
  }
  return {
    name: 'email',
    deliver: (lead, signal) => sendOrThrow(composeLeadEmail(lead, { to, from, siteUrl }), signal),
    sendNotice: (notice, signal) =>
      sendOrThrow(
        { to, from, subject: literalHeaderText(notice.title), text: withLink(notice) },
        signal,
      ),
    sendReport: ({ title, text }, signal) =>
      sendOrThrow({ to, from, subject: literalHeaderText(title), text }, signal),
    sendAlert: (alert, signal) =>
      sendOrThrow(
        { to, from, subject: literalHeaderText(alert.title), text: withLink(alert) },
        signal,
      ),
    ...(close ? { close } : {}),
    ...(makeRoom ? { makeRoom } : {}),
  };
}

/** A pool of connections to the SMTP server at `smtpUrl` (smtp:// or smtps://, credentials in the URL) */
export function smtpPool(smtpUrl: string): {
  send: SendMail;
  close: () => void;
  makeRoom: () => () => void;
} {
  const pool = new SMTPPool({ url: smtpUrl, maxConnections: OUTBOX_CONCURRENCY, ...SMTP_TIMEOUTS });
  const transport = createTransport(pool);
  return {
    send: (message) => transport.sendMail(message),
    close: () => transport.close(),
    // The pool reads its limit each time it places a message
    makeRoom: () => {
      pool.options.maxConnections++;
      return () => void pool.options.maxConnections--;
    },
  };
}

/** Sends through the SMTP server at `smtpUrl` (smtp:// or smtps://, credentials in the URL) */
export function smtpChannel({
  smtpUrl,
  to,
  from,
  siteUrl,
}: {
  smtpUrl: string;
  to: string;
  from: string;
  siteUrl: string;
}): Channel {
  return emailChannel({ ...smtpPool(smtpUrl), to, from, siteUrl });
}
