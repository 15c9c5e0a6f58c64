/**
 * When a customer who has just sent a request can expect to hear back, from the business's
 * opening hours and the New Zealand clock: open now (and until when), or closed and opening next
 * at a given day and time. The acknowledgement e-mail and the thank-you message both say it in
 * the same words (replyTimeText), so the two never disagree.
 */
import type { Business } from '../config/business.ts';
import { WEEK_DAYS } from '../config/fact-formats.ts';
import { TIME_ZONE } from './time-zone.ts';

export type OpeningHours = Business['hours'];
type WeekDay = (typeof WEEK_DAYS)[number];

/** Minutes after midnight, New Zealand wall-clock time */
interface Span {
  opens: number;
  closes: number;
}

export type ReplyTime =
  | { open: true; closes: number }
  | {
      open: false;
      /** Days from today to the next opening (0: later today), or null when the hours hold none */
      inDays: number | null;
      weekday: WeekDay;
      opens: number;
    };

const clockFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  weekday: 'long',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/** The weekday and the minutes after midnight of an instant on the New Zealand clock */
function nzClock(at: Date): { weekday: WeekDay; minutes: number } {
  const parts = Object.fromEntries(
    clockFormat.formatToParts(at).map(({ type, value }) => [type, value]),
  );
  return {
    weekday: parts['weekday'] as WeekDay,
    minutes: Number(parts['hour']) * 60 + Number(parts['minute']),
  };
}

const minutesOf = (clock: string) => {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
};

/** The spans the business is open on a weekday, earliest first: the one place that reads the hours' shape */
function spansOn(weekday: WeekDay, hours: OpeningHours): Span[] {
  return hours
    .filter((entry) => (entry.days as readonly string[]).includes(weekday))
    .map((entry) => ({ opens: minutesOf(entry.opens), closes: minutesOf(entry.closes) }))
    .sort((a, b) => a.opens - b.opens);
}

/** Whether the business is open at `at`, and if not, when it opens next */
export function replyTime(at: Date, hours: OpeningHours): ReplyTime {
  const { weekday, minutes } = nzClock(at);
  const today = WEEK_DAYS.indexOf(weekday);
  const current = spansOn(weekday, hours).find(
    (span) => span.opens <= minutes && minutes < span.closes,
  );
  if (current) return { open: true, closes: current.closes };
  for (let inDays = 0; inDays <= 7; inDays++) {
    const day = WEEK_DAYS[(today + inDays) % 7]!;
    const next = spansOn(day, hours).find((span) => inDays > 0 || span.opens > minutes);
    if (next) return { open: false, inDays, weekday: day, opens: next.opens };
  }
  return { open: false, inDays: null, weekday, opens: 0 };
}

/** "7 am", "12:30 pm" */
export function clockText(minutes: number): string {
  const hour = Math.floor(minutes / 60) % 24;
  const minute = minutes % 60;
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}${minute ? `:${String(minute).padStart(2, '0')}` : ''} ${hour < 12 ? 'am' : 'pm'}`;
}

/** The next opening as the customer reads it: "7 am today", "8 am tomorrow", "7 am Monday" */
function openingText(reply: Extract<ReplyTime, { open: false }>): string {
  const day = reply.inDays === 0 ? 'today' : reply.inDays === 1 ? 'tomorrow' : reply.weekday;
  return `${clockText(reply.opens)} ${day}`;
}

/**
 * Marks the element of the thank-you page that the server fills with the reply time at each
 * request; what the build writes there stands where no server does (a static host)
 */
export const REPLY_TIME_ATTRIBUTE = 'data-reply-time';

/** What a page that cannot know the moment says instead: the opening hours, as the pages show them */
export function openingHoursText(hours: OpeningHours): string {
  return `We'll get back to you in our opening hours: ${hours.map((entry) => entry.label).join(', ')}.`;
}

/** What the customer is told to expect, in one sentence */
export function replyTimeText(reply: ReplyTime): string {
  if (reply.open)
    return `We're on the tools now, open until ${clockText(reply.closes)}, and will get back to you as soon as we're off the job.`;
  if (reply.inDays === null) return "We're closed now, and will get back to you as soon as we can.";
  return `We're closed now; expect to hear from us from ${openingText(reply)}.`;
}
