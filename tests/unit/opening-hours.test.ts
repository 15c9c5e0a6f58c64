/**
 * The wording of the hours and of a closure, made from the facts: every open day is named once,
 * at its own times, and a closure's notice and the emergency claims follow the day.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { business, businessSchema } from '../../src/config/business.ts';
import { hoursText } from '../../src/lib/site-day.ts';
import { HOURS_DAYS, WEEK_DAYS } from '../../src/config/fact-formats.ts';
import {
  availabilityOn,
  closureBoundaries,
  dateWords,
  dayAfter,
  emergencyHelpWords,
  replyWords,
} from '../../src/lib/availability.ts';
import {
  clockWords,
  hoursLines,
  openingHoursSpecification,
  type DayHours,
  type WeekHours,
} from '../../src/lib/opening-hours.ts';

const SHORT = WEEK_DAYS.map((day) => day.slice(0, 3));
const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
  .map(
    ([hours, minutes]) => `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`,
  );
const dayHours: fc.Arbitrary<DayHours> = fc
  .record({ open: fc.boolean(), from: time, to: time })
  .map((day) => (day.from < day.to ? day : { ...day, from: day.to, to: day.from }))
  .filter((day) => day.from < day.to);
const week: fc.Arbitrary<WeekHours> = fc
  .tuple(...HOURS_DAYS.map(() => dayHours))
  .map(
    (days) => Object.fromEntries(HOURS_DAYS.map((key, index) => [key, days[index]!])) as WeekHours,
  );

/** The short day names a line covers: "Mon–Wed, Fri" is Mon, Tue, Wed and Fri */
function daysOfLine(line: string): string[] {
  const days = line.slice(0, line.lastIndexOf(' '));
  return days.split(', ').flatMap((part) => {
    const [first, last] = part.split('–');
    const from = SHORT.indexOf(first!);
    const to = last === undefined ? from : SHORT.indexOf(last);
    return SHORT.slice(from, to + 1);
  });
}

describe('the hours in words', () => {
  it('name every open day once, at its own times, and no closed day', () => {
    fc.assert(
      fc.property(week, (hours) => {
        const lines = hoursLines(hours);
        const named = lines.flatMap(daysOfLine);
        const open = HOURS_DAYS.flatMap((key, index) => (hours[key].open ? [SHORT[index]!] : []));
        expect([...named].sort()).toEqual([...open].sort());
        for (const line of lines) {
          const times = line.slice(line.lastIndexOf(' ') + 1);
          for (const short of daysOfLine(line)) {
            const day = hours[HOURS_DAYS[SHORT.indexOf(short)]!];
            expect(times).toBe(`${clockWords(day.from)}–${clockWords(day.to)}`);
          }
        }
        // Search engines read the same groups
        const spec = openingHoursSpecification(hours);
        expect(spec.flatMap((group) => group.dayOfWeek).sort()).toEqual(
          open.map((short) => WEEK_DAYS[SHORT.indexOf(short)]!).sort(),
        );
      }),
    );
  });

  it('read as people write them', () => {
    expect(clockWords('07:00')).toBe('7am');
    expect(clockWords('12:00')).toBe('12pm');
    expect(clockWords('00:00')).toBe('12am');
    expect(clockWords('17:30')).toBe('5:30pm');
    const closed = { open: false, from: '08:00', to: '16:00' };
    const weekdays = { open: true, from: '07:00', to: '18:00' };
    expect(
      hoursLines({
        monday: weekdays,
        tuesday: weekdays,
        wednesday: weekdays,
        thursday: closed,
        friday: weekdays,
        saturday: { open: true, from: '08:00', to: '12:30' },
        sunday: { open: true, from: '08:00', to: '12:30' },
      }),
    ).toEqual(['Mon–Wed, Fri 7am–6pm', 'Sat, Sun 8am–12:30pm']);
  });

  it('are what business.ts gives every page, from business.json', () => {
    expect(hoursText).toEqual(hoursLines(business.hours));
    expect(hoursText.length).toBeGreaterThan(0);
  });

  it('refuse a day that closes before it opens, and a week with no open day', () => {
    const monday = business.hours.monday;
    expect(
      businessSchema.safeParse({
        ...business,
        hours: { ...business.hours, monday: { ...monday, open: true, from: '18:00', to: '07:00' } },
      }).success,
    ).toBe(false);
    const allClosed = Object.fromEntries(
      HOURS_DAYS.map((key) => [key, { ...business.hours[key], open: false }]),
    );
    expect(businessSchema.safeParse({ ...business, hours: allClosed }).success).toBe(false);
  });
});

describe('a closure', () => {
  const from = '2026-12-24';
  const to = '2027-01-06';
  const facts = (emergencies: boolean) => ({
    ...business,
    claims: { ...business.claims, emergency24x7: true },
    closure: { from, to, emergencies },
  });

  it('shows its notice from its first day to its last, and nothing before or after', () => {
    for (const day of [from, '2026-12-31', to]) {
      const said = availabilityOn(facts(true), day);
      expect(said.closed, day).toBe(true);
      expect(said.notice).toContain(dateWords(from));
      expect(said.notice).toContain(dateWords(to));
      expect(said.notice).toContain(`back ${dateWords(dayAfter(to))}`);
    }
    for (const day of ['2026-12-23', dayAfter(to)])
      expect(availabilityOn(facts(true), day), day).toMatchObject({ closed: false, notice: '' });
    expect(closureBoundaries(facts(true).closure)).toEqual([from, dayAfter(to)]);
  });

  it('keeps the emergency claims while call-outs continue, and drops them while they do not', () => {
    expect(availabilityOn(facts(true), from)).toMatchObject({
      emergencyCallOuts: true,
      emergency24x7: true,
    });
    expect(availabilityOn(facts(true), from).notice).toContain(business.phone.display);
    const none = availabilityOn(facts(false), from);
    expect(none).toMatchObject({ emergencyCallOuts: false, emergency24x7: false });
    expect(none.notice).toContain(business.linesCompany.phoneDisplay);
    expect(none.notice).not.toContain('24/7');
    expect(emergencyHelpWords(none)).toBe(`Closed, back ${dateWords(dayAfter(to))}`);
    expect(emergencyHelpWords(availabilityOn(facts(true), from), 'emergency call-outs')).toBe(
      '24/7 emergency call-outs',
    );
  });

  it('promises a reply when he is back, not shortly', () => {
    const back = dateWords(dayAfter(to));
    expect(replyWords(availabilityOn(facts(true), from))).toBe(
      `we'll be in touch when we're back on ${back}`,
    );
    expect(replyWords(availabilityOn(facts(true), dayAfter(to)))).toBe(
      'we will get back to you shortly',
    );
  });

  it('needs both days, in order, or neither', () => {
    const parse = (closure: object) => businessSchema.safeParse({ ...business, closure }).success;
    expect(parse({ emergencies: true })).toBe(true);
    expect(parse({ from, to, emergencies: false })).toBe(true);
    expect(parse({ from, emergencies: true })).toBe(false);
    expect(parse({ from: to, to: from, emergencies: true })).toBe(false);
    expect(parse({ from: '24/12/2026', to, emergencies: true })).toBe(false);
  });
});
