import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inProcessStore, type AsyncLeadStore } from '../../src/server/leads/async-store.ts';
import { createOutbox, DEFAULT_RETRY, retryDelayMs, type Channel } from '../../src/server/leads/outbox.ts';
import { openLeadStore, type ChannelName, type LeadStore, type NewLead, type StoredLead } from '../../src/server/leads/store.ts';
import { leadStorePerTest, sampleLead } from '../support/leads.ts';

const lead = (name: string): NewLead => sampleLead({ name });

const HOUR = 3_600_000;
const { maxDelayMs, giveUpAfterMs } = DEFAULT_RETRY;

/** A channel that fails while `down()` holds and records every attempt and every delivery */
function fakeChannel(name: ChannelName, down: () => boolean = () => false) {
  const attempts: Array<{ id: number; at: number }> = [];
  const delivered: Array<{ id: number; at: number }> = [];
  const channel: Channel = {
    name,
    async deliver(stored: StoredLead) {
      attempts.push({ id: stored.id, at: Date.now() });
      if (down()) throw new Error(`${name} is down`);
      delivered.push({ id: stored.id, at: Date.now() });
    },
  };
  return { channel, attempts, delivered };
}

let store: LeadStore;
const cleanups = leadStorePerTest('leads-outbox-', (opened) => (store = opened.store));
afterEach(() => {
  vi.useRealTimers();
});

function outboxFor(channels: Channel[], asyncStore: AsyncLeadStore = inProcessStore(store)) {
  const outbox = createOutbox({ store: asyncStore, channels, log: () => {} });
  cleanups.push(() => outbox.close());
  return outbox;
}

function storeLead(name: string, channels: ChannelName[]) {
  return store.insertLead(lead(name), { channels });
}

describe('retry schedule', () => {
  it('retries for at least 72 hours, at least every 10 minutes once capped', () => {
    expect(giveUpAfterMs).toBeGreaterThanOrEqual(72 * HOUR);
    expect(maxDelayMs).toBeLessThanOrEqual(10 * 60_000);
  });

  it('doubles from the first delay and is capped', () => {
    const delays = [1, 2, 3, 4, 10, 11, 500].map((attempts) => retryDelayMs(attempts, DEFAULT_RETRY));
    expect(delays.slice(0, 4)).toEqual([1, 2, 4, 8].map((factor) => factor * DEFAULT_RETRY.firstDelayMs));
    expect(delays.slice(4)).toEqual(delays.slice(4).map((delay) => Math.min(delay, maxDelayMs)));
    expect(delays.at(-1)).toBe(maxDelayMs);
  });
});

describe('the outbox', () => {
  it('delivers a new lead on every channel as soon as it is woken, once each', async () => {
    const email = fakeChannel('email');
    const ntfy = fakeChannel('ntfy');
    const outbox = outboxFor([email.channel, ntfy.channel]);
    const id = storeLead('Aroha', outbox.channelNames as ChannelName[]);
    outbox.wake();
    await outbox.idle();
    expect(email.delivered.map((entry) => entry.id)).toEqual([id]);
    expect(ntfy.delivered.map((entry) => entry.id)).toEqual([id]);
    expect(store.getLead(id)?.deliveries.map(({ channel, status, attempts }) => [channel, status, attempts])).toEqual([
      ['email', 'sent', 1],
      ['ntfy', 'sent', 1],
    ]);
    outbox.wake();
    await outbox.idle();
    expect(email.attempts).toHaveLength(1);
  });

  it('keeps channels independent: one down does not hold up the other', async () => {
    const email = fakeChannel('email', () => true);
    const webhook = fakeChannel('webhook');
    const outbox = outboxFor([email.channel, webhook.channel]);
    const id = storeLead('Tama', ['email', 'webhook']);
    outbox.wake();
    await outbox.idle();
    expect(webhook.delivered).toHaveLength(1);
    expect(store.getLead(id)?.deliveries).toMatchObject([
      { channel: 'email', status: 'pending', attempts: 1, lastError: 'email is down' },
      { channel: 'webhook', status: 'sent' },
    ]);
  });

  for (const outageHours of [1, 24, 71.5]) {
    it(`after a ${outageHours}-hour outage, delivers every lead within one retry interval of the return, without a restart`, async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      const start = Date.now();
      const returnsAt = start + outageHours * HOUR;
      const email = fakeChannel('email', () => Date.now() < returnsAt);
      const outbox = outboxFor([email.channel]);
      const ids = ['Aroha', 'Tama', 'Mere'].map((name) => storeLead(name, ['email']));
      outbox.wake();

      await vi.advanceTimersByTimeAsync(returnsAt - start + maxDelayMs);
      expect(email.delivered.map((entry) => entry.id).sort()).toEqual(ids);
      for (const { at } of email.delivered) expect(at - returnsAt).toBeLessThanOrEqual(maxDelayMs);
      // While the channel is down the lane probes with one lead at a time, once per capped interval
      expect(email.attempts.length).toBeLessThanOrEqual(outageHours * (HOUR / maxDelayMs) + 20);
      expect(store.listLeads().map((stored) => stored.deliveries[0]?.status)).toEqual(['sent', 'sent', 'sent']);
    });
  }

  it('gives up 72 hours after the lead arrived and shows the delivery as failed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const email = fakeChannel('email', () => true);
    const outbox = outboxFor([email.channel]);
    const id = storeLead('Aroha', ['email']);
    outbox.wake();
    await vi.advanceTimersByTimeAsync(giveUpAfterMs + 2 * maxDelayMs);
    const attemptsMade = email.attempts.length;
    expect(store.getLead(id)?.deliveries[0]).toMatchObject({ status: 'failed', attempts: attemptsMade, lastError: 'email is down' });
    await vi.advanceTimersByTimeAsync(10 * maxDelayMs);
    expect(email.attempts).toHaveLength(attemptsMade);
  });

  it('on start, sends what is still due from before a restart, and leaves delivered leads alone', async () => {
    const sent = storeLead('Already sent', ['email']);
    store.markDelivered(sent, 'email');
    const due = storeLead('Still due', ['email']);
    const email = fakeChannel('email');
    const outbox = outboxFor([email.channel]);
    await outbox.idle();
    expect(email.delivered.map((entry) => entry.id)).toEqual([due]);
  });

  it('never sends the same lead twice from two outboxes on one database', async () => {
    const email = fakeChannel('email');
    const ids = Array.from({ length: 10 }, (_, index) => storeLead(`Lead ${index}`, ['email']));
    const one = outboxFor([email.channel]);
    const two = createOutbox({ store: inProcessStore(openLeadStore(store.path)), channels: [email.channel], log: () => {} });
    cleanups.push(() => two.close());
    await Promise.all([one.idle(), two.idle()]);
    expect(email.delivered.map((entry) => entry.id).sort((a, b) => a - b)).toEqual(ids);
  });

  it('does not let a channel that hangs hold up another, and counts a hung attempt as failed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const hung: Channel = { name: 'webhook', deliver: () => new Promise<void>(() => {}) };
    const ntfy = fakeChannel('ntfy');
    const outbox = outboxFor([hung, ntfy.channel]);
    const ids: number[] = [];
    for (let index = 0; index < 5; index++) {
      ids.push(storeLead(`Lead ${index}`, ['webhook', 'ntfy']));
      outbox.wake();
      await vi.advanceTimersByTimeAsync(10_000);
    }
    // Each push went out within moments of its lead, while the webhook hung
    expect(ntfy.delivered.map((entry) => entry.id)).toEqual(ids);
    await vi.advanceTimersByTimeAsync(DEFAULT_RETRY.attemptTimeoutMs);
    expect(store.getLead(ids[0]!)?.deliveries[0]).toMatchObject({
      channel: 'webhook',
      status: 'pending',
      lastError: expect.stringContaining('No answer'),
    });
  });

  it('while a channel is down, a flood of leads costs one attempt per retry, not one per lead', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const email = fakeChannel('email', () => true);
    const outbox = outboxFor([email.channel]);
    for (let index = 0; index < 200; index++) {
      storeLead(`Lead ${index}`, ['email']);
      outbox.wake();
    }
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(email.attempts.length).toBeLessThanOrEqual(HOUR / maxDelayMs + 20);
  });

  it('never sends again a delivery that worked but could not be recorded at once', async () => {
    const email = fakeChannel('email');
    const base = inProcessStore(store);
    let refusals = 1;
    const flaky: AsyncLeadStore = {
      ...base,
      markDelivered: (...args) => (refusals-- > 0 ? Promise.reject(new Error('database is locked')) : base.markDelivered(...args)),
    };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const outbox = outboxFor([email.channel], flaky);
    const id = storeLead('Aroha', ['email']);
    outbox.wake();
    // Past the lane's retry and past the stale period, after which an unrecorded claim is taken again
    await vi.advanceTimersByTimeAsync(DEFAULT_RETRY.attemptTimeoutMs + 2 * maxDelayMs);
    expect(email.delivered.map((entry) => entry.id)).toEqual([id]);
    expect(store.getLead(id)?.deliveries[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('gives up a delivery whose lead was deleted by hand', async () => {
    const email = fakeChannel('email');
    const id = storeLead('Deleted', ['email']);
    const shell = new DatabaseSync(store.path, { enableForeignKeyConstraints: false });
    shell.exec(`DELETE FROM leads WHERE id = ${id}`);
    const outbox = outboxFor([email.channel]);
    await outbox.idle();
    expect(shell.prepare('SELECT status, last_error FROM deliveries').all()).toEqual([
      { status: 'failed', last_error: 'The lead was deleted' },
    ]);
    shell.close();
    expect(email.attempts).toEqual([]);
  });

  it('closes within moments even while a channel hangs', async () => {
    let calls = 0;
    const hung: Channel = { name: 'webhook', deliver: () => (calls++, new Promise<void>(() => {})) };
    storeLead('Aroha', ['webhook']);
    const outbox = createOutbox({ store: inProcessStore(store), channels: [hung], log: () => {} });
    while (calls === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const started = Date.now();
    await outbox.close();
    expect(Date.now() - started).toBeLessThan(8000);
  });

  it('leaves deliveries queued for a channel that is no longer configured', async () => {
    const email = fakeChannel('email');
    const id = storeLead('Aroha', ['email', 'ntfy']);
    const outbox = outboxFor([email.channel]);
    await outbox.idle();
    expect(store.getLead(id)?.deliveries).toMatchObject([
      { channel: 'email', status: 'sent' },
      { channel: 'ntfy', status: 'pending', attempts: 0 },
    ]);
  });
});
