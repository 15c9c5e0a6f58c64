/**
 * The business's facts: the one place that holds the name, phone, e-mail, hours and every claim.
 * The values are in business.json, which the owner's editor rewrites; this module checks them
 * against the schema below (an invalid value fails the build, the server's start and the tests)
 * and gives every page the same parsed facts. Values the site ships with until the owner supplies
 * his own are known by value (placeholders.ts); `npm run check:launch` lists what is left.
 *
 * The limits are the editor's too: each of its fields mirrors one here (name, required or not,
 * type, choices and length), so keep them explicit.
 */
import { z } from 'zod';
import facts from '../content/business.json' with { type: 'json' };
import { CLOCK_TIME_PATTERN, E164_PATTERN, PRICE_RANGES, WEEK_DAYS } from './fact-formats.ts';

/** A New Zealand number in E.164, for tel: links and structured data */
const e164 = z.string().regex(E164_PATTERN);
/** A web address a visitor may follow: http or https, never a script or data address */
const webAddress = z.url({ protocol: /^https?$/ });
/** A phone number as people read it, e.g. '09 000 0000' */
const phoneDisplay = z.string().min(7).max(20);
/** 24-hour local time, HH:MM */
const clockTime = z.string().regex(CLOCK_TIME_PATTERN);

const dayHours = z.object({
  /** schema.org day names, e.g. ['Monday', 'Tuesday'] */
  days: z.array(z.enum(WEEK_DAYS)).min(1).max(7),
  opens: clockTime,
  closes: clockTime,
  /** How the hours read on the page, e.g. 'Mon–Fri 7am–6pm' */
  label: z.string().min(3).max(40),
});

export const businessSchema = z.object({
  /** The full name, e.g. in titles, the footer and structured data (placeholder until launch) */
  name: z.string().min(3).max(60),
  /** The name the header shows; `npm run check:launch` warns when a phone cannot fit it on two lines (placeholder until launch) */
  shortName: z.string().min(3).max(40),
  /** The owner's first name, as the pages speak of him (placeholder until launch) */
  owner: z.string().min(2).max(30),
  /** Phone as people read it, and in E.164 (placeholder until launch) */
  phone: z.object({ display: phoneDisplay, e164 }),
  /** Where quote requests can be answered (placeholder until launch; any example.com address is one) */
  email: z.email().max(100),
  /** Canonical origin when SITE_URL is not set (placeholder until launch) */
  defaultOrigin: webAddress,
  address: z.object({
    locality: z.string().min(2).max(60),
    region: z.string().min(2).max(40),
    country: z.literal('NZ'),
  }),
  /** Where the business is based, to 5 decimal places, or search engines will not place it (placeholder until launch) */
  geo: z.object({ latitude: z.number().min(-47.5).max(-34), longitude: z.number().min(166).max(179) }),
  serviceArea: z.object({
    /** Where the business goes first, e.g. 'East Auckland' */
    priority: z.string().min(3).max(40),
    /** How far it goes, e.g. 'all of Auckland' */
    covered: z.string().min(3).max(60),
    summary: z.string().min(10).max(100),
  }),
  hours: z.array(dayHours).min(1).max(7),
  priceRange: z.enum(PRICE_RANGES),
  claims: z.object({
    yearsExperience: z.number().int().positive().max(80),
    licensedAndInsured: z.literal(true),
    emergency24x7: z.boolean(),
    rating: z.object({ value: z.number().min(1).max(5), best: z.literal(5), worst: z.literal(1) }),
    /** Share of customers satisfied, in per cent */
    satisfactionPercent: z.number().min(0).max(100),
    /** Aim for arriving at an emergency where a suburb page states it, e.g. '1–2 hours' */
    emergencyResponseAim: z.string().min(3).max(30),
    /** What most other jobs can expect, e.g. 'same-day' */
    typicalService: z.string().min(3).max(30),
    /** Quote turnaround and validity (quote page FAQ) */
    quoteTurnaround: z.string().min(3).max(30),
    quoteValidDays: z.number().int().positive().max(365),
  }),
  registration: z.object({
    body: z.string().min(3).max(80),
    /** The owner's registration number (placeholder until launch) */
    number: z.string().min(1).max(20),
    registerUrl: webAddress,
  }),
  /** Trade memberships the business really holds; empty until the owner names one */
  memberships: z.array(z.string().min(2).max(80)),
  /** The business's own pages (placeholders until launch: a network's front page is one) */
  social: z.array(z.object({ name: z.string().min(2).max(30), url: webAddress })),
  /**
   * Where the rating comes from: the site's name as it reads after a count ('68 Google reviews'),
   * the business's own listing there, and how many reviews that listing holds (placeholders until
   * launch: the site's front page, and the count 68)
   */
  reviewSite: z.object({ name: z.string().min(3).max(40), url: webAddress, reviewCount: z.number().int().positive() }),
  /**
   * How many of the listing's reviews are by each suburb page's customers, by the suburb's name as
   * its page has it (areaName in src/content/areas). A suburb page shows its share beside the one
   * rating; no share can exceed the listing's count, nor can they together (`npm run check:launch`).
   * SPEC.md's sample figures until launch.
   */
  reviewShares: z.array(z.object({ name: z.string().min(3).max(60), reviews: z.number().int().nonnegative() })),
  /** Lines company for power cuts and fallen lines in most of Auckland */
  linesCompany: z.object({ name: z.string().min(2).max(40), phoneDisplay, phoneE164: e164 }),
  /**
   * A short notice every public page shows at the very top while it is set, e.g. 'Away 24 Dec –
   * 6 Jan: for emergencies call 0800 …'; empty shows nothing
   */
  notice: z.string().trim().max(200).default(''),
});

export type Business = z.infer<typeof businessSchema>;

export const business: Business = businessSchema.parse(facts);

/** "30+ years", the one wording of the experience claim */
export const yearsClaim = `${business.claims.yearsExperience}+ years`;
/** A tel: link to the business's phone, from `facts` */
export const telHrefOf = (facts: Pick<Business, 'phone'>) => `tel:${facts.phone.e164}`;
export const telHref = telHrefOf(business);
/** The phone number as link text: non-breaking spaces keep it on one line */
export const phoneText = business.phone.display.replaceAll(' ', '\u00a0');
export const mailHref = `mailto:${business.email}`;

/** How many of the listing's reviews are by customers in the suburb a page is named after; undefined for a suburb the facts do not list */
export function reviewShare(areaName: string, facts: Pick<Business, 'reviewShares'> = business): number | undefined {
  return facts.reviewShares.find((share) => share.name === areaName)?.reviews;
}
/**
 * Copy about emergency work: '24/7 emergency call-outs' while the business answers round the clock
 * (claims.emergency24x7), 'Emergency call-outs' if it ever stops, so no page promises what it does not.
 */
export function emergencyClaim(phrase: string, claims: Pick<Business['claims'], 'emergency24x7'> = business.claims): string {
  return claims.emergency24x7 ? `24/7 ${phrase}` : phrase.charAt(0).toUpperCase() + phrase.slice(1);
}
