/** Days as the owner lives them: calendar dates in New Zealand time, written YYYY-MM-DD */

import { addDays, nzDateOf } from '../../lib/availability.ts';
import { nzFormat, TIME_ZONE } from '../../lib/time-zone.ts';

const hourFormat = nzFormat({ hour: 'numeric', hourCycle: 'h23' });
const dateTimeFormat = nzFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** "26 Nov 2026, 2:05 pm", New Zealand time */
export function nzDateTime(at: Date): string {
  return dateTimeFormat.format(at);
}

/** The New Zealand date of an instant */
export function nzDay(at: Date): string {
  return nzDateOf(at);
}

/** The New Zealand hour (0–23) of an instant */
export function nzHour(at: Date): number {
  return Number(hourFormat.format(at));
}

/** The Monday of the week `day` is in */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** Every day from `from` to `to`, both included */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The instant a New Zealand day starts (midnight there), for comparing with stored UTC times */
export function nzDayStart(day: string): Date {
  // Midnight in Auckland is 11:00 or 12:00 UTC the day before; pick the one that maps back to `day`
  for (const hours of [11, 12, 13]) {
    const candidate = new Date(`${addDays(day, -1)}T${String(hours).padStart(2, '0')}:00:00Z`);
    if (nzDay(candidate) === day && nzHour(candidate) === 0) return candidate;
  }
  throw new Error(`No midnight found for ${day} in ${TIME_ZONE}`);
}
