/**
 * `npm run notify:test`: sends a sample quote request, now, through every notification channel
 * the environment sets up (the server's own settings: SMTP_URL and LEADS_NOTIFY_TO,
 * LEADS_WEBHOOK_URL, LEADS_NTFY_URL) and says for each whether it was accepted. Nothing is stored.
 * Exits 1 when no channel is set up or one fails.
 */
import { randomUUID } from 'node:crypto';
import { business } from '../src/config/business.ts';
import { withDeadline } from '../src/server/support/deadline.ts';
import { describeError } from '../src/server/support/log.ts';
import { channelsFromEnv } from '../src/server/notify/channels-from-env.ts';
import type { StoredLead } from '../src/server/db/records.ts';

const TIMEOUT_MS = 60_000;

const sample: StoredLead = {
  id: 0,
  uid: randomUUID(),
  createdAt: new Date().toISOString(),
  formSource: 'Quote Form',
  name: 'Test from the website',
  email: process.env['LEADS_NOTIFY_TO']?.trim() || business.email,
  // A tap on "Call" rings the business's own number
  phone: business.phone.display,
  address: business.address.locality,
  service: 'Notification test',
  message: 'A test sent with npm run notify:test. No visitor sent this request.',
  page: null,
  userAgent: null,
  deliveries: [],
  acknowledgement: null,
  status: 'new',
  followUp: null,
  readAt: null,
  notes: [],
  photos: 0,
  photosNotKept: 0,
};

const channels = channelsFromEnv(process.env, (message, error) =>
  console.error(`${message}: ${describeError(error)}`),
);
if (channels.length === 0) {
  console.error(
    'No notification channel is set up: set SMTP_URL and LEADS_NOTIFY_TO, LEADS_WEBHOOK_URL or LEADS_NTFY_URL.',
  );
  process.exit(1);
}

let failures = 0;
for (const channel of channels) {
  try {
    await withDeadline((signal) => channel.deliver(sample, signal), TIMEOUT_MS);
    console.log(`${channel.name}: sent`);
  } catch (error) {
    failures++;
    console.log(`${channel.name}: FAILED (${describeError(error)})`);
  } finally {
    channel.close?.();
  }
}
process.exit(failures > 0 ? 1 : 0);
