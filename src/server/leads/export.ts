/**
 * Stored leads as a terminal table, CSV (RFC 4180) or JSON, for `npm run leads`. Lead text is
 * typed by strangers, so CSV cells that a spreadsheet would run as a formula are neutralised,
 * and the table shows control characters as visible marks instead of sending them to the terminal.
 */
import type { StoredLead } from './store.ts';

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
  'notify_status',
  'notify_attempts',
  'notified_at',
  'notify_error',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];
export type LeadRecord = Record<ExportColumn, string | number | null>;

export function isExportFormat(value: string): value is ExportFormat {
  return (EXPORT_FORMATS as readonly string[]).includes(value);
}

export function leadRecord(lead: StoredLead): LeadRecord {
  return {
    id: lead.id,
    created_at: lead.createdAt,
    form_source: lead.formSource,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    address: lead.address,
    service: lead.service,
    message: lead.message,
    page: lead.page,
    user_agent: lead.userAgent,
    notify_status: lead.notifyStatus,
    notify_attempts: lead.notifyAttempts,
    notified_at: lead.notifiedAt,
    notify_error: lead.notifyError,
  };
}

/**
 * Spreadsheets run a cell starting with =, +, - or @ (and tab or CR, per OWASP) as a formula;
 * a leading apostrophe makes it text.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One RFC 4180 field: quoted when it holds a quote, comma or line break; quotes doubled */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : neutraliseFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
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

export function leadsToJson(leads: readonly StoredLead[]): string {
  return `${JSON.stringify(leads.map(leadRecord), null, 2)}\n`;
}

const TABLE_COLUMNS: ReadonlyArray<{ heading: string; width: number; cell: (lead: StoredLead) => string }> = [
  { heading: 'id', width: 6, cell: (lead) => String(lead.id) },
  { heading: 'received (UTC)', width: 16, cell: (lead) => lead.createdAt.slice(0, 16).replace('T', ' ') },
  { heading: 'form', width: 10, cell: (lead) => lead.formSource },
  { heading: 'name', width: 20, cell: (lead) => lead.name },
  { heading: 'email', width: 28, cell: (lead) => lead.email },
  { heading: 'phone', width: 16, cell: (lead) => lead.phone ?? '' },
  { heading: 'service', width: 22, cell: (lead) => lead.service ?? '' },
  { heading: 'message', width: 40, cell: (lead) => lead.message },
  { heading: 'e-mail', width: 8, cell: (lead) => lead.notifyStatus },
];

/** One line of at most `width` characters, with line breaks and other control characters made visible */
function tableCell(text: string, width: number): string {
  const visible = [...text.replace(/\r?\n/g, ' \u23CE ').replace(/\p{Cc}/gu, '\uFFFD')];
  const fitted = visible.length > width ? [...visible.slice(0, width - 1), '…'] : visible;
  return fitted.join('').padEnd(width);
}

export function leadsToTable(leads: readonly StoredLead[]): string {
  if (leads.length === 0) return 'No quote requests stored yet.\n';
  const line = (cells: string[]) => cells.join('  ').trimEnd();
  const header = line(TABLE_COLUMNS.map(({ heading, width }) => tableCell(heading, width)));
  const rule = line(TABLE_COLUMNS.map(({ width }) => '-'.repeat(width)));
  const rows = leads.map((lead) => line(TABLE_COLUMNS.map(({ cell, width }) => tableCell(cell(lead), width))));
  const total = `${leads.length} quote request${leads.length === 1 ? '' : 's'}, newest first.`;
  return [header, rule, ...rows, '', total].join('\n') + '\n';
}

export function formatLeads(leads: readonly StoredLead[], format: ExportFormat): string {
  if (format === 'csv') return leadsToCsv(leads);
  if (format === 'json') return leadsToJson(leads);
  return leadsToTable(leads);
}
