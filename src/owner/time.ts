/** Times as the owner reads them: in New Zealand's time zone, in NZ English */
import { nzDateOf } from '../lib/availability.ts';
import { nzFormat } from '../lib/time-zone.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const dayFormat = nzFormat({ day: 'numeric', month: 'short' });
const dayWithYearFormat = nzFormat({ day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = nzFormat({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const yearFormat = nzFormat({ year: 'numeric' });
// A calendar day (YYYY-MM-DD) is read at noon UTC and shown in UTC, so no time zone moves it
const calendarDayLong = new Intl.DateTimeFormat('en-NZ', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const calendarDayShort = new Intl.DateTimeFormat('en-NZ', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
});

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** The day in New Zealand, as YYYY-MM-DD (from its parts, as Safari's engine lays en-CA out otherwise) */
export function nzCalendarDay(date: Date): string {
  return nzDateOf(date);
}

/** "just now", "12 min ago", "3 hours ago", "yesterday", "4 days ago", then "3 Mar" or "3 Mar 2025" */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const elapsed = now.getTime() - then.getTime();
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${plural(Math.floor(elapsed / HOUR), 'hour')} ago`;
  const days = Math.round((Date.parse(nzCalendarDay(now)) - Date.parse(nzCalendarDay(then))) / DAY);
  if (days <= 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return formatDay(iso, now);
}

/** "3 Mar" this year, "3 Mar 2025" another */
export function formatDay(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  return yearFormat.format(date) === yearFormat.format(now)
    ? dayFormat.format(date)
    : dayWithYearFormat.format(date);
}

/** "Tue, 3 Mar 2026, 2:05 pm" */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** A YYYY-MM-DD day (a follow-up date, a day of the numbers) as "3 Mar 2026", read as a calendar day */
export function formatCalendarDay(day: string): string {
  return calendarDayLong.format(new Date(`${day}T12:00:00Z`));
}

/** A YYYY-MM-DD day as "3 Mar", for short labels */
export function formatShortCalendarDay(day: string): string {
  return calendarDayShort.format(new Date(`${day}T12:00:00Z`));
}
