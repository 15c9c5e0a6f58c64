/**
 * The business's facts: the one place that holds the name, phone, e-mail, hours and every claim.
 * Values marked PLACEHOLDER must be replaced before launch (`npm run check:launch` lists what is left).
 */
import { z } from 'zod';

const dayHours = z.object({
  /** schema.org day names, e.g. ['Monday', 'Tuesday'] */
  days: z.array(z.enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])).min(1),
  /** 24-hour local time, HH:MM */
  opens: z.string().regex(/^\d{2}:\d{2}$/),
  closes: z.string().regex(/^\d{2}:\d{2}$/),
  /** How the hours read on the page */
  label: z.string(),
});

const businessSchema = z.object({
  name: z.string().min(3),
  shortName: z.string().min(3),
  owner: z.string().min(2),
  /** Phone as people read it, and in E.164 for tel: links and structured data */
  phone: z.object({ display: z.string(), e164: z.string().regex(/^\+64\d{7,10}$/) }),
  email: z.email(),
  /** Canonical origin when SITE_URL is not set */
  defaultOrigin: z.url(),
  address: z.object({
    locality: z.string(),
    region: z.string(),
    country: z.literal('NZ'),
  }),
  geo: z.object({ latitude: z.number(), longitude: z.number() }),
  serviceArea: z.object({ priority: z.string(), covered: z.string(), summary: z.string() }),
  hours: z.array(dayHours).min(1),
  priceRange: z.string(),
  claims: z.object({
    yearsExperience: z.number().int().positive(),
    licensedAndInsured: z.literal(true),
    emergency24x7: z.boolean(),
    rating: z.object({ value: z.number().min(1).max(5), best: z.literal(5), worst: z.literal(1) }),
    /** Share of customers satisfied, in per cent */
    satisfactionPercent: z.number().min(0).max(100),
    /** Aim for arriving at an emergency where a suburb page states it */
    emergencyResponseAim: z.string(),
    /** What most other jobs can expect */
    typicalService: z.string(),
    /** Quote turnaround and validity (quote page FAQ) */
    quoteTurnaround: z.string(),
    quoteValidDays: z.number().int().positive(),
  }),
  registration: z.object({
    body: z.string(),
    number: z.string(),
    registerUrl: z.url(),
  }),
  /** Trade memberships the business really holds; empty until the owner names one */
  memberships: z.array(z.string()),
  social: z.array(z.object({ name: z.string(), url: z.url() })),
  /**
   * Where the rating comes from: the site's name as it reads after a count ('68 Google reviews'),
   * the business's own listing there, and how many reviews that listing holds
   */
  reviewSite: z.object({ name: z.string(), url: z.url(), reviewCount: z.number().int().positive() }),
  /**
   * How many of the listing's reviews are by each suburb page's customers, by the suburb's name as
   * its page has it (areaName in src/content/areas). A suburb page shows its share beside the one
   * rating; no share can exceed the listing's count, nor can they together (`npm run check:launch`).
   */
  reviewShares: z.array(z.object({ name: z.string(), reviews: z.number().int().nonnegative() })),
  /** Lines company for power cuts and fallen lines in most of Auckland */
  linesCompany: z.object({ name: z.string(), phoneDisplay: z.string(), phoneE164: z.string() }),
});

export type Business = z.infer<typeof businessSchema>;

export const business: Business = businessSchema.parse({
  name: 'Harbour East Electrical & Handyman', // PLACEHOLDER
  shortName: 'Harbour East Electrical', // PLACEHOLDER
  owner: 'Dave', // PLACEHOLDER
  phone: { display: '09 000 0000', e164: '+6490000000' }, // PLACEHOLDER
  email: 'hello@example.com', // PLACEHOLDER
  defaultOrigin: 'https://www.example.com', // PLACEHOLDER
  address: { locality: 'Howick, Auckland', region: 'Auckland', country: 'NZ' },
  geo: { latitude: -36.91, longitude: 174.91 }, // PLACEHOLDER: where the business is based, to 5 decimal places
  serviceArea: {
    priority: 'East Auckland',
    covered: 'all of Auckland',
    summary: 'East Auckland first, and all of Auckland',
  },
  hours: [
    { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '07:00', closes: '18:00', label: 'Mon–Fri 7am–6pm' },
    { days: ['Saturday'], opens: '08:00', closes: '16:00', label: 'Sat 8am–4pm' },
  ],
  priceRange: '$$',
  claims: {
    yearsExperience: 30,
    licensedAndInsured: true,
    emergency24x7: true,
    rating: { value: 5, best: 5, worst: 1 },
    satisfactionPercent: 99.4,
    emergencyResponseAim: '1–2 hours',
    typicalService: 'same-day',
    quoteTurnaround: '24–48 hours',
    quoteValidDays: 30,
  },
  registration: {
    body: 'Electrical Workers Registration Board (EWRB)',
    number: 'E 000000', // PLACEHOLDER
    registerUrl: 'https://www.ewrb.govt.nz/',
  },
  memberships: [],
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/' }, // PLACEHOLDER
    { name: 'Instagram', url: 'https://www.instagram.com/' }, // PLACEHOLDER
  ],
  reviewSite: { name: 'Google reviews', url: 'https://www.google.com/maps', reviewCount: 68 }, // PLACEHOLDER
  reviewShares: [
    { name: 'Botany', reviews: 47 }, // PLACEHOLDER: SPEC.md's sample, like the others
    { name: 'Howick', reviews: 52 }, // PLACEHOLDER
    { name: 'Pakuranga', reviews: 49 }, // PLACEHOLDER
    { name: 'East Tāmaki', reviews: 38 }, // PLACEHOLDER
    { name: 'Ōtāhuhu', reviews: 34 }, // PLACEHOLDER
    { name: 'Bucklands Beach & Half Moon Bay', reviews: 41 }, // PLACEHOLDER
    { name: 'Dannemora & Highland Park', reviews: 36 }, // PLACEHOLDER
    { name: 'Whitford & Beachlands', reviews: 29 }, // PLACEHOLDER
    { name: 'Eastern Bays', reviews: 55 }, // PLACEHOLDER
  ],
  linesCompany: { name: 'Vector', phoneDisplay: '0508 832 867', phoneE164: '+64508832867' },
});

/** "30+ years", the one wording of the experience claim */
export const yearsClaim = `${business.claims.yearsExperience}+ years`;
export const telHref = `tel:${business.phone.e164}`;
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
