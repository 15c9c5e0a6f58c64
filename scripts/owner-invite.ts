/**
 * `npm run owner:invite [-- --email]`: makes a one-time link that enrols a passkey for the
 * owner's page (/owner): his first, or a new one when every passkey is lost. It works once,
 * for 24 hours; the database (LEADS_DB, default data/leads.sqlite) keeps only its hash. The
 * link is the last line printed; with --email it is also e-mailed to LEADS_NOTIFY_TO through
 * SMTP_URL. The link points at SITE_URL, which must be the address the owner opens.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { siteOrigin } from '../src/lib/site-url.ts';
import { DEFAULT_LEADS_DB, openLeadStore } from '../src/server/db/store.ts';
import { channelsFromEnv } from '../src/server/notify/channels-from-env.ts';
import { sendOwnerAlert } from '../src/server/notify/owner-alerts.ts';
import { INVITE_LIFETIME_MS, createInvite, inviteLink } from '../src/server/owner/invites.ts';
import { describeError } from '../src/server/support/log.ts';

const hours = INVITE_LIFETIME_MS / 3_600_000;
const usage = `Usage: npm run owner:invite [-- --email]
Prints a one-time link (valid ${hours} hours) that sets up a passkey for the owner's page.
--email also sends it to LEADS_NOTIFY_TO.`;

function readOptions() {
  try {
    const { values } = parseArgs({
      options: {
        email: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    return values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    process.exit(2);
  }
}

const options = readOptions();
if (!process.env['SITE_URL'])
  console.warn(`SITE_URL is not set: the link points at ${siteOrigin()}.`);

const store = openLeadStore(resolve(process.env['LEADS_DB'] || DEFAULT_LEADS_DB));
let link: string;
try {
  link = inviteLink(siteOrigin(), await createInvite(store));
} finally {
  store.close();
}

let exitCode = 0;
if (options.email) {
  const email = channelsFromEnv(process.env).filter((channel) => channel.name === 'email');
  if (email.length === 0) {
    console.error(
      'Not e-mailed: set SMTP_URL and LEADS_NOTIFY_TO (see docs/operations.md, "How the owner hears of them").',
    );
    exitCode = 1;
  } else {
    const alert = {
      title: 'Set up your passkey for the owner page',
      text:
        `Open this link on the phone or computer you will sign in with. It works once, for the next ${hours} hours:\n\n` +
        `${link}\n\nIf you did not ask for this link, do not open it, and tell whoever looks after your server.`,
      key: `invite-${Date.now()}`,
    };
    const sent = await sendOwnerAlert(email, alert, (message, error) =>
      console.error(message, error ? describeError(error) : ''),
    );
    for (const channel of email) channel.close?.();
    if (sent === 0) exitCode = 1;
    else console.log(`E-mailed to ${process.env['LEADS_NOTIFY_TO']}.`);
  }
}
console.log(`Open this link to set up a passkey (it works once, for ${hours} hours):`);
console.log(link);
process.exitCode = exitCode;
