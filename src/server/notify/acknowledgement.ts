/**
 * The e-mail that tells a customer, at once, that the request arrived: for which service (from
 * the form's fixed list), when, when to expect to hear back (reply-time.ts, from the business's
 * hours and the New Zealand clock), that photos can follow by reply, and whom to call in a power
 * emergency. It repeats nothing the visitor typed (no name, no message, no address, no phone), so
 * the form cannot be used to send someone else words of a stranger's choosing; it goes only to the
 * address given, and the store queues at most one a day per address (ACKNOWLEDGE_ONCE_IN_MS).
 * Sent on the outbox's lane of its own, with its own SMTP connections, so it never holds up the
 * owner's notifications.
 */
import type { SendMailOptions } from 'nodemailer';
import { telHrefOf, type Business } from '../../config/business.ts';
import { isEmergency, QUOTE_SERVICE_OPTIONS } from '../../config/quote.ts';
import { availabilityOn, nzDateOf } from '../../lib/availability.ts';
import { replyTime, replyTimeText } from '../../lib/reply-time.ts';
import { ACKNOWLEDGEMENT, type StoredLead } from '../db/records.ts';
import { nzDateTime } from '../support/days.ts';
import { escapeHtml } from '../support/html.ts';
import { liveFacts } from '../support/live-facts.ts';
import { literalHeaderText } from '../support/plain-text.ts';
import type { Sender } from './channel.ts';
import { isPlainAddress, smtpPool, type SendMail } from './channels/email.ts';
import { DeliveryFailure, smtpFailure } from './delivery-failure.ts';

type Facts = Pick<
  Business,
  'name' | 'owner' | 'phone' | 'email' | 'hours' | 'closure' | 'claims' | 'linesCompany'
>;

/** A piece of the message: text, with the business's phone or e-mail as links in the HTML part */
type Piece = string | { tel: string; text: string } | { mailto: string };

interface Section {
  heading?: string;
  pieces: Piece[];
  /** Set apart in the HTML part */
  emphasis?: 'warning' | 'small';
}

/** The service as the form's own list names it (never the visitor's text), or null for none or Other */
function listedService(service: string | null): string | null {
  const listed = QUOTE_SERVICE_OPTIONS.find((option) => option === service);
  return listed && listed !== 'Other' ? listed : null;
}

/** What the acknowledgement says, in order, for both its parts */
function acknowledgementSections(lead: StoredLead, facts: Facts): Section[] {
  const arrived = new Date(lead.createdAt);
  const service = listedService(lead.service);
  const phone = { tel: telHrefOf(facts), text: facts.phone.display };
  const lines = facts.linesCompany;
  // Emergency call-outs as they stand the day it arrived: a closure may stop them
  const available = availabilityOn(facts, nzDateOf(arrived));
  const emergency: Section = {
    heading: 'Power emergency?',
    emphasis: 'warning',
    pieces: [
      ...(available.emergencyCallOuts
        ? ['Call us on ', phone, available.emergency24x7 ? ', day or night.' : '.']
        : [`We're not taking emergency call-outs until ${available.backOn}.`]),
      ` For a power cut or a fallen line, call ${lines.name} on `,
      { tel: `tel:${lines.phoneE164}`, text: lines.phoneDisplay },
      '.',
    ],
  };
  // Someone who asked for the emergency service reads whom to call before anything else
  const urgent = isEmergency(service);
  return [
    { pieces: ['Kia ora,'] },
    {
      pieces: [
        `Thanks for your ${service ? `quote request for ${service}` : 'request'}. It reached us on ${nzDateTime(arrived)}.`,
      ],
    },
    ...(urgent ? [emergency] : []),
    { heading: 'What happens next', pieces: [replyTimeText(replyTime(arrived, facts))] },
    {
      heading: 'Photos help',
      pieces: [
        'Reply to this e-mail with photos of the job (the switchboard, the fault, or where the work is) and we can often quote without a visit.',
      ],
    },
    ...(urgent ? [] : [emergency]),
    { pieces: [facts.owner, '\n', facts.name, '\n', phone, ' · ', { mailto: facts.email }] },
    {
      emphasis: 'small',
      pieces: [
        "You're getting this because this e-mail address was given on our website's quote form. If that wasn't you, please ignore it.",
      ],
    },
  ];
}

const pieceText = (piece: Piece) =>
  typeof piece === 'string' ? piece : 'mailto' in piece ? piece.mailto : piece.text;

function pieceHtml(piece: Piece): string {
  if (typeof piece === 'string') return escapeHtml(piece).replaceAll('\n', '<br>');
  const [href, text] =
    'mailto' in piece ? [`mailto:${piece.mailto}`, piece.mailto] : [piece.tel, piece.text];
  return `<a href="${escapeHtml(href)}" style="color:#1d4ed8;white-space:nowrap">${escapeHtml(text)}</a>`;
}

export function acknowledgementText(sections: readonly Section[]): string {
  return sections
    .map(({ heading, pieces }) =>
      [heading, pieces.map(pieceText).join('')].filter((line) => line !== undefined).join('\n'),
    )
    .join('\n\n');
}

const SECTION_STYLES = {
  plain: 'margin:0 0 16px',
  warning:
    'margin:0 0 16px;padding:12px 14px;border-left:4px solid #b91c1c;background:#fef2f2;border-radius:4px',
  small: 'margin:24px 0 0;font-size:13px;color:#64748b',
};

export function acknowledgementHtml(sections: readonly Section[], facts: Facts): string {
  const body = sections
    .map(({ heading, pieces, emphasis }) => {
      const title = heading
        ? `<strong style="display:block;color:#0f172a;font-size:17px;margin-bottom:4px">${escapeHtml(heading)}</strong>`
        : '';
      return `<p style="${SECTION_STYLES[emphasis ?? 'plain']}">${title}${pieces.map(pieceHtml).join('')}</p>`;
    })
    .join('');
  return [
    '<!doctype html><html lang="en-NZ"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(facts.name)}</title></head>`,
    '<body style="margin:0;padding:24px 12px;background:#f1f5f9;color:#334155;font:16px/1.55 system-ui,-apple-system,\'Segoe UI\',Roboto,sans-serif">',
    '<div style="max-width:560px;margin:0 auto;padding:24px 20px;background:#ffffff;border-radius:12px;border-top:6px solid #0f2a4a">',
    `<p style="margin:0 0 16px;font-weight:700;color:#0f2a4a">${escapeHtml(facts.name)}</p>`,
    body,
    '</div></body></html>',
  ].join('');
}

/** The acknowledgement of `lead`, from `from` (the server's sending address), answered to the business's address */
export function composeAcknowledgement(
  lead: StoredLead,
  facts: Facts,
  from: string,
): SendMailOptions & { text: string; html: string } {
  const sections = acknowledgementSections(lead, facts);
  return {
    to: lead.email,
    from: { name: literalHeaderText(facts.name), address: from },
    replyTo: facts.email,
    subject: literalHeaderText(`We've got your request – ${facts.name}`),
    text: acknowledgementText(sections),
    html: acknowledgementHtml(sections, facts),
    // An automatic answer (RFC 3834): auto-responders must not answer it in turn
    headers: { 'Auto-Submitted': 'auto-replied' },
  };
}

/** Sends each acknowledgement with `send`, from `from`, in the business's words at that moment */
export function acknowledgementSender({
  send,
  from,
  close,
  makeRoom,
}: {
  send: SendMail;
  from: string;
  close?: () => void;
  makeRoom?: () => () => void;
}): Sender {
  return {
    name: ACKNOWLEDGEMENT,
    async deliver(lead, signal) {
      // The store queues none for such an address; one from an older version is not sent
      if (!isPlainAddress(lead.email))
        throw new DeliveryFailure('refused', 'The address given is not a plain e-mail address');
      try {
        await send({ ...composeAcknowledgement(lead, liveFacts(), from), signal });
      } catch (error) {
        throw smtpFailure(error);
      }
    },
    ...(close ? { close } : {}),
    ...(makeRoom ? { makeRoom } : {}),
  };
}

/** Acknowledgements through the SMTP server at `smtpUrl`, on connections of their own */
export function smtpAcknowledgement({ smtpUrl, from }: { smtpUrl: string; from: string }): Sender {
  return acknowledgementSender({ ...smtpPool(smtpUrl), from });
}
