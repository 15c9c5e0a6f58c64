import { describe, expect, it } from 'vitest';
import { inProcessStore } from '../../src/server/db/async-store.ts';
import { OVERDUE_AFTER_MS } from '../../src/server/notify/health.ts';
import type { Channel, OwnerNotice } from '../../src/server/notify/channel.ts';
import type { ChannelName, LeadStore } from '../../src/server/db/records.ts';
import {
  FIRST_TRIES_WAIT_MS,
  startUndeliveredAlerts,
} from '../../src/server/notify/undelivered-alerts.ts';
import { leadStorePerTest, sampleLead } from '../support/leads.ts';

let store: LeadStore;
const cleanups = leadStorePerTest('leads-alerts-', (opened) => (store = opened.store));

/** A channel that keeps the notices it is sent, or refuses them while `down()` holds */
function noticeChannel(name: ChannelName, down = () => false) {
  const notices: OwnerNotice[] = [];
  const channel: Channel = {
    name,
    deliver: async () => {},
    async sendNotice(notice) {
      if (down()) throw new Error(`${name} is down`);
      notices.push(notice);
    },
  };
  return { channel, notices };
}

function alertsFor(channels: Channel[], isWorking: (name: ChannelName) => boolean = () => true) {
  const alerts = startUndeliveredAlerts({
    store: inProcessStore(store),
    channels,
    isWorking,
    log: () => {},
  });
  cleanups.push(() => alerts.close());
  return alerts;
}

describe('notices of undelivered leads', () => {
  it('tell the owner once, on his other channels, who could not be reached, why, and how to reach them', async () => {
    const email = noticeChannel('email');
    const ntfy = noticeChannel('ntfy');
    const lead = sampleLead({ name: 'Sam Tupou' });
    const id = store.insertLead(lead, { channels: ['email', 'ntfy'] });
    store.markAttemptFailed(id, 'email', {
      error: '550 5.7.1 Message rejected: content',
      retryAt: null,
    });
    store.markDelivered(id, 'ntfy');
    const alerts = alertsFor([email.channel, ntfy.channel]);
    await alerts.check();
    await alerts.check();

    expect(email.notices).toEqual([]);
    expect(ntfy.notices).toHaveLength(1);
    const [notice] = ntfy.notices;
    expect(notice!.title).toBe(`Request ${id} from Sam Tupou could not be e-mailed to you`);
    expect(notice!.text.split('\n').slice(0, 4)).toEqual([
      `Request ${id} from Sam Tupou could not be e-mailed to you.`,
      'E-mail: 550 5.7.1 Message rejected: content',
      `Call ${lead.phone} or e-mail ${lead.email}.`,
      `Address: ${lead.address}`,
    ]);
  });

  it('tell him once per lead, on every working channel, when a lead failed on all of them', async () => {
    const email = noticeChannel('email');
    const ntfy = noticeChannel('ntfy');
    const id = store.insertLead(sampleLead({ name: 'Sam' }), { channels: ['email', 'ntfy'] });
    store.markAttemptFailed(id, 'email', {
      error: '550 5.7.1 Message rejected: content',
      retryAt: null,
    });
    store.markAttemptFailed(id, 'ntfy', { error: 'HTTP 400 from ntfy.sh', retryAt: null });
    await alertsFor([email.channel, ntfy.channel]).check();
    for (const { notices } of [email, ntfy]) {
      expect(notices.map((notice) => notice.title)).toEqual([
        `Request ${id} from Sam could not be e-mailed to you and could not be pushed to your phone`,
      ]);
      expect(notices[0]!.failures).toEqual([
        { channel: 'email', reason: '550 5.7.1 Message rejected: content' },
        { channel: 'ntfy', reason: 'HTTP 400 from ntfy.sh' },
      ]);
    }
  });

  it('tell him of a delivery over an hour overdue, and not of one still within the hour', async () => {
    const email = noticeChannel('email');
    const webhook = noticeChannel('webhook');
    const late = store.insertLead(sampleLead({ name: 'Late' }), {
      channels: ['email', 'webhook'],
      now: new Date(Date.now() - OVERDUE_AFTER_MS - 60_000),
    });
    store.insertLead(sampleLead({ name: 'Recent' }), {
      channels: ['email', 'webhook'],
      now: new Date(Date.now() - OVERDUE_AFTER_MS + 60_000),
    });
    store.markDelivered(late, 'email');
    await alertsFor([email.channel, webhook.channel]).check();
    expect(email.notices.map((notice) => notice.title)).toEqual([
      `Request ${late} from Late has not been sent to your webhook for over an hour`,
    ]);
    expect(webhook.notices).toEqual([]);
  });

  it('wait for a working channel, and try again at the next check', async () => {
    let down = true;
    const email = noticeChannel('email');
    const ntfy = noticeChannel('ntfy', () => down);
    // Sent by e-mail alone, so no first try elsewhere holds the notice back
    const id = store.insertLead(sampleLead(), { channels: ['email'] });
    store.markAttemptFailed(id, 'email', { error: '550 rejected', retryAt: null });
    let ntfyWorking = false;
    const alerts = alertsFor(
      [email.channel, ntfy.channel],
      (name) => name !== 'ntfy' || ntfyWorking,
    );
    await alerts.check();
    ntfyWorking = true;
    await alerts.check();
    expect(ntfy.notices).toEqual([]);
    down = false;
    await alerts.check();
    await alerts.check();
    expect(ntfy.notices).toHaveLength(1);
  });

  it("wait for the lead's other channels to try once, then name every channel it missed in one notice", async () => {
    const ntfy = noticeChannel('ntfy');
    const alerts = alertsFor([noticeChannel('email').channel, ntfy.channel]);
    const id = store.insertLead(sampleLead({ name: 'Sam' }), { channels: ['email', 'webhook'] });
    store.markAttemptFailed(id, 'email', { error: '550 rejected', retryAt: null });
    await alerts.check(); // the webhook has not tried yet
    const now = new Date();
    store.claimDueDeliveries({ channel: 'webhook', now, staleBefore: now, limit: 1 });
    await alerts.check(); // and is trying
    expect(ntfy.notices).toEqual([]);
    store.markAttemptFailed(id, 'webhook', { error: 'HTTP 410', retryAt: null });
    await alerts.check();
    await alerts.check();
    expect(ntfy.notices.map((notice) => notice.title)).toEqual([
      `Request ${id} from Sam could not be e-mailed to you and could not be sent to your webhook`,
    ]);
  });

  it('wait for a channel that never tries no longer than a few minutes', async () => {
    const ntfy = noticeChannel('ntfy');
    const id = store.insertLead(sampleLead({ name: 'Sam' }), {
      channels: ['email', 'webhook'],
      now: new Date(Date.now() - FIRST_TRIES_WAIT_MS - 1000),
    });
    store.markAttemptFailed(id, 'email', { error: '550 rejected', retryAt: null });
    await alertsFor([ntfy.channel]).check();
    expect(ntfy.notices.map((notice) => notice.title)).toEqual([
      `Request ${id} from Sam could not be e-mailed to you`,
    ]);
  });

  it('count leads, not channels, against the limit of one check, so no lead is split between two notices', () => {
    const failed = [1, 2].map((index) => {
      const id = store.insertLead(sampleLead({ name: `Lead ${index}` }), {
        channels: ['email', 'webhook'],
      });
      for (const channel of ['email', 'webhook'] as const)
        store.markAttemptFailed(id, channel, { error: 'refused', retryAt: null });
      return id;
    });
    const due = store.undeliveredToAnnounce({ overdueBefore: new Date(), limit: 1 });
    expect(due.map(({ lead, channel }) => [lead.id, channel])).toEqual([
      [failed[0], 'email'],
      [failed[0], 'webhook'],
    ]);
  });
});
