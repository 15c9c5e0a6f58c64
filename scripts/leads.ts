/**
 * `npm run leads [-- --format table|csv|json] [--limit N]`: prints the stored quote requests,
 * newest first, from LEADS_DB (default data/leads.sqlite).
 * `npm run leads -- --delete ID`: deletes one request and its deliveries for good (a privacy
 * request), saying what it deleted; exits 1 when there is no such request. Never creates a database.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EXPORT_FORMATS, formatLeads, isExportFormat } from '../src/server/leads/export.ts';
import { oneLine } from '../src/server/support/plain-text.ts';
import { DEFAULT_LEADS_DB, openLeadStore } from '../src/server/db/store.ts';
import { type StoredLead } from '../src/server/db/records.ts';
import { leadPhotoFiles, photosFolderBeside } from '../src/server/db/lead-photos.ts';
import { photoCount } from '../src/lib/photos.ts';

const usage = `Usage: npm run leads -- [--format ${EXPORT_FORMATS.join('|')}] [--limit N]
       npm run leads -- --delete ID
Prints stored quote requests, newest first, from LEADS_DB (default ${DEFAULT_LEADS_DB}),
or deletes the one with that id (and its delivery records) for good, when its sender asks.`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

function parseCommandLine() {
  try {
    return parseArgs({
      options: {
        format: { type: 'string', short: 'f' },
        limit: { type: 'string', short: 'n' },
        delete: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}

function readOptions() {
  const values = parseCommandLine();
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (values.delete !== undefined) {
    if (values.format !== undefined || values.limit !== undefined)
      fail('--delete cannot be combined with --format or --limit.');
    const id = /^\d{1,15}$/.test(values.delete) ? Number(values.delete) : 0;
    if (id < 1)
      fail(
        `--delete needs the id of a quote request, a whole number as npm run leads shows it, not "${values.delete}".`,
      );
    return { deleteId: id } as const;
  }
  const format = values.format ?? 'table';
  if (!isExportFormat(format)) fail(`Unknown format "${format}".`);
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0))
    fail(`--limit must be a positive whole number.`);
  return { format, limit } as const;
}

function readLeads(path: string, limit: number | undefined): StoredLead[] {
  if (!existsSync(path)) return [];
  const store = openLeadStore(path);
  try {
    return store.listLeads(limit === undefined ? {} : { limit });
  } finally {
    store.close();
  }
}

/**
 * Deletes lead `id` from the database at `path`, and its photos beside it; what was deleted, or
 * undefined when there was no such lead
 */
async function deleteLead(path: string, id: number): Promise<StoredLead | undefined> {
  if (!existsSync(path)) return undefined;
  const store = openLeadStore(path);
  try {
    const lead = store.getLead(id);
    if (!lead || !store.deleteLead(id)) return undefined;
    await leadPhotoFiles(photosFolderBeside(path)).remove(id);
    return lead;
  } finally {
    store.close();
  }
}

const options = readOptions();
const path = resolve(process.env['LEADS_DB'] || DEFAULT_LEADS_DB);
if ('deleteId' in options) {
  const lead = await deleteLead(path, options.deleteId);
  if (!lead) {
    console.error(
      `There is no quote request #${options.deleteId} in ${path}${existsSync(path) ? '' : ' (not created yet)'}.`,
    );
    process.exit(1);
  }
  const deliveries = lead.deliveries.length;
  console.log(
    `Deleted quote request #${lead.id}, received ${lead.createdAt} (UTC), from ${oneLine(lead.name, 80)}` +
      (deliveries > 0
        ? `, with its ${deliveries} delivery record${deliveries === 1 ? '' : 's'}`
        : '') +
      (lead.photos > 0 ? ` and its ${photoCount(lead.photos)}.` : '.'),
  );
  console.log(
    'Copies already sent by e-mail, push notification or webhook, and any backups of the database, are not touched: delete those too.',
  );
} else {
  const { format, limit } = options;
  const leads = readLeads(path, limit);
  if (format === 'table')
    console.error(`Database: ${path}${existsSync(path) ? '' : ' (not created yet)'}`);
  process.stdout.write(formatLeads(leads, format));
}
