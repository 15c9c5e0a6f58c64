/**
 * Stored leads as a terminal table, CSV (RFC 4180) or JSON, for `npm run leads`. Lead text is
 * typed by strangers, so the table and the CSV drop control characters (terminal escape
 * sequences) and bidi controls, and CSV cells that a spreadsheet would run as a formula are
 * neutralised. JSON escapes control characters itself.
 */
import { displayWidth, fitToWidth } from '../support/display-width.ts';
import { OVERDUE_AFTER_MS } from '../notify/health.ts';
import { DEFAULT_RETRY } from '../notify/retry-policy.ts';
import { oneLine, withoutControls } from '../support/plain-text.ts';
import {
  CHANNELS,
  quoteFieldsOf,
  type ChannelName,
  type Delivery,
  type StoredLead,
} from '../db/records.ts';

export const EXPORT_FORMATS = ['table', 'csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_COLUMNS = [
  'id',
  'created_at',
  'form_source',
  'name',
  'email',
  'phone',
  'address',
  'service',
  'message',
  'page',
  'user_agent',
  'status',
  'follow_up',
  'notes',
  ...CHANNELS.flatMap(
    (channel) => [`${channel}_status`, `${channel}_attempts`, `${channel}_error`] as const,
  ),
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/**
 * A delivery as the owner should read it: a lead still undelivered 72 hours after it arrived
 * is failed, even when the server was not running to give up on it.
 */
export function deliveryState(
  delivery: Delivery,
  lead: StoredLead,
  now = new Date(),
): Delivery['status'] {
  const overdue = now.getTime() - Date.parse(lead.createdAt) >= DEFAULT_RETRY.giveUpAfterMs;
  return delivery.status !== 'sent' && overdue ? 'failed' : delivery.status;
}

/**
 * Whether the owner must act because the lead did not reach him on this channel: given up, or
 * still waiting more than an hour after it arrived
 */
export function isUndelivered(delivery: Delivery, lead: StoredLead, now = new Date()): boolean {
  const state = deliveryState(delivery, lead, now);
  return (
    state === 'failed' ||
    (state !== 'sent' && now.getTime() - Date.parse(lead.createdAt) > OVERDUE_AFTER_MS)
  );
}

/** "2025-03-01 14:02 Called, quoting Monday" (the time in UTC, as the table shows times) */
function noteLine(note: StoredLead['notes'][number]): string {
  return `${note.at.slice(0, 16).replace('T', ' ')} ${note.text}`;
}

function channelRecord(lead: StoredLead, channel: ChannelName, now: Date) {
  const delivery = lead.deliveries.find((queued) => queued.channel === channel);
  return {
    [`${channel}_status`]: delivery ? deliveryState(delivery, lead, now) : null,
    [`${channel}_attempts`]: delivery ? delivery.attempts : null,
    [`${channel}_error`]: delivery ? delivery.lastError : null,
  };
}
export type LeadRecord = Record<ExportColumn, string | number | null>;

export function isExportFormat(value: string): value is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(value);
}

export function leadRecord(lead: StoredLead, now = new Date()): LeadRecord {
  return {
    id: lead.id,
    created_at: lead.createdAt,
    form_source: lead.formSource,
    ...quoteFieldsOf(lead),
    page: lead.page,
    user_agent: lead.userAgent,
    status: lead.status,
    follow_up: lead.followUp,
    notes: lead.notes.map(noteLine).join('\n') || null,
    ...Object.assign({}, ...CHANNELS.map((channel) => channelRecord(lead, channel, now))),
  } as LeadRecord;
}

/**
 * Spreadsheets run a cell starting with =, +, - or @ (and tab or CR, per OWASP) as a formula;
 * a leading apostrophe makes it text.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * One RFC 4180 field: without control and bidi characters (line breaks kept as '\n', tabs
 * kept), neutralised once cleaned (so a dropped character cannot hide a leading '='), and quoted
 * when it holds a quote, comma or line break, with quotes doubled.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text =
    typeof value === 'number'
      ? String(value)
      : neutraliseFormula(withoutControls(value, { keepLineBreaks: true, keepTabs: true }));
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function leadsToCsv(leads: readonly StoredLead[]): string {
  const rows = [
    EXPORT_COLUMNS.join(','),
    ...leads.map((lead) => {
      const record = leadRecord(lead);
      return EXPORT_COLUMNS.map((column) => csvField(record[column])).join(',');
    }),
  ];
  return rows.map((row) => `${row}\r\n`).join('');
}

/**
 * What JSON.stringify leaves raw but a terminal acts on or hides: DEL, the C1 controls (CSI
 * 0x9B), the line and paragraph separators, and format characters (bidi controls, zero-width
 * spaces, tag characters)
 */
const RAW_IN_JSON = /[\u007f-\u009f\u2028\u2029\p{Cf}]/gu;

/** \u escapes of each UTF-16 unit (a character outside the BMP takes two) */
function jsonEscape(character: string): string {
  return Array.from(
    { length: character.length },
    (_, index) => `\\u${character.charCodeAt(index).toString(16).padStart(4, '0')}`,
  ).join('');
}

/** Every value exactly as stored; the characters above written as \u escapes, which parse back to the same text */
export function leadsToJson(leads: readonly StoredLead[]): string {
  const json = JSON.stringify(
    leads.map((lead) => leadRecord(lead)),
    null,
    2,
  ).replace(RAW_IN_JSON, jsonEscape);
  return `${json}\n`;
}

const TABLE_COLUMNS: ReadonlyArray<{
  heading: string;
  width: number;
  cell: (lead: StoredLead) => string;
}> = [
  { heading: 'id', width: 6, cell: (lead) => String(lead.id) },
  {
    heading: 'received (UTC)',
    width: 16,
    cell: (lead) => lead.createdAt.slice(0, 16).replace('T', ' '),
  },
  { heading: 'form', width: 10, cell: (lead) => lead.formSource },
  { heading: 'name', width: 20, cell: (lead) => lead.name },
  { heading: 'email', width: 28, cell: (lead) => lead.email },
  { heading: 'phone', width: 16, cell: (lead) => lead.phone ?? '' },
  { heading: 'service', width: 22, cell: (lead) => lead.service ?? '' },
  { heading: 'status', width: 9, cell: (lead) => lead.status },
  { heading: 'message', width: 40, cell: (lead) => lead.message },
  { heading: 'delivered to the owner', width: 48, cell: (lead) => deliverySummary(lead) },
];

/** For example "email sent; ntfy failed ×412 (HTTP 502 from ntfy.sh)"; "not sent" when no channel was set up */
function deliverySummary(lead: StoredLead, now = new Date()): string {
  if (lead.deliveries.length === 0) return 'not sent (no channel set up)';
  return lead.deliveries
    .map((delivery) => {
      const state = deliveryState(delivery, lead, now);
      const tries = delivery.attempts > 1 ? ` ×${delivery.attempts}` : '';
      const error = state !== 'sent' && delivery.lastError ? ` (${delivery.lastError})` : '';
      return `${delivery.channel} ${state}${tries}${error}`;
    })
    .join('; ');
}

/**
 * One line `width` columns wide as the terminal draws it (an emoji or a Chinese character takes
 * two): line breaks shown as ⏎, tabs as spaces, control and bidi characters dropped
 */
function tableCell(text: string, width: number): string {
  const marked = withoutControls(text, { keepLineBreaks: true, keepTabs: true }).replaceAll(
    '\n',
    ' \u23CE ',
  );
  const fitted = fitToWidth(oneLine(marked), width);
  return fitted + ' '.repeat(width - displayWidth(fitted));
}

/**
 * The requests a channel failed for good or is over an hour late on, each with how to reach
 * the client: what the owner must act on, under the table
 */
function undeliveredLines(leads: readonly StoredLead[], now: Date): string[] {
  const lines = leads.flatMap((lead) => {
    const missed = lead.deliveries.filter((delivery) => isUndelivered(delivery, lead, now));
    if (missed.length === 0) return [];
    const reach = [lead.phone, lead.email].filter(Boolean).join(', ');
    const what = missed.map(
      (delivery) =>
        `${delivery.channel} ${deliveryState(delivery, lead, now)}${delivery.lastError ? ` (${delivery.lastError})` : ''}`,
    );
    return [oneLine(`#${lead.id} ${lead.name}, ${reach}: ${what.join('; ')}`, 200)];
  });
  if (lines.length === 0) return [];
  const count = `${lines.length} request${lines.length === 1 ? '' : 's'}`;
  return [
    '',
    `${count} did not reach you on every channel; call or e-mail the client:`,
    ...lines.map((line) => `  ${line}`),
  ];
}

/** The owner's follow-up dates and notes, as the owner's page shows them, under the table */
function noteLines(leads: readonly StoredLead[]): string[] {
  const lines = leads.flatMap((lead) => {
    if (lead.notes.length === 0 && !lead.followUp) return [];
    const followUp = lead.followUp ? ` (follow up ${lead.followUp})` : '';
    return [
      oneLine(`#${lead.id} ${lead.name}${followUp}`, 200),
      ...lead.notes.map((note) => `  ${tableCell(noteLine(note), 120).trimEnd()}`),
    ];
  });
  return lines.length === 0 ? [] : ['', 'Notes:', ...lines.map((line) => `  ${line}`)];
}

export function leadsToTable(leads: readonly StoredLead[], now = new Date()): string {
  if (leads.length === 0) return 'No quote requests stored yet.\n';
  const line = (cells: string[]) => cells.join('  ').trimEnd();
  const header = line(TABLE_COLUMNS.map(({ heading, width }) => tableCell(heading, width)));
  const rule = line(TABLE_COLUMNS.map(({ width }) => '-'.repeat(width)));
  const rows = leads.map((lead) =>
    line(TABLE_COLUMNS.map(({ cell, width }) => tableCell(cell(lead), width))),
  );
  const total = `${leads.length} quote request${leads.length === 1 ? '' : 's'}, newest first.`;
  return (
    [header, rule, ...rows, '', total, ...noteLines(leads), ...undeliveredLines(leads, now)].join(
      '\n',
    ) + '\n'
  );
}

export function formatLeads(leads: readonly StoredLead[], format: ExportFormat): string {
  if (format === 'csv') return leadsToCsv(leads);
  if (format === 'json') return leadsToJson(leads);
  return leadsToTable(leads);
}
