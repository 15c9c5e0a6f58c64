/**
 * `npm run stats -- [--days 30] [--format table|csv|json] [--html FILE]`: the owner's report of
 * visits, taps on the phone and e-mail links, and quote requests per page, from LEADS_DB (default
 * data/leads.sqlite), against the period before; where visitors came from, this month's requests
 * by how far they went, and real visitors' page speed per kind of page. Pages are named as the
 * site being served names them (the newest build of DIST_DIR or SITE_DIR's published ones), by
 * their paths when there is none. Never creates a database.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_LEADS_DB, openLeadStore } from '../src/server/db/store.ts';
import { openSite } from '../src/server/http/site-files.ts';
import { newestBuild } from '../src/server/publish/builds.ts';
import { reportCsv, reportHtml, reportJson, reportTable } from '../src/server/stats/format.ts';
import { pageTitles } from '../src/server/stats/page-titles.ts';
import { collectReport, lastDays } from '../src/server/stats/report.ts';

const FORMATS = { table: reportTable, csv: reportCsv, json: reportJson } as const;
const usage = `Usage: npm run stats -- [--days 30] [--format table|csv|json] [--html FILE]
Visits, calls, e-mails and quote requests per page over the last days (New Zealand time),
from LEADS_DB (default ${DEFAULT_LEADS_DB}).`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      days: { type: 'string', default: '30' },
      format: { type: 'string', short: 'f', default: 'table' },
      html: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const days = Number(values.days);
if (!Number.isInteger(days) || days < 1 || days > 3660)
  fail('--days must be a whole number of days from 1 to 3660.');
if (!(values.format in FORMATS)) fail(`Unknown format "${values.format}".`);

const path = resolve(process.env['LEADS_DB'] || DEFAULT_LEADS_DB);
if (!existsSync(path)) fail(`There is no database at ${path} yet.`);
const build = newestBuild({
  distDir: resolve(process.env['DIST_DIR'] ?? 'dist'),
  siteDir: resolve(process.env['SITE_DIR'] || '.'),
});
const site = build ? await openSite(join(build.dir, 'client')).catch(() => null) : null;
const store = openLeadStore(path);
let report;
try {
  report = await collectReport(store, lastDays(days), { titles: pageTitles(site?.readPage) });
} finally {
  // Reading only: the server, if it runs, owns checkpointing
  store.close({ checkpoint: false });
}
if (values.html) {
  writeFileSync(values.html, reportHtml(report));
  console.error(`Wrote the report to ${resolve(values.html)}`);
}
process.stdout.write(FORMATS[values.format as keyof typeof FORMATS](report));
