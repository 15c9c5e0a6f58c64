/**
 * The week's opening hours in words and as structured data, made from the one per-day list of the
 * business facts (business.json `hours`), so the footer, the contact page and what search engines
 * read can never disagree: days with the same hours share a line ("Mon–Fri 7am–6pm").
 */
import { HOURS_DAYS, WEEK_DAYS } from '../config/fact-formats.ts';

/** One day: whether the business opens, and from when to when (24-hour HH:MM, ignored when closed) */
export interface DayHours {
  open: boolean;
  from: string;
  to: string;
}

export type WeekHours = Readonly<Record<(typeof HOURS_DAYS)[number], DayHours>>;

/** Days that open at the same times, in the week's order (indexes into WEEK_DAYS) */
export interface HoursGroup {
  days: number[];
  from: string;
  to: string;
}

const SHORT_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** The open days grouped by their times, each group in the order of its first day */
export function hoursGroups(week: WeekHours): HoursGroup[] {
  const groups: HoursGroup[] = [];
  HOURS_DAYS.forEach((key, index) => {
    const { open, from, to } = week[key];
    if (!open) return;
    const same = groups.find((group) => group.from === from && group.to === to);
    if (same) same.days.push(index);
    else groups.push({ days: [index], from, to });
  });
  return groups;
}

/** "7am", "7:30am", "12pm" (noon), "12am" (midnight) */
export function clockWords(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'am' : 'pm';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}${minutes === 0 ? '' : `:${String(minutes).padStart(2, '0')}`}${suffix}`;
}

/** "Mon–Fri", "Sat, Sun", "Mon–Wed, Fri": runs of three or more days joined by a dash */
export function dayWords(days: readonly number[]): string {
  const runs: number[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  return runs
    .flatMap((run) =>
      run.length >= 3
        ? [`${SHORT_DAYS[run[0]!]}–${SHORT_DAYS[run.at(-1)!]}`]
        : run.map((day) => SHORT_DAYS[day]!),
    )
    .join(', ');
}

/** The week as the pages show it, one line per group: ["Mon–Fri 7am–6pm", "Sat 8am–4pm"] */
export function hoursLines(week: WeekHours): string[] {
  return hoursGroups(week).map(
    (group) => `${dayWords(group.days)} ${clockWords(group.from)}–${clockWords(group.to)}`,
  );
}

/** schema.org OpeningHoursSpecification, one per group */
export function openingHoursSpecification(week: WeekHours) {
  return hoursGroups(week).map((group) => ({
    '@type': 'OpeningHoursSpecification' as const,
    dayOfWeek: group.days.map((day) => WEEK_DAYS[day]!),
    opens: group.from,
    closes: group.to,
  }));
}
