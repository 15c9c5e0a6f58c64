/**
 * When a customer who has just sent a request can expect to hear back, from the business's
 * opening hours, a closure he has set and the New Zealand clock: open now (and until when), or
 * closed and opening next at a given day and time. The acknowledgement e-mail and the thank-you message both say it in
 * the same words (replyTimeText), so the two never disagree.
 */
import { HOURS_DAYS, WEEK_DAYS } from '../config/fact-formats.ts';
import { addDays, closureSet, dateWords, nzDateOf, type Closure } from './availability.ts';
import { hoursLines, type WeekHours } from './opening-hours.ts';
import { TIME_ZONE } from './time-zone.ts';

/** What the reply time is worked out from: the week's hours, and a closure, if one is set */
export interface ReplySchedule {
  hours: WeekHours;
  closure?: Closure | undefined;
}

type WeekDay = (typeof WEEK_DAYS)[number];

export type ReplyTime =
  | { open: true; closes: number }
  | {
      open: false;
      /** Days from today to the next opening (0: later today), or null when the hours hold none */
      inDays: number | null;
      weekday: WeekDay;
      /** That day, YYYY-MM-DD */
      day: string;
      opens: number;
    };

/** How far ahead an opening is looked for: a closure may run for months, not for years */
const LOOK_AHEAD_DAYS = 366;

const clockFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/** Minutes after midnight of an instant on the New Zealand clock */
function nzMinutes(at: Date): number {
  const parts = Object.fromEntries(
    clockFormat.formatToParts(at).map(({ type, value }) => [type, value]),
  );
  return Number(parts['hour']) * 60 + Number(parts['minute']);
}

const minutesOf = (clock: string) => {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
};

/** The weekday of a date (YYYY-MM-DD), Monday first */
const weekdayIndexOf = (day: string) => (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7;

/** When the business is open on a date, in minutes after midnight: none on a closed day or during a closure */
function openingOn(day: string, { hours, closure }: ReplySchedule) {
  if (closure && closureSet(closure) && closure.from <= day && day <= closure.to) return undefined;
  const { open, from, to } = hours[HOURS_DAYS[weekdayIndexOf(day)]!];
  return open ? { opens: minutesOf(from), closes: minutesOf(to) } : undefined;
}

/** Whether the business is open at `at`, and if not, when it opens next */
export function replyTime(at: Date, schedule: ReplySchedule): ReplyTime {
  const today = nzDateOf(at);
  const minutes = nzMinutes(at);
  const now = openingOn(today, schedule);
  if (now && now.opens <= minutes && minutes < now.closes)
    return { open: true, closes: now.closes };
  for (let inDays = 0; inDays <= LOOK_AHEAD_DAYS; inDays++) {
    const day = addDays(today, inDays);
    const opening = openingOn(day, schedule);
    if (opening && (inDays > 0 || opening.opens > minutes))
      return {
        open: false,
        inDays,
        weekday: WEEK_DAYS[weekdayIndexOf(day)]!,
        day,
        opens: opening.opens,
      };
  }
  return {
    open: false,
    inDays: null,
    weekday: WEEK_DAYS[weekdayIndexOf(today)]!,
    day: today,
    opens: 0,
  };
}

/** "7 am", "12:30 pm" */
export function clockText(minutes: number): string {
  const hour = Math.floor(minutes / 60) % 24;
  const minute = minutes % 60;
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}${minute ? `:${String(minute).padStart(2, '0')}` : ''} ${hour < 12 ? 'am' : 'pm'}`;
}

/** The next opening as the customer reads it: "7 am today", "8 am tomorrow", "7 am Monday", "7 am Thursday 7 January" */
function openingText(reply: Extract<ReplyTime, { open: false }>): string {
  const day =
    reply.inDays === 0
      ? 'today'
      : reply.inDays === 1
        ? 'tomorrow'
        : reply.inDays! < 7
          ? reply.weekday
          : `${reply.weekday} ${dateWords(reply.day)}`;
  return `${clockText(reply.opens)} ${day}`;
}

/**
 * Marks the element of the thank-you page that the server fills with the reply time at each
 * request; what the build writes there stands where no server does (a static host)
 */
export const REPLY_TIME_ATTRIBUTE = 'data-reply-time';

/** What a page that cannot know the moment says instead: the opening hours, as the pages show them */
export function openingHoursText(hours: WeekHours): string {
  return `We'll get back to you in our opening hours: ${hoursLines(hours).join(', ')}.`;
}

/** What the customer is told to expect, in one sentence */
export function replyTimeText(reply: ReplyTime): string {
  if (reply.open)
    return `We're on the tools now, open until ${clockText(reply.closes)}, and will get back to you as soon as we're off the job.`;
  if (reply.inDays === null) return "We're closed now, and will get back to you as soon as we can.";
  return `We're closed now; expect to hear from us from ${openingText(reply)}.`;
}
