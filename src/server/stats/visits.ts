/**
 * Which requests count as a visit by a person: not a bot or a monitor (by its user agent), not a
 * prefetch, and not from a browser that asks not to be tracked (DNT or Global Privacy Control);
 * and a page read again by the same visitor within a few minutes (a reload, a step back, a
 * script hammering it) is one view.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

/** Crawlers, link previews, monitors and scripts name themselves in their user agent */
const NOT_A_PERSON =
  /(?<!cu)bot|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|headless|lighthouse|pingdom|uptime|monitor|curl|wget|python|go-http|java\/|okhttp|axios|node-fetch|node\.js|undici|libwww|httpclient|scrapy/i;

/** Node's headers or a Fetch request's */
type AnyHeaders = IncomingHttpHeaders | Headers;

/** A header's value, trimmed; '' when it is missing */
export function header(headers: AnyHeaders, name: string): string {
  if (headers instanceof Headers) return (headers.get(name) ?? '').trim();
  const value = headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim();
}

/** Whether the browser asked not to be tracked */
function optsOut(headers: AnyHeaders): boolean {
  return header(headers, 'dnt') === '1' || header(headers, 'sec-gpc') === '1';
}

/** Whether the request comes from a person's browser that lets itself be counted */
export function isCountedPerson(headers: AnyHeaders): boolean {
  if (optsOut(headers)) return false;
  const agent = header(headers, 'user-agent');
  return agent !== '' && !NOT_A_PERSON.test(agent);
}

export function isCountedVisit(headers: AnyHeaders): boolean {
  if (!isCountedPerson(headers)) return false;
  const purpose =
    `${header(headers, 'sec-purpose')} ${header(headers, 'purpose')} ${header(headers, 'x-moz')}`.toLowerCase();
  if (purpose.includes('prefetch') || purpose.includes('prerender')) return false;
  const destination = header(headers, 'sec-fetch-dest');
  return destination === '' || destination === 'document';
}

/** How long a page read again by the same visitor stays one view */
export const REPEAT_VIEW_WINDOW_MS = 5 * 60_000;

export interface RepeatViewFilterOptions {
  windowMs?: number;
  /** Visitor and page pairs held at most: a flood of addresses or paths cannot grow the map further */
  maxEntries?: number;
  /** Who is viewing; behind a reverse proxy, the address it forwards */
  clientAddress?: (req: IncomingMessage) => string;
  now?: () => number;
}

export interface RepeatViewFilter {
  /** Whether `req` is the visitor's first view of `path` within the window; a first view starts the window */
  isFirstView(req: IncomingMessage, path: string): boolean;
  /** Visitor and page pairs held */
  readonly size: number;
}

/**
 * Remembers, in memory only, when each visitor last had a page counted. The pairs are held in the
 * order their windows started, so the expired ones are always first; when the map is full the
 * oldest go (at worst, such a visitor is counted again early).
 */
export function createRepeatViewFilter({
  windowMs = REPEAT_VIEW_WINDOW_MS,
  maxEntries = 10_000,
  clientAddress = (req) => req.socket.remoteAddress ?? '',
  now = Date.now,
}: RepeatViewFilterOptions = {}): RepeatViewFilter {
  const windowStarts = new Map<string, number>();
  return {
    isFirstView(req, path) {
      const at = now();
      const key = `${clientAddress(req)} ${path}`;
      const started = windowStarts.get(key);
      // A window that starts in the future began before the clock stepped back: it is over
      if (started !== undefined && at >= started && at - started < windowMs) return false;
      windowStarts.delete(key);
      for (const [oldest, oldestStart] of windowStarts) {
        if (at >= oldestStart && at - oldestStart < windowMs && windowStarts.size < maxEntries)
          break;
        windowStarts.delete(oldest);
      }
      windowStarts.set(key, at);
      return true;
    },
    get size() {
      return windowStarts.size;
    },
  };
}
