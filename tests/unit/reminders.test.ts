/**
 * What the owner is reminded of beside each lead's delivery, on a fake clock: an emergency he
 * has not opened is announced again at 5, 10 and 15 minutes until he opens it, and the
 * follow-ups due are sent at 7:30 am New Zealand time, once a day whatever the clock does.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMERGENCY_SERVICE } from '../../src/config/quote.ts';
import { inProcessStore } from '../../src/server/db/async-store.ts';
import type { LeadStore } from '../../src/server/db/records.ts';
import type { Channel, OwnerAlert } from '../../src/server/notify/channel.ts';
import { startEscalations } from '../../src/server/notify/escalation.ts';
import {
  reminderTimeOn,
  startFollowUpReminders,
} from '../../src/server/notify/follow-up-reminder.ts';
import { addDays } from '../../src/lib/availability.ts';
import { leadStorePerTest, sampleLead } from '../support/leads.ts';

const MINUTE = 60_000;
const siteUrl = 'https://sparks.example.nz';

let store: LeadStore;
const cleanups = leadStorePerTest('leads-reminders-', (opened) => (store = opened.store));
afterEach(() => {
  vi.useRealTimers();
});

/** A channel that keeps each alert it is given, with the moment it came */
function alertChannel() {
  const alerts: Array<OwnerAlert & { at: number }> = [];
  const channel: Channel = {
    name: 'ntfy',
    deliver: () => Promise.resolve(),
    sendAlert: (alert) => {
      alerts.push({ ...alert, at: Date.now() });
      return Promise.resolve();
    },
  };
  return { channel, alerts };
}

describe('an emergency request', () => {
  function escalating() {
    const { channel, alerts } = alertChannel();
    const escalations = startEscalations({
      store: inProcessStore(store),
      channels: [channel],
      siteUrl,
      log: () => {},
    });
    cleanups.push(() => escalations.close());
    return { escalations, alerts };
  }

  it('is announced again at 5, 10 and 15 minutes, urgent and opening it, then no more', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const came = Date.now();
    const id = store.insertLead(sampleLead({ name: 'Aroha Ngata', service: EMERGENCY_SERVICE }));
    store.insertLead(sampleLead({ name: 'Not Urgent' }));
    const { escalations, alerts } = escalating();
    await escalations.check();
    await vi.advanceTimersByTimeAsync(5 * MINUTE - 1);
    expect(alerts).toEqual([]);
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    expect(alerts.map((alert) => (alert.at - came) / MINUTE)).toEqual([5, 10, 15]);
    expect(alerts[0]).toMatchObject({
      title: 'Emergency, not opened yet: Aroha Ngata',
      text: expect.stringContaining('Call 021 555 0199') as unknown,
      link: `${siteUrl}/owner#lead/${id}`,
      urgent: true,
    });
  });

  it('stops as soon as the owner opens it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const id = store.insertLead(sampleLead({ service: EMERGENCY_SERVICE }));
    const { escalations, alerts } = escalating();
    await escalations.check();
    await vi.advanceTimersByTimeAsync(6 * MINUTE);
    expect(alerts).toHaveLength(1);
    store.updateLead(id, { readAt: new Date() });
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    expect(alerts).toHaveLength(1);
  });

  it('after a restart, goes on from its next mark for one younger than 15 minutes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const came = Date.now();
    store.insertLead(sampleLead({ service: EMERGENCY_SERVICE }));
    await vi.advanceTimersByTimeAsync(7 * MINUTE);
    const { alerts } = escalating();
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    expect(alerts.map((alert) => (alert.at - came) / MINUTE)).toEqual([10, 15]);
  });
});

describe('the follow-up reminder', () => {
  /** 2026-11-27 at hh:mm in Auckland (daylight time, UTC+13) */
  const aucklandTime = (day: string, hours: number, minutes = 0) =>
    new Date(reminderTimeOn(day).getTime() + ((hours - 7) * 60 + minutes - 30) * MINUTE);
  const today = '2026-11-27';

  function reminding() {
    const { channel, alerts } = alertChannel();
    const logged: string[] = [];
    const reminders = startFollowUpReminders({
      store: inProcessStore(store),
      channels: [channel],
      siteUrl,
      log: (message) => logged.push(message),
    });
    cleanups.push(() => reminders.close());
    return { reminders, alerts, logged };
  }

  it('is 7:30 am in Auckland in daylight time and in standard time', () => {
    expect(reminderTimeOn('2026-11-27').toISOString()).toBe('2026-11-26T18:30:00.000Z');
    expect(reminderTimeOn('2026-06-15').toISOString()).toBe('2026-06-14T19:30:00.000Z');
    // The mornings daylight saving starts and ends
    expect(reminderTimeOn('2026-09-27').toISOString()).toBe('2026-09-26T18:30:00.000Z');
    expect(reminderTimeOn('2026-04-05').toISOString()).toBe('2026-04-04T19:30:00.000Z');
  });

  it('names at 7:30 am the open requests due yesterday or today, and opens the inbox', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'Date'],
      now: aucklandTime(today, 6),
    });
    const yesterday = addDays(today, -1);
    const due = store.insertLead(sampleLead({ name: 'Aroha Ngata' }));
    store.updateLead(due, { followUp: yesterday });
    store.updateLead(store.insertLead(sampleLead({ name: 'Tomorrow Person' })), {
      followUp: addDays(today, 1),
    });
    store.updateLead(store.insertLead(sampleLead({ name: 'Won Already' })), {
      followUp: yesterday,
      status: 'won',
    });
    const { alerts } = reminding();
    await vi.advanceTimersByTimeAsync(90 * MINUTE - 1);
    expect(alerts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(alerts).toEqual([
      {
        title: 'Call back today: 1 request',
        text: `Aroha Ngata, 021 555 0199 (due ${yesterday})`,
        key: `follow-ups-${today}`,
        link: `${siteUrl}/owner`,
        kind: 'follow-ups',
        at: aucklandTime(today, 7, 30).getTime(),
      },
    ]);
  });

  it('never comes twice for a day when the clock is set back, nor skips a day silently when set forward', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'Date'],
      now: aucklandTime(today, 7),
    });
    store.updateLead(store.insertLead(sampleLead()), { followUp: addDays(today, -3) });
    const { alerts, logged } = reminding();
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(alerts.map((alert) => alert.key)).toEqual([`follow-ups-${today}`]);
    // Set back past 7:30 am: the morning comes again, the reminder does not
    vi.setSystemTime(aucklandTime(today, 6, 50));
    await vi.advanceTimersByTimeAsync(2 * 60 * MINUTE);
    expect(alerts).toHaveLength(1);
    // Set forward two days: one reminder, holding all that is due, and the log says what it covers
    vi.setSystemTime(aucklandTime(addDays(today, 2), 9));
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(alerts.map((alert) => alert.key)).toEqual([
      `follow-ups-${today}`,
      `follow-ups-${addDays(today, 2)}`,
    ]);
    expect(logged).toEqual([expect.stringContaining(addDays(today, 1))]);
  });

  it('after a start later than 7:30 am, comes the next morning', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'Date'],
      now: aucklandTime(today, 9),
    });
    store.updateLead(store.insertLead(sampleLead()), { followUp: today });
    const { alerts } = reminding();
    await vi.advanceTimersByTimeAsync(24 * 60 * MINUTE);
    expect(alerts.map((alert) => alert.key)).toEqual([`follow-ups-${addDays(today, 1)}`]);
  });
});
