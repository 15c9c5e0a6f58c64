import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inProcessStore, type AsyncLeadStore } from '../../src/server/db/async-store.ts';
import { DeliveryFailure } from '../../src/server/notify/delivery-failure.ts';
import type { Channel } from '../../src/server/notify/channel.ts';
import { createOutbox } from '../../src/server/notify/outbox.ts';
import {
  DEFAULT_RETRY,
  retryDelayMs,
  SLOW_ATTEMPT_MS,
} from '../../src/server/notify/retry-policy.ts';
import { openLeadStore } from '../../src/server/db/store.ts';
import {
  type ChannelName,
  type LeadStore,
  type NewLead,
  type StoredLead,
} from '../../src/server/db/records.ts';
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
  outbox.start();
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
    const delays = [1, 2, 3, 4, 10, 11, 500].map((attempts) =>
      retryDelayMs(attempts, DEFAULT_RETRY),
    );
    expect(delays.slice(0, 4)).toEqual(
      [1, 2, 4, 8].map((factor) => factor * DEFAULT_RETRY.firstDelayMs),
    );
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
    expect(
      store
        .getLead(id)
        ?.deliveries.map(({ channel, status, attempts }) => [channel, status, attempts]),
    ).toEqual([
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
      expect(store.listLeads().map((stored) => stored.deliveries[0]?.status)).toEqual([
        'sent',
        'sent',
        'sent',
      ]);
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
    expect(store.getLead(id)?.deliveries[0]).toMatchObject({
      status: 'failed',
      attempts: attemptsMade,
      lastError: 'email is down',
    });
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
    const two = createOutbox({
      store: inProcessStore(openLeadStore(store.path)),
      channels: [email.channel],
      log: () => {},
    });
    two.start();
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
    // Aborted at its deadline and retried on its own schedule
    expect(store.getLead(ids[0]!)?.deliveries[0]).toMatchObject({
      channel: 'webhook',
      status: expect.stringMatching(/^(pending|sending)$/),
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
      markDelivered: (...args) =>
        refusals-- > 0
          ? Promise.reject(new Error('database is locked'))
          : base.markDelivered(...args),
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
    const hung: Channel = {
      name: 'webhook',
      deliver: () => (calls++, new Promise<void>(() => {})),
    };
    storeLead('Aroha', ['webhook']);
    const outbox = createOutbox({ store: inProcessStore(store), channels: [hung], log: () => {} });
    outbox.start();
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

describe('each delivery on its own', () => {
  /** A channel whose `fate` decides each attempt: deliver, or throw the failure it returns */
  function channelWith(
    name: ChannelName,
    fate: (stored: StoredLead, attempt: number) => Error | undefined,
  ) {
    const attempts: Array<{ id: number; at: number }> = [];
    const delivered: Array<{ id: number; at: number }> = [];
    const channel: Channel = {
      name,
      async deliver(stored) {
        attempts.push({ id: stored.id, at: Date.now() });
        const failure = fate(stored, attempts.filter((entry) => entry.id === stored.id).length);
        if (failure) throw failure;
        delivered.push({ id: stored.id, at: Date.now() });
      },
    };
    return { channel, attempts, delivered };
  }
  const poisoned = (stored: StoredLead) => stored.name.startsWith('Poison');

  it('marks a message refused for good failed at once, and later leads go out at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const email = channelWith('email', (stored) =>
      poisoned(stored)
        ? new DeliveryFailure('refused', '550 5.7.1 Message rejected: virus found')
        : undefined,
    );
    const outbox = outboxFor([email.channel]);
    const poison = Array.from({ length: 10 }, (_, index) =>
      storeLead(`Poison ${index}`, ['email']),
    );
    outbox.wake();
    await vi.advanceTimersByTimeAsync(100);
    const genuineAt = Date.now();
    const genuine = storeLead('Genuine', ['email']);
    outbox.wake();
    await vi.advanceTimersByTimeAsync(100);
    expect(email.delivered).toEqual([{ id: genuine, at: genuineAt }]);
    for (const id of poison) {
      expect(store.getLead(id)?.deliveries[0]).toMatchObject({
        status: 'failed',
        attempts: 1,
        lastError: '550 5.7.1 Message rejected: virus found',
      });
    }
    // Never tried again
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(email.attempts).toHaveLength(11);
  });

  it('retries a message deferred on its own schedule while the others go out at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const webhook = channelWith('webhook', (stored, attempt) =>
      poisoned(stored) && attempt < 4
        ? new DeliveryFailure('deferred', '451 4.7.1 Try again later')
        : undefined,
    );
    const outbox = outboxFor([webhook.channel]);
    const deferred = storeLead('Poison', ['webhook']);
    outbox.wake();
    await vi.advanceTimersByTimeAsync(10);
    const started = Date.now();
    const genuine = Array.from({ length: 5 }, (_, index) =>
      storeLead(`Genuine ${index}`, ['webhook']),
    );
    outbox.wake();
    await vi.advanceTimersByTimeAsync(10);
    expect(webhook.delivered.map((entry) => entry.id)).toEqual(genuine);
    expect(webhook.delivered.every((entry) => entry.at === started)).toBe(true);
    // 1 s, 2 s and 4 s after each failed attempt
    await vi.advanceTimersByTimeAsync(8000);
    const tries = webhook.attempts
      .filter((entry) => entry.id === deferred)
      .map((entry) => entry.at - started);
    expect(tries.slice(1)).toEqual([1000, 3000, 7000].map((ms) => ms - 10));
    expect(store.getLead(deferred)?.deliveries[0]).toMatchObject({ status: 'sent', attempts: 4 });
  });

  it('does not slow the lane for a receiver that times out on one lead', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const hangsOnPoison: Channel = {
      name: 'ntfy',
      deliver: (stored, signal) =>
        poisoned(stored)
          ? new Promise<void>((_resolve, reject) =>
              signal.addEventListener('abort', () => reject(signal.reason as Error)),
            )
          : Promise.resolve(),
    };
    const delivered: number[] = [];
    const outbox = outboxFor([
      {
        ...hangsOnPoison,
        deliver: (stored, signal) =>
          hangsOnPoison.deliver(stored, signal).then(() => void delivered.push(stored.id)),
      },
    ]);
    storeLead('Poison', ['ntfy']);
    outbox.wake();
    // Past several of its deadlines and retries
    await vi.advanceTimersByTimeAsync(5 * DEFAULT_RETRY.attemptTimeoutMs);
    const genuine = storeLead('Genuine', ['ntfy']);
    outbox.wake();
    await vi.advanceTimersByTimeAsync(10);
    expect(delivered).toEqual([genuine]);
  });

  it('lets a lead through beside a probe the channel stalls on, once the probe is slow', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const delivered: number[] = [];
    const stallsOnSome: Channel = {
      name: 'email',
      deliver: (stored, signal) =>
        stored.name.startsWith('Stalled')
          ? new Promise<void>((_resolve, reject) =>
              signal.addEventListener('abort', () => reject(signal.reason as Error)),
            )
          : Promise.resolve(void delivered.push(stored.id)),
    };
    const outbox = outboxFor([stallsOnSome]);
    for (let index = 0; index < 3; index++) storeLead(`Stalled ${index}`, ['email']);
    outbox.wake();
    // All three time out, which opens the breaker; a retry of one is the probe, and stalls again
    await vi.advanceTimersByTimeAsync(DEFAULT_RETRY.attemptTimeoutMs + 2000);
    expect(outbox.isWorking('email')).toBe(false);
    const genuine = storeLead('Genuine', ['email']);
    outbox.wake();
    await vi.advanceTimersByTimeAsync(SLOW_ATTEMPT_MS);
    expect(delivered).toEqual([genuine]);
    expect(outbox.isWorking('email')).toBe(true);
  });

  it('aborts an attempt at its deadline, so it cannot be completed later, and frees its place', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const signals: AbortSignal[] = [];
    const stalls: Channel = {
      name: 'email',
      deliver: (_stored, signal) => (signals.push(signal), new Promise<void>(() => {})),
    };
    const outbox = outboxFor([stalls]);
    const id = storeLead('Stalled', ['email']);
    outbox.wake();
    await vi.advanceTimersByTimeAsync(DEFAULT_RETRY.attemptTimeoutMs - 1);
    expect(signals.map((signal) => signal.aborted)).toEqual([false]);
    await vi.advanceTimersByTimeAsync(1);
    expect(signals[0]!.aborted).toBe(true);
    expect(store.getLead(id)?.deliveries[0]).toMatchObject({
      status: 'pending',
      lastError: 'No answer within 60 s',
    });
  });

  it('stops a send in flight when its lead is deleted, and records nothing for it', async () => {
    const signals: AbortSignal[] = [];
    const stalls: Channel = {
      name: 'webhook',
      deliver: (_stored, signal) => (signals.push(signal), new Promise<void>(() => {})),
    };
    const outbox = outboxFor([stalls]);
    const id = storeLead('Sam', ['webhook']);
    outbox.wake();
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    expect(store.deleteLead(id)).toBe(true);
    await vi.waitFor(() => expect(signals[0]!.aborted).toBe(true), { timeout: 3000 });
    await outbox.idle();
    expect(
      new DatabaseSync(store.path).prepare('SELECT COUNT(*) AS rows FROM deliveries').get(),
    ).toEqual({ rows: 0 });
  });

  it('releases every claimed delivery when the store fails in the middle of a round', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const email = channelWith('email', () => undefined);
    const base = inProcessStore(store);
    let full = true;
    const diskFull = () => Promise.reject(new Error('SQLITE_FULL: database or disk is full'));
    const flaky: AsyncLeadStore = {
      ...base,
      getLead: (...args) => (full && args[0] === 2 ? diskFull() : base.getLead(...args)),
      markDelivered: (...args) =>
        full && args[0] === 1 ? diskFull() : base.markDelivered(...args),
    };
    const ids = ['Aroha', 'Tama', 'Mere'].map((name) => storeLead(name, ['email']));
    outboxFor([email.channel], flaky).wake();
    await vi.advanceTimersByTimeAsync(100);
    full = false;
    // Well within one retry interval, not after the stale period
    await vi.advanceTimersByTimeAsync(5000);
    expect(store.listLeads().map((lead) => lead.deliveries[0]?.status)).toEqual([
      'sent',
      'sent',
      'sent',
    ]);
    expect(email.delivered.map((entry) => entry.id).sort()).toEqual(ids);
  });

  it('claims nothing before it is started', async () => {
    const email = channelWith('email', () => undefined);
    const id = storeLead('Aroha', ['email']);
    const outbox = createOutbox({
      store: inProcessStore(store),
      channels: [email.channel],
      log: () => {},
    });
    cleanups.push(() => outbox.close());
    outbox.wake();
    await outbox.idle();
    expect(store.getLead(id)?.deliveries[0]).toMatchObject({ status: 'pending', attempts: 0 });
    outbox.start();
    await outbox.idle();
    expect(email.delivered.map((entry) => entry.id)).toEqual([id]);
  });

  it('treats a retry time no right clock could have set as due now (the clock stepped back)', async () => {
    const email = channelWith('email', () => undefined);
    const id = storeLead('Aroha', ['email']);
    const yearAhead = new Date(Date.now() + 365 * 24 * HOUR);
    store.markAttemptFailed(id, 'email', {
      error: 'connect ECONNREFUSED',
      retryAt: yearAhead,
      now: yearAhead,
    });
    const outbox = outboxFor([email.channel]);
    await outbox.idle();
    expect(email.delivered.map((entry) => entry.id)).toEqual([id]);
  });
});
