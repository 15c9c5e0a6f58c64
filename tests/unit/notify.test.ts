import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handleLeadRequest } from '../../src/server/leads/handler.ts';
import { notifierFromEnv, type LeadNotifier } from '../../src/server/leads/notify.ts';
import { openLeadStore, type LeadStore, type NewLead } from '../../src/server/leads/store.ts';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
  at: number;
}

/** A local SMTP server on a random loopback port that refuses the first `refuseFirst` messages */
async function startSmtp({ refuseFirst = 0 } = {}) {
  const received: Received[] = [];
  const attempts: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        attempts.push(Date.now());
        if (attempts.length <= refuseFirst) {
          const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const lead: NewLead = {
  formSource: 'Quote Form',
  name: 'Aroha Smith',
  email: 'aroha@example.co.nz',
  phone: '021 555 0199',
  address: '12 Picton Street, Howick',
  service: 'Electrical Repairs',
  message: 'The kitchen power points trip the RCD.',
  page: '/quote',
  userAgent: 'TestBrowser/1.0',
};

let dir: string;
let store: LeadStore;
let notifiers: LeadNotifier[];
let servers: Array<{ close: () => Promise<void> }>;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'leads-notify-'));
  store = openLeadStore(join(dir, 'leads.sqlite'));
  notifiers = [];
  servers = [];
});
afterEach(async () => {
  for (const notifier of notifiers) notifier.close();
  await Promise.all(servers.map((server) => server.close()));
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function smtp(options?: { refuseFirst?: number }) {
  const server = await startSmtp(options);
  servers.push(server);
  return server;
}

function notifierFor(url: string | undefined, options: { maxAttempts?: number; baseDelayMs?: number; staleAfterMs?: number } = {}) {
  const env = { SMTP_URL: url, LEADS_NOTIFY_TO: 'owner@example.com', LEADS_NOTIFY_FROM: 'website@example.com' };
  const notifier = notifierFromEnv(store, env, { baseDelayMs: 20, log: () => {}, ...options });
  if (notifier) notifiers.push(notifier);
  return notifier;
}

describe('lead notifications', () => {
  it('e-mails the owner every field, with the visitor as Reply-To, after returning at once', async () => {
    const server = await smtp();
    const notifier = notifierFor(server.url)!;
    const id = store.insertLead(lead, { notify: true });

    notifier.notify(id);
    expect(store.getLead(id)?.notifyStatus).toBe('pending'); // nothing was sent during the call
    await notifier.idle();

    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail?.to).toEqual(['owner@example.com']);
    expect(mail?.from).toBe('website@example.com');
    const raw = mail?.raw ?? '';
    expect(raw).toContain('Subject: New quote request from Aroha Smith (Quote Form)');
    expect(raw).toMatch(/Reply-To: "?Aroha Smith"? <aroha@example\.co\.nz>/);
    for (const line of [
      'Name: Aroha Smith',
      'Email: aroha@example.co.nz',
      'Phone: 021 555 0199',
      'Address: 12 Picton Street, Howick',
      'Service: Electrical Repairs',
      'The kitchen power points trip the RCD.',
      'Sent from page: /quote',
      'Browser: TestBrowser/1.0',
    ]) {
      expect(raw).toContain(line);
    }
    expect(store.getLead(id)).toMatchObject({ notifyStatus: 'sent', notifyAttempts: 1, notifiedAt: expect.any(String) });
  });

  it('retries a refused send with growing delays, and the lead stays stored unchanged', async () => {
    const server = await smtp({ refuseFirst: 2 });
    const notifier = notifierFor(server.url, { maxAttempts: 5, baseDelayMs: 30 })!;
    const id = store.insertLead(lead, { notify: true });
    const before = store.getLead(id);

    notifier.notify(id);
    await notifier.idle();

    expect(server.attempts).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = server.attempts;
    expect(second - first).toBeGreaterThanOrEqual(25);
    expect(third - second).toBeGreaterThanOrEqual(55);
    expect(server.received).toHaveLength(1);
    const after = store.getLead(id);
    expect(after).toMatchObject({ notifyStatus: 'sent', notifyAttempts: 3, notifyError: null });
    expect({ ...after, notifyStatus: 0, notifyAttempts: 0, notifiedAt: 0, notifyError: 0 }).toEqual({
      ...before,
      notifyStatus: 0,
      notifyAttempts: 0,
      notifiedAt: 0,
      notifyError: 0,
    });
  });

  it('gives up after the last attempt, recording the failure and keeping the lead', async () => {
    const server = await smtp({ refuseFirst: 10 });
    const notifier = notifierFor(server.url, { maxAttempts: 3, baseDelayMs: 5 })!;
    const id = store.insertLead(lead, { notify: true });
    notifier.notify(id);
    await notifier.idle();
    expect(server.attempts).toHaveLength(3);
    expect(store.getLead(id)).toMatchObject({
      notifyStatus: 'failed',
      notifyAttempts: 3,
      notifyError: expect.stringContaining('Mailbox busy'),
      message: lead.message,
    });
    expect(store.countLeads()).toBe(1);
  });

  it('on start-up, sends the leads still due and leaves the finished ones alone', async () => {
    const server = await smtp();
    const pending = store.insertLead({ ...lead, name: 'Pending Person' }, { notify: true });
    const failedOnce = store.insertLead({ ...lead, name: 'Failed Once' }, { notify: true });
    const exhausted = store.insertLead({ ...lead, name: 'Out Of Attempts' }, { notify: true });
    const off = store.insertLead({ ...lead, name: 'Stored Without Email' });
    const claim = (id: number) => store.claimNotification(id, { maxAttempts: 2, staleBefore: new Date(0) });
    claim(failedOnce);
    store.markNotifyFailed(failedOnce, 'earlier outage');
    claim(exhausted);
    store.markNotifyFailed(exhausted, 'outage');
    claim(exhausted);
    store.markNotifyFailed(exhausted, 'outage');

    const notifier = notifierFor(server.url, { maxAttempts: 2 })!;
    notifier.resumePending();
    await notifier.idle();

    const subjects = server.received.map((mail) => /Subject: (.*)/.exec(mail.raw)?.[1]);
    expect(subjects).toEqual(['New quote request from Pending Person (Quote Form)', 'New quote request from Failed Once (Quote Form)']);
    expect(store.getLead(pending)?.notifyStatus).toBe('sent');
    expect(store.getLead(failedOnce)?.notifyStatus).toBe('sent');
    expect(store.getLead(exhausted)).toMatchObject({ notifyStatus: 'failed', notifyAttempts: 2 });
    expect(store.getLead(off)?.notifyStatus).toBe('off');
  });

  it('finishes an attempt cut short by a crash once it has gone stale', async () => {
    const server = await smtp();
    const id = store.insertLead(lead, { notify: true });
    // A process that died mid-send left the row marked in flight a moment ago
    expect(store.claimNotification(id, { maxAttempts: 5, staleBefore: new Date(0) })).toBe(true);

    const notifier = notifierFor(server.url, { staleAfterMs: 100 })!;
    notifier.resumePending();
    await notifier.idle();
    expect(server.received).toHaveLength(0); // not yet stale: it might still be sending

    const deadline = Date.now() + 3000;
    while (store.getLead(id)?.notifyStatus !== 'sent' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(server.received).toHaveLength(1);
    expect(store.getLead(id)).toMatchObject({ notifyStatus: 'sent', notifyAttempts: 2 });
  });

  it('never sends the same lead twice from two notifiers', async () => {
    const server = await smtp();
    const id = store.insertLead(lead, { notify: true });
    const one = notifierFor(server.url)!;
    const two = notifierFor(server.url)!;
    one.notify(id);
    two.notify(id);
    two.resumePending();
    await Promise.all([one.idle(), two.idle()]);
    expect(server.received).toHaveLength(1);
  });

  it('without SMTP_URL (or LEADS_NOTIFY_TO) there is no notifier and nothing is sent', async () => {
    const server = await smtp();
    expect(notifierFor(undefined)).toBeNull();
    expect(notifierFromEnv(store, { SMTP_URL: server.url })).toBeNull();

    const response = await handleLeadRequest(
      new Request('http://127.0.0.1/api/leads', {
        method: 'POST',
        body: new URLSearchParams({
          form_source: 'Hero Form',
          name: 'Tama',
          email: 'tama@example.nz',
          message: 'Heated towel rail please.',
        }),
        headers: { Accept: 'application/json' },
      }),
      '127.0.0.1',
      { siteUrl: 'https://www.example.com', store, notifier: notifierFor(undefined) },
    );
    expect(response.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.attempts).toEqual([]);
    expect(store.listLeads()[0]?.notifyStatus).toBe('off');
  });
});
