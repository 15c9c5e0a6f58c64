/**
 * Builds the site again when what it says about being open changes by the calendar alone: at the
 * New Zealand midnight a closure starts (its notice appears, the emergency claims follow it) and
 * the midnight after its last day (both go). It reads the live (committed) business facts, so an
 * unpublished closure schedules nothing, and compares what the live build says (built for the day
 * the publisher records) with what today's would: a restart, a missed timer or a clock that jumped
 * is caught at the next check, which is never more than CHECK_EVERY_MS away.
 */
import {
  availabilityOn,
  closureBoundaries,
  type AvailabilityFacts,
} from '../../lib/availability.ts';
import { systemTimer, type SetTimer } from '../notify/scheduled-alerts.ts';
import { nzDay, nzDayStart } from '../support/days.ts';
import { BUSINESS_FILE } from './content-paths.ts';
import type { Publisher } from './publisher.ts';

/** The longest wait between checks, whatever the next boundary */
export const CHECK_EVERY_MS = 60 * 60_000;
/** How long after a boundary the check runs, so a timer a little early still finds the new day */
const AFTER_BOUNDARY_MS = 1_000;
/** How soon to look again when a publish was running; after a failed build, twice as long each time, up to CHECK_EVERY_MS */
const RETRY_MS = 5 * 60_000;

export interface ClosureScheduleOptions {
  publisher: Pick<Publisher, 'rebuild' | 'liveDay' | 'liveText' | 'idle'>;
  log?: (message: string, error?: unknown) => void;
  now?: () => Date;
  setTimer?: SetTimer;
}

export interface ClosureSchedule {
  /** Checks now (as at start) and sets the next check; resolves once any build it began has ended */
  check(): Promise<void>;
  close(): void;
}

/** What a build for `day` says that depends on the day */
const wordsOn = (facts: AvailabilityFacts, day: string) => {
  const { notice, emergencyCallOuts, emergency24x7 } = availabilityOn(facts, day);
  return JSON.stringify({ notice, emergencyCallOuts, emergency24x7 });
};

function parseFacts(text: string | undefined): AvailabilityFacts | undefined {
  try {
    const facts = text === undefined ? undefined : (JSON.parse(text) as Partial<AvailabilityFacts>);
    return facts?.closure && facts.claims && facts.phone && facts.linesCompany
      ? (facts as AvailabilityFacts)
      : undefined;
  } catch {
    return undefined;
  }
}

export function startClosureSchedule(options: ClosureScheduleOptions): ClosureSchedule {
  const { publisher } = options;
  const log = options.log ?? console.error;
  const now = options.now ?? (() => new Date());
  const setTimer = options.setTimer ?? systemTimer;
  let cancel: (() => void) | undefined;
  let closed = false;
  /** Scheduled builds failed in a row */
  let failures = 0;

  function wakeIn(ms: number) {
    cancel?.();
    if (closed) return;
    cancel = setTimer(() => void check(), Math.max(0, Math.min(ms, CHECK_EVERY_MS)));
  }

  /** Milliseconds to the next boundary of the closure after now; CHECK_EVERY_MS when none */
  function untilNextBoundary(facts: AvailabilityFacts | undefined): number {
    const at = now().getTime();
    const next = closureBoundaries(facts?.closure ?? { emergencies: true })
      .map((day) => nzDayStart(day).getTime() + AFTER_BOUNDARY_MS)
      .filter((time) => time > at)
      .sort((a, b) => a - b)[0];
    return next === undefined ? CHECK_EVERY_MS : next - at;
  }

  async function check(): Promise<void> {
    if (closed) return;
    const facts = parseFacts(await publisher.liveText(BUSINESS_FILE));
    const today = nzDay(now());
    const built = publisher.liveDay();
    // A build of unknown day is stale only if today's would show a closure
    const stale =
      facts &&
      (built === undefined
        ? availabilityOn(facts, today).closed
        : wordsOn(facts, built) !== wordsOn(facts, today));
    if (!stale || built === today) {
      wakeIn(untilNextBoundary(facts));
      return;
    }
    const started = publisher.rebuild(
      availabilityOn(facts, today).closed
        ? 'The closure notice, from today'
        : 'The site without the closure notice, from today',
    );
    if (!started.started) {
      // A publish is under way: it builds for today itself, and the next check confirms it
      wakeIn(RETRY_MS);
      return;
    }
    await publisher.idle();
    if (publisher.liveDay() === today) {
      failures = 0;
      wakeIn(untilNextBoundary(facts));
      return;
    }
    failures++;
    log('The scheduled build for a closure failed; it is tried again later');
    wakeIn(RETRY_MS * 2 ** Math.min(failures - 1, 4));
  }

  return {
    check,
    close() {
      closed = true;
      cancel?.();
    },
  };
}
