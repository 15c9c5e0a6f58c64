/**
 * The e-mail a customer gets when a quote request is stored, as the relay receives it, on a fake
 * New Zealand clock: the service from the form's list, when it arrived, when to expect an answer
 * from the business's hours; once a day per address at most, never for spam, never with anything
 * the visitor typed, and none while the owner has it switched off.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { business } from '../../src/config/business.ts';
import { HOURS_DAYS, WEEK_DAYS } from '../../src/config/fact-formats.ts';
import { replyTime, replyTimeText } from '../../src/lib/reply-time.ts';
import { FORM_SOURCES } from '../../src/lib/validation.ts';
import { createApp, type App } from '../../src/server/app.ts';
import { inProcessStore } from '../../src/server/db/async-store.ts';
import { ACKNOWLEDGE_ONCE_IN_MS, ACKNOWLEDGEMENT } from '../../src/server/db/records.ts';
import { openLeadStore } from '../../src/server/db/store.ts';
import { addDays } from '../../src/lib/availability.ts';
import { nzDateTime, nzDayStart } from '../../src/server/support/days.ts';
import { reloadFacts } from '../../src/server/support/live-facts.ts';
import { decodeEncodedWords, decodeQuotedPrintable } from '../support/mail.ts';
import { startSmtp } from '../support/script-helpers.ts';
import { makeTempDir, repoRoot, send, startServer } from '../support/server.ts';
import { escapeHtml } from '../../src/server/support/html.ts';

const SITE = 'https://sparky.test';
const OWNER = 'owner@sparky.test';
const MINUTE = 60_000;
/** A week with no change of the clocks, Monday first */
const WEEK_START = '2026-11-30';

/** The instant a New Zealand weekday of that week reaches `minutes` after midnight */
function nzMoment(weekday: (typeof WEEK_DAYS)[number], minutes: number): Date {
  const day = addDays(WEEK_START, WEEK_DAYS.indexOf(weekday));
  return new Date(nzDayStart(day).getTime() + minutes * MINUTE);
}
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));

const firstOpenDay = HOURS_DAYS.findIndex((day) => business.hours[day].open);
/** An hour after the business opens on its first open day of the week */
const OPEN = nzMoment(
  WEEK_DAYS[firstOpenDay]!,
  minutesOf(business.hours[HOURS_DAYS[firstOpenDay]!].from) + 60,
);
/** Two hours after it closes on a Friday */
const WEEKDAY_EVENING = nzMoment('Friday', minutesOf(business.hours.friday.to) + 120);
/** Late on Saturday night */
const WEEKEND = nzMoment('Saturday', 23 * 60);

/** A quote request in which every field the visitor types is a word found nowhere else */
const typed = {
  name: 'Quillonby Vexmartin',
  phone: '021 909 8181',
  address: '77 Zephyrine Crescent, Kohimarama',
  message: 'Flibbertigibbet wombleknot quizzaciously.',
};
const SERVICE = 'Lighting Design';

interface Received {
  to: string;
  subject: string;
  /** The whole message as a mail client shows its parts: quoted-printable decoded */
  shown: string;
  raw: string;
}

function readMessage(raw: string): Received {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const header = (name: string) =>
    head
      .split('\r\n')
      .find((line) => line.toLowerCase().startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .trim() ?? '';
  return {
    to: header('to'),
    subject: decodeEncodedWords(header('subject')),
    shown: decodeQuotedPrintable(raw),
    raw,
  };
}

let app: App | undefined;
let closeSmtp: (() => Promise<void>) | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await app?.close();
  await closeSmtp?.();
  app = undefined;
  closeSmtp = undefined;
});

async function startApp() {
  const smtp = await startSmtp();
  closeSmtp = smtp.close;
  const leadsDb = join(makeTempDir('acknowledgement'), 'leads.sqlite');
  app = createApp(
    {
      LEADS_DB: leadsDb,
      SMTP_URL: smtp.url,
      LEADS_NOTIFY_TO: OWNER,
      SITE_URL: SITE,
      LEADS_RATE_LIMIT: '0',
    },
    {
      site: { isPage: () => false, readPage: () => Promise.resolve(null) },
      built: null,
      // In this thread, so the fake clock is the store's too
      store: inProcessStore(openLeadStore(leadsDb)),
      log: () => {},
    },
  );
  await app.ready;
  app.start();
  const running = app;
  const messages = () => smtp.received.map(readMessage);
  return {
    smtp,
    app: running,
    /** Posts a quote request as the page's script does, from `email` */
    async post(email: string, extra: Record<string, string> = {}) {
      const form = new FormData();
      const fields = { form_source: FORM_SOURCES.quote, ...typed, email, service: SERVICE };
      for (const [name, value] of Object.entries({ ...fields, ...extra })) form.append(name, value);
      const answer = await running.respond(
        new Request(`${SITE}/api/leads`, {
          method: 'POST',
          body: form,
          headers: { Accept: 'application/json', Origin: SITE },
        }),
        '203.0.113.9',
      );
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { id: number }).id;
    },
    acknowledgementsTo: (email: string) => messages().filter((message) => message.to === email),
    /** Waits until the owner has been e-mailed `count` requests */
    async ownerEmails(count: number) {
      await vi.waitFor(
        () => expect(messages().filter((message) => message.to === OWNER)).toHaveLength(count),
        { timeout: 15_000, interval: 50 },
      );
    },
    /** The acknowledgement deliveries the store queued, by lead */
    queued(): number[] {
      const db = new DatabaseSync(leadsDb, { readOnly: true });
      try {
        return (
          db
            .prepare('SELECT lead_id FROM deliveries WHERE channel = ? ORDER BY lead_id')
            .all(ACKNOWLEDGEMENT) as Array<{ lead_id: number }>
        ).map((row) => row.lead_id);
      } finally {
        db.close();
      }
    },
  };
}

async function acknowledgementAt(moment: Date, email: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(moment);
  const running = await startApp();
  await running.post(email);
  await vi.waitFor(() => expect(running.acknowledgementsTo(email)).toHaveLength(1), {
    timeout: 15_000,
    interval: 50,
  });
  return { ...running, message: running.acknowledgementsTo(email)[0]! };
}

describe('the acknowledgement of a quote request', () => {
  it.each([
    ['during opening hours', OPEN, true],
    ['on a weekday evening', WEEKDAY_EVENING, false],
    ['at the weekend', WEEKEND, false],
  ])(
    'names the service, when it arrived and when to expect an answer %s',
    async (_when, moment, open) => {
      expect(replyTime(moment, business).open).toBe(open);
      const email = `customer-${moment.getTime()}@example.test`;
      const { message, app: running } = await acknowledgementAt(moment, email);
      const expected = replyTimeText(replyTime(moment, business));
      expect(expected).toMatch(open ? /^We're on the tools now/ : /^We're closed now; expect/);
      expect(message.subject).toContain(business.name);
      // In both parts: the plain text and the HTML (where an apostrophe is escaped)
      const [textPart, htmlPart] = message.shown.split(/^Content-Type: text\/html.*$/m);
      expect(htmlPart).toBeDefined();
      for (const sentence of [
        `quote request for ${SERVICE}`,
        `It reached us on ${nzDateTime(moment)}`,
        expected,
        business.phone.display,
        'Reply to this e-mail with photos of the job',
      ]) {
        expect(textPart, sentence).toContain(sentence);
        expect(htmlPart, sentence).toContain(sentence.replaceAll("'", '&#39;'));
      }
      expect(message.raw).toMatch(/^Auto-Submitted: auto-replied\r$/m);
      // Counted in the health report, as a delivery of its own, sent once the relay's answer is in
      await expect
        .poll(async () => (await running.health()).deliveries[ACKNOWLEDGEMENT], { timeout: 10_000 })
        .toMatchObject({ waiting: 0, failed: 0 });
    },
  );

  it('repeats nothing the visitor typed: the address given is only where it goes', async () => {
    const email = 'ack-visitor-zq@example.test';
    const { message } = await acknowledgementAt(OPEN, email);
    const withoutTo = message.shown.replace(/^To: .*\r\n/m, '');
    const words = Object.values(typed).flatMap((value) => value.split(/[\s,.]+/));
    for (const word of [...words.filter((part) => part.length > 3), email, 'ack-visitor-zq'])
      expect(withoutTo.toLowerCase(), word).not.toContain(word.toLowerCase());
    expect(withoutTo).not.toContain('9098181');
    expect(message.to).toBe(email);
  });

  it('goes to an address at most once a day, and again after a day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(OPEN);
    const running = await startApp();
    const acknowledged = async (count: number) =>
      vi.waitFor(
        () => expect(running.acknowledgementsTo('twice@example.test')).toHaveLength(count),
        { timeout: 15_000, interval: 50 },
      );
    // Each post's sends are over before the clock moves on, so none is taken for one cut short
    const first = await running.post('twice@example.test');
    await running.ownerEmails(1);
    await acknowledged(1);
    vi.setSystemTime(OPEN.getTime() + 60 * MINUTE);
    await running.post('Twice@Example.test');
    await running.ownerEmails(2);
    vi.setSystemTime(OPEN.getTime() + ACKNOWLEDGE_ONCE_IN_MS - MINUTE);
    await running.post('twice@example.test');
    await running.ownerEmails(3);
    expect(running.queued()).toEqual([first]);

    vi.setSystemTime(OPEN.getTime() + ACKNOWLEDGE_ONCE_IN_MS + MINUTE);
    const later = await running.post('twice@example.test');
    await running.ownerEmails(4);
    await acknowledged(2);
    expect(running.queued()).toEqual([first, later]);
    expect(running.acknowledgementsTo('Twice@Example.test')).toEqual([]);
  });

  it('is never sent for a request the spam check stopped', async () => {
    const running = await startApp();
    await running.post('bot@example.test', { _gotcha: 'https://spam.example' });
    const genuine = await running.post('genuine@example.test');
    await vi.waitFor(
      () => expect(running.acknowledgementsTo('genuine@example.test')).toHaveLength(1),
      { timeout: 15_000, interval: 50 },
    );
    await running.ownerEmails(1);
    expect(running.queued()).toEqual([genuine]);
    expect(running.acknowledgementsTo('bot@example.test')).toEqual([]);
  });

  it('is not sent while the owner has it switched off in the business details', async () => {
    const off = join(makeTempDir('facts'), 'business.json');
    writeFileSync(off, JSON.stringify({ ...business, acknowledgeRequests: false }));
    const running = await startApp();
    reloadFacts(off);
    try {
      await running.post('switched-off@example.test');
      await running.ownerEmails(1);
      expect(running.queued()).toEqual([]);
      expect(running.acknowledgementsTo('switched-off@example.test')).toEqual([]);
    } finally {
      reloadFacts(join(repoRoot, 'src/content/business.json'));
    }
  });
});

describe('the thank-you page a request without JavaScript lands on', () => {
  it('says when to expect an answer, in the acknowledgement’s words, and is never cached', async () => {
    const server = await startServer();
    try {
      const expected = () => escapeHtml(replyTimeText(replyTime(new Date(), business)));
      const before = expected();
      const answer = await send(server, { path: '/quote/thanks' });
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['etag']).toBeUndefined();
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
      expect([before, expected()].some((text) => answer.text().includes(text))).toBe(true);
      const head = await send(server, { path: '/quote/thanks', method: 'HEAD' });
      expect([head.status, head.body.length]).toEqual([200, 0]);
    } finally {
      await server.stop();
    }
  });
});
