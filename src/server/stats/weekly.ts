/**
 * The owner's weekly summary (STATS_WEEKLY=1): on Monday morning, New Zealand time, last week's
 * visits, calls, e-mails and quote requests, the five pages that brought the most contact (named
 * as his Numbers name them), and
 * any quote request still not delivered, sent through the channels that can carry it (e-mail,
 * the webhook). Each week is claimed in the database before it is sent, so it goes out once,
 * restarts or not; a week whose every send failed is released and tried again an hour later.
 */
import { withDeadline } from '../support/deadline.ts';
import type { AsyncLeadStore } from '../db/async-store.ts';
import type { Channel, OwnerReport } from '../notify/channel.ts';
import { addDays } from '../../lib/availability.ts';
import { mondayOf, nzDay, nzHour } from '../support/days.ts';
import type { PageTitles } from './page-titles.ts';
import { collectReport, type Period, type Report } from './report.ts';

/** The hour on Monday (New Zealand time) from which last week's summary is due */
export const SUMMARY_HOUR = 8;
const CHECK_EVERY_MS = 60 * 60_000;
const SEND_TIMEOUT_MS = 2 * 60_000;

/** The week's summary as a report for the owner's channels: text for the e-mail, figures for the webhook */
export function weeklyReport(week: Period, report: Report, undelivered: number): OwnerReport {
  return {
    title: `Website summary for the week of ${week.from}`,
    text: summaryText(report, undelivered),
    json: {
      type: 'weekly-summary',
      week,
      totals: report.totals,
      trend: report.trend,
      topPages: report.pages.filter((page) => page.contacts > 0).slice(0, 5),
      // Quote requests with a delivery to the owner still waiting or given up
      undelivered,
    },
    key: `weekly-summary-${week.from}`,
  };
}

/** The week whose summary is due at `at`, or null before Monday's hour */
export function dueWeek(at: Date): Period | null {
  const today = nzDay(at);
  const monday = mondayOf(today);
  if (today === monday && nzHour(at) < SUMMARY_HOUR) return null;
  const from = addDays(monday, -7);
  return { from, to: addDays(from, 6) };
}

export function summaryText(report: Report, undelivered: number): string {
  const { totals } = report;
  const top = report.pages.filter((page) => page.contacts > 0).slice(0, 5);
  return [
    `The website, ${report.period.from} to ${report.period.to}:`,
    '',
    `Visits (page views): ${totals.views}`,
    `Calls (taps on the phone number): ${totals.calls}`,
    `E-mails (taps on the e-mail address): ${totals.emails}`,
    `Quote requests: ${totals.quotes}`,
    '',
    top.length > 0
      ? 'The pages that brought the most contact:'
      : 'No page brought contact this week.',
    ...top.map(
      (page, index) => `${index + 1}. ${page.title}: ${page.contacts} (of ${page.views} views)`,
    ),
    '',
    undelivered > 0
      ? `${undelivered} quote request(s) have not reached you yet: run npm run leads on the server.`
      : 'Every quote request has reached you.',
    '',
    'The whole report: npm run stats -- --days 7',
  ].join('\n');
}

export function startWeeklySummaries({
  store,
  channels,
  titles,
  log = console.error,
  now = () => new Date(),
}: {
  store: AsyncLeadStore;
  channels: readonly Channel[];
  /** The pages' names as his Numbers give them; without, pages are named by their paths */
  titles?: PageTitles | undefined;
  log?: (message: string, error?: unknown) => void;
  now?: () => Date;
}) {
  const senders = channels.filter((channel) => channel.sendReport);

  async function send(summary: OwnerReport): Promise<boolean> {
    const results = await Promise.allSettled(
      senders.map((channel) =>
        withDeadline((signal) => channel.sendReport!(summary, signal), SEND_TIMEOUT_MS),
      ),
    );
    results.forEach((result, index) => {
      if (result.status === 'rejected')
        log(`The weekly summary could not be sent by ${senders[index]!.name}`, result.reason);
    });
    return results.some((result) => result.status === 'fulfilled');
  }

  /** Sends the summary now due, unless it was sent already */
  async function sendDue(): Promise<void> {
    const week = dueWeek(now());
    if (!week || senders.length === 0) return;
    if (!(await store.claimWeeklySummary(week.from, now()))) return;
    try {
      const report = await collectReport(store, week, { titles });
      const undelivered = (await store.health()).reduce(
        (total, channel) => total + channel.waiting + channel.failed,
        0,
      );
      if (await send(weeklyReport(week, report, undelivered))) return;
    } catch (error) {
      log('The weekly summary could not be made', error);
    }
    await store.releaseWeeklySummary(week.from);
  }

  /** One check at a time: a later call waits for the one in flight */
  let inFlight: Promise<void> | undefined;
  function check(): Promise<void> {
    inFlight ??= sendDue()
      .catch((error: unknown) => log('The weekly summary check failed', error))
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  }

  const running = () => void check();
  running();
  const timer = setInterval(running, CHECK_EVERY_MS);
  timer.unref();
  return {
    check,
    close: () => clearInterval(timer),
  };
}
