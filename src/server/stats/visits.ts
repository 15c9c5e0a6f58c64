/**
 * Which requests count as a visit by a person: not a bot or a monitor (by its user agent), not a
 * prefetch, and not from a browser that asks not to be tracked (DNT or Global Privacy Control).
 */
import type { IncomingHttpHeaders } from 'node:http';

/** Crawlers, link previews, monitors and scripts name themselves in their user agent */
const NOT_A_PERSON =
  /(?<!cu)bot|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|headless|lighthouse|pingdom|uptime|monitor|curl|wget|python|go-http|java\/|okhttp|axios|node-fetch|node\.js|undici|libwww|httpclient|scrapy/i;

function header(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim();
}

/** Whether the browser asked not to be tracked */
function optsOut(headers: IncomingHttpHeaders): boolean {
  return header(headers, 'dnt') === '1' || header(headers, 'sec-gpc') === '1';
}

/** Whether the request comes from a person's browser that lets itself be counted */
export function isCountedPerson(headers: IncomingHttpHeaders): boolean {
  if (optsOut(headers)) return false;
  const agent = header(headers, 'user-agent');
  return agent !== '' && !NOT_A_PERSON.test(agent);
}

export function isCountedVisit(headers: IncomingHttpHeaders): boolean {
  if (!isCountedPerson(headers)) return false;
  const purpose = `${header(headers, 'sec-purpose')} ${header(headers, 'purpose')} ${header(headers, 'x-moz')}`.toLowerCase();
  if (purpose.includes('prefetch') || purpose.includes('prerender')) return false;
  const destination = header(headers, 'sec-fetch-dest');
  return destination === '' || destination === 'document';
}
