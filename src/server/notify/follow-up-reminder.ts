/**
 * The morning reminder of the follow-ups due: each day at 7:30 am New Zealand time (daylight
 * saving followed), when open requests have a follow-up date of that day or earlier, one alert
 * on every channel that carries alerts names them and opens the inbox.
 *
 * Each New Zealand day is reminded of at most once: a clock set back never repeats a day, and a
 * clock set forward (or a server asleep) past several mornings sends one reminder, which holds
 * every follow-up due by then, and says in the log which mornings it covers. A server started
 * after 7:30 sends its first reminder the next morning (the inbox shows what is due meanwhile);
 * nothing is kept across restarts.
 */
import { ownerPaths } from '../../lib/owner-api/constants.ts';
import type { StoredLead } from '../db/records.ts';
import { oneLine } from '../support/plain-text.ts';
import { addDays } from '../../lib/availability.ts';
import { nzDay, nzHour } from '../support/days.ts';
import type { OwnerAlert } from './channel.ts';
import { sendOwnerAlert } from './owner-alerts.ts';
import { withDefaults, type ScheduledAlertOptions } from './scheduled-alerts.ts';

/** When the reminder goes, New Zealand time */
export const REMINDER_HOUR = 7;
export const REMINDER_MINUTE = 30;
/** How often the clock is looked at again, so a jump of the wall clock is noticed */
const LOOK_AGAIN_MS = 10 * 60_000;
/** Requests named in one reminder; the inbox lists them all */
const NAMED_AT_MOST = 10;

/** The instant it is 7:30 am on `day` (YYYY-MM-DD) in New Zealand: 18:30 or 19:30 UTC the day before */
export function reminderTimeOn(day: string): Date {
  for (const utcHour of [18, 19]) {
    const at = new Date(`${addDays(day, -1)}T${utcHour}:${REMINDER_MINUTE}:00Z`);
    if (nzDay(at) === day && nzHour(at) === REMINDER_HOUR) return at;
  }
  throw new Error(`No 7:30 am found on ${day} in New Zealand`);
}

/** The last New Zealand day whose 7:30 am has come by `now` */
export function lastReminderDay(now: Date): string {
  const today = nzDay(now);
  return now >= reminderTimeOn(today) ? today : addDays(today, -1);
}

/** The reminder of `due` (open requests whose follow-up date has come by `day`) */
export function followUpAlert(
  due: readonly StoredLead[],
  day: string,
  siteUrl: string,
): OwnerAlert {
  const count = due.length;
  const lines = due.slice(0, NAMED_AT_MOST).map((lead) => {
    const reach = lead.phone ? `, ${oneLine(lead.phone, 40)}` : '';
    const when = lead.followUp === day ? 'due today' : `due ${lead.followUp}`;
    return `${oneLine(lead.name, 80)}${reach} (${when})`;
  });
  return {
    title: `Call back today: ${count} request${count === 1 ? '' : 's'}`,
    text: [...lines, ...(count > NAMED_AT_MOST ? [`and ${count - NAMED_AT_MOST} more`] : [])].join(
      '\n',
    ),
    key: `follow-ups-${day}`,
    link: `${siteUrl}${ownerPaths.page}`,
    kind: 'follow-ups',
  };
}

export interface FollowUpReminders {
  /** Resolves once the reminder a look at the clock started (if any) has gone */
  settled(): Promise<void>;
  close(): void;
}

export function startFollowUpReminders(options: ScheduledAlertOptions): FollowUpReminders {
  const { store, channels, siteUrl, log, now, setTimer } = withDefaults(options);
  /** The last day reminded of (or passed by before the start) */
  let remindedDay = lastReminderDay(now());
  let cancel: (() => void) | undefined;
  let sending: Promise<void> = Promise.resolve();
  let closed = false;

  async function remind(day: string) {
    const due = await store.followUpsDue(day, 500);
    if (due.length > 0) await sendOwnerAlert(channels, followUpAlert(due, day, siteUrl), log);
  }

  function look() {
    if (closed) return;
    const at = now();
    const day = lastReminderDay(at);
    if (day > remindedDay) {
      const missed = addDays(remindedDay, 1);
      if (missed < day)
        log(
          `The clock moved past the follow-up reminders from ${missed}; the one for ${day} holds every follow-up due`,
        );
      remindedDay = day;
      sending = sending
        .then(() => remind(day))
        .catch((error: unknown) => log(`The follow-up reminder for ${day} failed`, error));
    }
    const nextMs = reminderTimeOn(addDays(day, 1)).getTime() - at.getTime();
    cancel = setTimer(look, Math.max(1000, Math.min(nextMs, LOOK_AGAIN_MS)));
  }

  look();
  return {
    settled: () => sending,
    close() {
      closed = true;
      cancel?.();
    },
  };
}
