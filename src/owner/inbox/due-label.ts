/** How a follow-up date reads against today (both YYYY-MM-DD, New Zealand dates) */
import { formatShortCalendarDay } from '../time.ts';

const DAY_MS = 86_400_000;

/** "Due today", "Due yesterday", "Due 3 days ago"; from a week on, "Due since 3 Mar" */
export function dueLabel(followUp: string, today: string): string {
  const days = Math.round((Date.parse(today) - Date.parse(followUp)) / DAY_MS);
  if (days <= 0) return 'Due today';
  if (days === 1) return 'Due yesterday';
  if (days < 7) return `Due ${days} days ago`;
  return `Due since ${formatShortCalendarDay(followUp)}`;
}
