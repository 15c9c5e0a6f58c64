/**
 * The owner's weekly summary as it leaves the server: by e-mail through a real SMTP exchange and
 * by the signed webhook to a local receiver, with the five pages that brought the most contact
 * and the quote requests not yet delivered; and STATS_WEEKLY=1 as the one switch that starts it.
 */
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inProcessStore } from '../../src/server/db/async-store.ts';
import { smtpChannel } from '../../src/server/notify/channels/email.ts';
import { SIGNATURE_HEADER, webhookChannel } from '../../src/server/notify/channels/webhook.ts';
import type { Channel, OwnerReport } from '../../src/server/notify/channel.ts';
import { createApp } from '../../src/server/app.ts';
import { openLeadStore } from '../../src/server/db/store.ts';
import { type LeadStore } from '../../src/server/db/records.ts';
import type { DailyCount } from '../../src/server/db/stats-records.ts';
import { pageTitles } from '../../src/server/stats/page-titles.ts';
import { startWeeklySummaries } from '../../src/server/stats/weekly.ts';
import { leadStorePerTest, sampleLead } from '../support/leads.ts';
import { startReceiver, startSmtp } from '../support/script-helpers.ts';

/** Monday 23 November 2026, 09:00 in Auckland: the summary of 16 to 22 November is due */
const monday = new Date('2026-11-22T20:00:00Z');
const week = { from: '2026-11-16', to: '2026-11-22' };

/** Seven pages with calls, from 7 down to 1, and 100 views each: two more than the summary lists */
const pagesByContact = [
  '/',
  '/about',
  '/services',
  '/areas/electrician-howick',
  '/emergency-electrician-auckland',
  '/projects',
  '/privacy',
];
const counts: DailyCount[] = pagesByContact.flatMap((path, index) => [
  { day: '2026-11-18', path, kind: 'view' as const, count: 100 },
  { day: '2026-11-18', path, kind: 'tel' as const, count: pagesByContact.length - index },
]);

/** The pages named from the menus, as the owner's Numbers name them */
const titles = pageTitles();

let dir: string;
let store: LeadStore;
const cleanups = leadStorePerTest('weekly-summary-', (opened) => ({ dir, store } = opened));

/**
 * Last week's counts, and three quote requests from the home page: one delivered, one still
 * waiting for its e-mail, one whose webhook delivery was given up
 */
function storeTheWeek() {
  store.addCounts(counts);
  const during = { now: new Date('2026-11-19T01:00:00Z') };
  const delivered = store.insertLead(sampleLead({ page: '/' }), { ...during, channels: ['email'] });
  store.markDelivered(delivered, 'email');
  store.insertLead(sampleLead({ page: '/' }), { ...during, channels: ['email'] });
  const givenUp = store.insertLead(sampleLead({ page: '/' }), { ...during, channels: ['webhook'] });
  store.markAttemptFailed(givenUp, 'webhook', { error: 'HTTP 500', retryAt: null });
}

/** Sends the summary now due through `channels`, as the server does, and waits for it */
async function sendWeek(channels: Channel[]) {
  const summaries = startWeeklySummaries({
    store: inProcessStore(store),
    channels,
    titles,
    log: () => {},
    now: () => monday,
  });
  await summaries.check();
  summaries.close();
}

/** A message's header block and its text body, quoted-printable decoded, with plain newlines */
function readMessage(raw: string): { headers: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  let text = raw.slice(split + 4);
  if (/^Content-Transfer-Encoding: quoted-printable$/im.test(headers)) {
    text = text
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
  }
  return { headers, text: text.replace(/\r\n/g, '\n') };
}

describe('the weekly summary', () => {
  it("e-mails the owner last week's figures, the five pages that brought the most contact, and the requests not yet delivered", async () => {
    storeTheWeek();
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const email = smtpChannel({
      smtpUrl: smtp.url,
      to: 'owner@example.com',
      from: 'website@example.com',
      siteUrl: 'https://sparks.example.nz',
    });
    cleanups.push(() => email.close?.());
    await sendWeek([email]);

    expect(smtp.received).toHaveLength(1);
    const { headers, text } = readMessage(smtp.received[0]!);
    expect(headers).toMatch(/^Subject: Website summary for the week of 2026-11-16$/m);
    expect(headers).toMatch(/^To: owner@example\.com$/m);
    expect(headers).toMatch(/^From: website@example\.com$/m);
    const lines = text.split('\n');
    expect(lines).toContain('The website, 2026-11-16 to 2026-11-22:');
    expect(lines).toContain('Visits (page views): 700');
    expect(lines).toContain('Calls (taps on the phone number): 28');
    expect(lines).toContain('Quote requests: 3');
    // The home page's 7 calls and 3 requests, then one call fewer each page down the list
    const contacts = [10, 6, 5, 4, 3];
    const named = await Promise.all(pagesByContact.slice(0, 5).map((path) => titles(path)));
    expect(named).not.toContain('/about');
    expect(lines.filter((line) => /^\d+\. /.test(line))).toEqual(
      named.map((name, index) => `${index + 1}. ${name}: ${contacts[index]} (of 100 views)`),
    );
    expect(lines).toContain(
      '2 quote request(s) have not reached you yet: run npm run leads on the server.',
    );
  });

  it('posts the figures to the webhook as signed JSON, with the top five pages and the requests not yet delivered', async () => {
    storeTheWeek();
    const receiver = await startReceiver();
    cleanups.push(receiver.close);
    const secret = 'a-long-shared-secret';
    await sendWeek([
      webhookChannel({
        url: `${receiver.origin}/hooks/summary`,
        secret,
        siteUrl: 'https://sparks.example.nz',
      }),
    ]);

    expect(receiver.hits).toHaveLength(1);
    const [hit] = receiver.hits;
    expect(hit!.path).toBe('/hooks/summary');
    expect(hit!.headers['content-type']).toBe('application/json');
    expect(hit!.headers['idempotency-key']).toBe(`weekly-summary-${week.from}`);
    expect(hit!.headers[SIGNATURE_HEADER.toLowerCase()]).toBe(
      `sha256=${createHmac('sha256', secret).update(hit!.body).digest('hex')}`,
    );
    const body = JSON.parse(hit!.body) as { topPages: Array<{ path: string }> } & Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({
      type: 'weekly-summary',
      week,
      totals: { views: 700, calls: 28, quotes: 3 },
      undelivered: 2,
    });
    expect(body.topPages.map((page) => page.path)).toEqual(pagesByContact.slice(0, 5));
  });

  it('says every request has reached the owner when none waits or was given up', async () => {
    store.addCounts(counts);
    const id = store.insertLead(sampleLead(), {
      now: new Date('2026-11-19T01:00:00Z'),
      channels: ['email'],
    });
    store.markDelivered(id, 'email');
    const sent: OwnerReport[] = [];
    await sendWeek([
      {
        name: 'email',
        deliver: async () => {},
        sendReport: async (summary) => void sent.push(summary),
      },
    ]);
    expect(sent.map((summary) => summary.json['undelivered'])).toEqual([0]);
    expect(sent[0]!.text).toContain('Every quote request has reached you.');
  });
});

describe('STATS_WEEKLY', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(monday);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts the weekly summary with the lead service when it is 1, and leaves it off when unset', async () => {
    store.addCounts(counts);
    // Each service opens the database on its own, as the server does
    const path = join(dir, 'leads.sqlite');
    const sent: OwnerReport[] = [];
    const channel: Channel = {
      name: 'email',
      deliver: async () => {},
      sendReport: async (summary) => void sent.push(summary),
    };
    const serviceWith = (env: Record<string, string>) =>
      createApp(env, {
        site: { isPage: () => false, readPage: () => Promise.resolve(null) },
        built: null,
        store: inProcessStore(openLeadStore(path)),
        channels: [channel],
        log: () => {},
      });

    const unset = serviceWith({});
    unset.start();
    await unset.ready;
    await unset.close();
    expect(sent).toEqual([]);

    // Had the service without the setting claimed the week, this one would not send it
    const on = serviceWith({ STATS_WEEKLY: '1' });
    on.start();
    await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 5000 });
    await on.close();
    expect(sent[0]!.json['week']).toEqual(week);
    expect(sent[0]!.json['totals']).toMatchObject({ views: 700 });
  });
});
