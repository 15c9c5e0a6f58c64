/**
 * `npm run leads [-- --format table|csv|json] [--limit N]`: prints the stored quote requests,
 * newest first, from LEADS_DB (default data/leads.sqlite). Never creates a database.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EXPORT_FORMATS, formatLeads, isExportFormat } from '../src/server/leads/export.ts';
import { DEFAULT_LEADS_DB, openLeadStore, type StoredLead } from '../src/server/leads/store.ts';

const usage = `Usage: npm run leads -- [--format ${EXPORT_FORMATS.join('|')}] [--limit N]
Prints stored quote requests, newest first, from LEADS_DB (default ${DEFAULT_LEADS_DB}).`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

function parseCommandLine() {
  try {
    return parseArgs({
      options: {
        format: { type: 'string', short: 'f', default: 'table' },
        limit: { type: 'string', short: 'n' },
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
  if (!isExportFormat(values.format)) fail(`Unknown format "${values.format}".`);
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) fail(`--limit must be a positive whole number.`);
  return { format: values.format, limit };
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

const { format, limit } = readOptions();
const path = resolve(process.env['LEADS_DB'] || DEFAULT_LEADS_DB);
const leads = readLeads(path, limit);
if (format === 'table') console.error(`Database: ${path}${existsSync(path) ? '' : ' (not created yet)'}`);
process.stdout.write(formatLeads(leads, format));
