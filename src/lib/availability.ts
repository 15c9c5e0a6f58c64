/**
 * What the pages say about being available on a given New Zealand day: the notice of a closure
 * ("Closed for a while" in the business facts) while it runs, and the emergency claims as they
 * hold that day. A closure shows from its first day and is gone after its last; the server builds
 * the site again at each of those midnights (src/server/publish/closure-schedule.ts), so a static
 * page never says more than is true.
 */
import { nzFormat } from './time-zone.ts';

/** A closure: its first and last days (YYYY-MM-DD, none when he is not closing), and whether emergency call-outs go on meanwhile */
export interface Closure {
  from?: string | undefined;
  to?: string | undefined;
  emergencies: boolean;
}

export interface AvailabilityFacts {
  closure: Closure;
  claims: { emergency24x7: boolean };
  phone: { display: string };
  linesCompany: { name: string; phoneDisplay: string };
}

export interface Availability {
  /** Whether the business is closed that day */
  closed: boolean;
  /** The strip at the top of every page; empty when there is none */
  notice: string;
  /** Whether emergency call-outs are taken that day */
  emergencyCallOuts: boolean;
  /** Whether they are taken round the clock */
  emergency24x7: boolean;
  /** "7 January", the day he is back, while closed */
  backOn?: string | undefined;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "24 December" */
export function dateWords(day: string): string {
  const [, month = 1, date = 1] = day.split('-').map(Number);
  return `${date} ${MONTHS[month - 1]}`;
}

/** `day` moved by `days` calendar days */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The calendar day after `day` */
export const dayAfter = (day: string): string => addDays(day, 1);

const dayFormat = nzFormat({ year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The New Zealand date of an instant, YYYY-MM-DD, put together from its parts: how a locale lays
 * a date out differs between browsers' date libraries (WebKitGTK's en-CA is not ISO's)
 */
export function nzDateOf(at: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    dayFormat.formatToParts(at).find((each) => each.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Whether the closure has both its days set */
export function closureSet(closure: Closure): closure is Closure & { from: string; to: string } {
  return Boolean(closure.from && closure.to);
}

/**
 * The days at whose start what the pages say changes: the closure's first day and the day after
 * its last (empty without a closure)
 */
export function closureBoundaries(closure: Closure): string[] {
  return closureSet(closure) ? [closure.from, dayAfter(closure.to)] : [];
}

/** The notice of a closure: when, when he is back, and what to do in an emergency meanwhile */
function closureNotice(facts: AvailabilityFacts, from: string, to: string): string {
  const when = from === to ? dateWords(from) : `${dateWords(from)} – ${dateWords(to)}`;
  const back = `back ${dateWords(dayAfter(to))}`;
  return facts.closure.emergencies
    ? `Closed ${when}, ${back}. Emergency call-outs continue: ${facts.phone.display}.`
    : `Closed ${when}, ${back}. No emergency call-outs meanwhile: for a power cut call ${facts.linesCompany.name} on ${facts.linesCompany.phoneDisplay}.`;
}

/** What the pages say on `day` (YYYY-MM-DD, New Zealand's) */
export function availabilityOn(facts: AvailabilityFacts, day: string): Availability {
  const { closure } = facts;
  const closed = closureSet(closure) && closure.from <= day && day <= closure.to;
  if (!closed)
    return {
      closed: false,
      notice: '',
      emergencyCallOuts: true,
      emergency24x7: facts.claims.emergency24x7,
    };
  const emergencyCallOuts = closure.emergencies;
  return {
    closed: true,
    notice: closureNotice(facts, closure.from, closure.to),
    emergencyCallOuts,
    emergency24x7: emergencyCallOuts && facts.claims.emergency24x7,
    backOn: dateWords(dayAfter(closure.to)),
  };
}

/**
 * The day a build speaks for: SITE_DAY when the server building it sets it (its clock decides, so
 * a build at a closure's midnight speaks of the new day), else today in New Zealand
 */
export function buildDay(env: Record<string, string | undefined> = processEnv()): string {
  const given = env['SITE_DAY'];
  return given && /^\d{4}-\d{2}-\d{2}$/.test(given) ? given : nzDateOf(new Date());
}

function processEnv(): Record<string, string | undefined> {
  return (
    (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {}
  );
}

/**
 * An emergency line such as the strip under the header's: "24/7 emergency help" while call-outs
 * go on round the clock, "Emergency help" while they go on otherwise, "Closed, back 7 January"
 * while a closure stops them, so the notice above never sits over a promise not being kept
 */
export function emergencyHelpWords(said: Availability, phrase = 'emergency help'): string {
  if (!said.emergencyCallOuts) return `Closed, back ${said.backOn ?? 'soon'}`;
  return roundTheClockWords(phrase, said.emergency24x7);
}

/** "we will get back to you shortly", or while closed, "we'll be in touch when we're back on 7 January" */
export function replyWords(said: Availability): string {
  if (!said.closed) return 'we will get back to you shortly';
  return said.backOn
    ? `we'll be in touch when we're back on ${said.backOn}`
    : "we'll be in touch when we're back";
}

/** While a closure stops emergency call-outs: "No emergency call-outs until 7 January" */
export function noCallOutsWords(said: Availability): string {
  return `No emergency call-outs until ${said.backOn ?? 'we are back'}`;
}

/** "24/7 emergency call-outs" while call-outs go on round the clock, "Emergency call-outs" if not */
export function roundTheClockWords(phrase: string, emergency24x7: boolean): string {
  return emergency24x7 ? `24/7 ${phrase}` : phrase.charAt(0).toUpperCase() + phrase.slice(1);
}
