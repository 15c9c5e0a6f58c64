/**
 * When a customer is told to expect an answer, on fixture hours and the New Zealand clock,
 * including the days New Zealand's clocks change (daylight saving ends on the first Sunday of
 * April and starts on the last Sunday of September, at 3 am and 2 am local time).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clockText,
  openingHoursText,
  replyTime,
  replyTimeText,
  type ReplySchedule,
} from '../../src/lib/reply-time.ts';

const weekday = { open: true, from: '07:30', to: '17:00' };
/** Fixture hours, unlike the business's own: weekdays 7:30 am to 5 pm, Saturday mornings */
const hours: ReplySchedule = {
  hours: {
    monday: weekday,
    tuesday: weekday,
    wednesday: weekday,
    thursday: weekday,
    friday: weekday,
    saturday: { open: true, from: '09:00', to: '12:00' },
    sunday: { open: false, from: '09:00', to: '12:00' },
  },
};

const textAt = (utc: string, schedule = hours) => replyTimeText(replyTime(new Date(utc), schedule));

describe('the reply time', () => {
  it('says the business is open, and until when, inside its hours', () => {
    // Wednesday 2 December 2026, 10:00 NZDT (UTC+13)
    expect(replyTime(new Date('2026-12-01T21:00:00Z'), hours)).toEqual({
      open: true,
      closes: 1020,
    });
    expect(textAt('2026-12-01T21:00:00Z')).toBe(
      "We're on the tools now, open until 5 pm, and will get back to you as soon as we're off the job.",
    );
  });

  it('names the next opening on a weekday evening, on a Saturday afternoon and before opening', () => {
    // Wednesday 2 December 2026, 19:00 NZDT
    expect(textAt('2026-12-02T06:00:00Z')).toBe(
      "We're closed now; expect to hear from us from 7:30 am tomorrow.",
    );
    // Friday 4 December 2026, 17:00 NZDT: closing time is closed
    expect(textAt('2026-12-04T04:00:00Z')).toBe(
      "We're closed now; expect to hear from us from 9 am tomorrow.",
    );
    // Saturday 5 December 2026, 12:30 NZDT
    expect(textAt('2026-12-04T23:30:00Z')).toBe(
      "We're closed now; expect to hear from us from 7:30 am Monday.",
    );
    // Monday 7 December 2026, 06:00 NZDT
    expect(textAt('2026-12-06T17:00:00Z')).toBe(
      "We're closed now; expect to hear from us from 7:30 am today.",
    );
  });

  it('reads the New Zealand clock on each side of the end of daylight saving (4 April 2027)', () => {
    // Saturday 3 April 2027, 11:00 NZDT (UTC+13): open
    expect(replyTime(new Date('2027-04-02T22:00:00Z'), hours)).toMatchObject({ open: true });
    // Sunday 4 April, 02:30 NZST, after the clocks went back: Monday next
    expect(textAt('2027-04-03T14:30:00Z')).toBe(
      "We're closed now; expect to hear from us from 7:30 am tomorrow.",
    );
    // Monday 5 April, 07:15 NZST (UTC+12): not open yet (at UTC+13 it would read 8:15, open)
    expect(textAt('2027-04-04T19:15:00Z')).toBe(
      "We're closed now; expect to hear from us from 7:30 am today.",
    );
    // Monday 5 April, 16:45 NZST: open (at UTC+13 it would read 17:45, closed)
    expect(replyTime(new Date('2027-04-05T04:45:00Z'), hours)).toMatchObject({ open: true });
  });

  it('reads the New Zealand clock on each side of the start of daylight saving (26 September 2027)', () => {
    // Saturday 25 September 2027, 11:30 NZST (UTC+12): open
    expect(replyTime(new Date('2027-09-24T23:30:00Z'), hours)).toMatchObject({ open: true });
    // Monday 27 September, 07:45 NZDT (UTC+13): open (at UTC+12 it would read 6:45, closed)
    expect(replyTime(new Date('2027-09-26T18:45:00Z'), hours)).toMatchObject({ open: true });
    // Monday 27 September, 17:15 NZDT: closed (at UTC+12 it would read 16:15, open)
    expect(textAt('2027-09-27T04:15:00Z')).toBe(
      "We're closed now; expect to hear from us from 7:30 am tomorrow.",
    );
  });

  it('at any moment, is open until one of the closing times or names an opening at most two days on', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2030, 0, 1) }), (ms) => {
        const reply = replyTime(new Date(ms), hours);
        if (reply.open) return [12 * 60, 17 * 60].includes(reply.closes);
        return (
          reply.inDays !== null && reply.inDays <= 2 && [7 * 60 + 30, 9 * 60].includes(reply.opens)
        );
      }),
    );
  });

  it('counts a closure he has set as closed, and names the first opening after it by its date', () => {
    const closed: ReplySchedule = {
      ...hours,
      closure: { from: '2026-12-24', to: '2027-01-06', emergencies: true },
    };
    // Wednesday 23 December 2026, 10:00 NZDT: open, the day before the closure
    expect(replyTime(new Date('2026-12-22T21:00:00Z'), closed)).toMatchObject({ open: true });
    // Thursday 24 December, 10:00 NZDT: a weekday inside the closure
    expect(textAt('2026-12-23T21:00:00Z', closed)).toBe(
      "We're closed now; expect to hear from us from 7:30 am Thursday 7 January.",
    );
    // Tuesday 5 January 2027, 10:00 NZDT: two days before it ends
    expect(textAt('2027-01-04T21:00:00Z', closed)).toBe(
      "We're closed now; expect to hear from us from 7:30 am Thursday.",
    );
  });

  it('says the hours as the pages do where the moment is not known', () => {
    expect(openingHoursText(hours.hours)).toBe(
      "We'll get back to you in our opening hours: Mon–Fri 7:30am–5pm, Sat 9am–12pm.",
    );
  });

  it('writes times as people say them', () => {
    expect([0, 7 * 60, 7 * 60 + 30, 12 * 60, 18 * 60 + 5].map(clockText)).toEqual([
      '12 am',
      '7 am',
      '7:30 am',
      '12 pm',
      '6:05 pm',
    ]);
  });
});
