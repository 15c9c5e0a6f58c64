/**
 * The facts the privacy statement states, taken from the code that does the collecting: the
 * fields of each form (src/lib/validation.ts), what the lead endpoint adds to them, where a
 * request goes (the built-in endpoint, or a hosted form service set at build time) and what
 * counts visits (the Node server, GoatCounter, or both), so the statement stays true to the build.
 */
import { apiPaths } from '../config/routes.ts';
import { formEndpoint } from './csp.ts';
import { goatCounter } from './goatcounter.ts';
import { HERO_FIELDS, QUOTE_FIELDS, type QuoteField } from './validation.ts';

/** Each form field as the statement names it; a new field is a type error here until it is described */
const FIELD_DESCRIPTIONS: Readonly<Record<QuoteField, string>> = {
  name: 'your name',
  email: 'your email address',
  phone: 'your phone number',
  address: 'your address',
  service: 'the kind of service you need',
  message: 'your message',
};

/** What the server records with every request besides the fields (src/server/leads/lead-fields.ts, store.ts) */
export const RECORDED_WITH_EACH_REQUEST = [
  'the page of this website you sent it from',
  "your browser's user-agent string: the name and version of your browser and operating system, which browsers send with every request",
  'the date and time it arrived',
] as const;

export const PRIVACY_COMMISSIONER = {
  name: 'Office of the Privacy Commissioner',
  url: 'https://www.privacy.org.nz/',
  display: 'privacy.org.nz',
} as const;

/** "a", "a and b", "a, b and c" (no Oxford comma, as New Zealand English usually writes it) */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** What the short home-page form asks for, and what the full quote form asks for on top of that */
export function collectedFields(): { heroForm: string[]; quoteFormAlso: string[] } {
  const hero: readonly QuoteField[] = HERO_FIELDS;
  return {
    heroForm: hero.map((field) => FIELD_DESCRIPTIONS[field]),
    quoteFormAlso: QUOTE_FIELDS.filter((field) => !hero.includes(field)).map(
      (field) => FIELD_DESCRIPTIONS[field],
    ),
  };
}

export interface PrivacySetup {
  /** Host of the hosted form service the forms post to (PUBLIC_FORM_ENDPOINT), or null for our own server */
  formService: string | null;
  /**
   * Whether the site is built for the Node server, which counts page views and (through the
   * script BaseLayout adds for that server) taps on call and e-mail links
   */
  serverCounts: boolean;
  /** Host of the GoatCounter instance that counts visits (PUBLIC_GOATCOUNTER_URL), or null */
  goatCounter: string | null;
}

/** What the build collects and where it sends it, read from the same settings the pages are built from */
export function privacySetup(env: Record<string, string | undefined> = process.env): PrivacySetup {
  const endpoint = formEndpoint(env);
  const builtForServer = endpoint === apiPaths.leads;
  const counter = goatCounter(env);
  return {
    formService: builtForServer || !URL.canParse(endpoint) ? null : new URL(endpoint).host,
    serverCounts: builtForServer,
    goatCounter: counter ? new URL(counter.endpoint).host : null,
  };
}
