/**
 * The business's facts: the one place that holds the name, phone, e-mail, hours and every claim.
 * The values are in business.json, which the owner's editor rewrites; this module checks them
 * against the schema below (an invalid value fails the build, the server's start and the tests)
 * and gives every page the same parsed facts. Values the site ships with until the owner supplies
 * his own are known by value (placeholders.ts); `npm run check:launch` lists what is left.
 *
 * The owner's editor makes its form from this schema (src/editor/form-description.ts): each field's
 * `.meta()` gives its words there, and the fields stand in the order it shows and writes them.
 */
import { z } from 'zod';
import facts from '../content/business.json' with { type: 'json' };
import { CLOCK_TIME_PATTERN, E164_PATTERN, PRICE_RANGES } from './fact-formats.ts';

/** A New Zealand number in E.164, for tel: links and structured data */
const e164 = z
  .string()
  .regex(E164_PATTERN)
  .meta({ patternMessage: 'Write +64 and the number without its first 0, no spaces' });
/** A web address a visitor may follow: http or https, never a script or data address */
const webAddress = z.url({ protocol: /^https?$/ });
/** A phone number as people read it, e.g. '09 000 0000' */
const phoneDisplay = z.string().min(7).max(20);
/** 24-hour local time, HH:MM */
const clockTime = z.string().regex(CLOCK_TIME_PATTERN);

/** One day of the week: open or not, and from when to when */
const dayHours = (day: string) =>
  z
    .object({
      open: z.boolean().meta({ label: 'Open' }),
      from: clockTime.meta({ label: 'From', patternMessage: 'Write the time as 07:00' }),
      to: clockTime.meta({ label: 'To', patternMessage: 'Write the time as 18:00' }),
    })
    .refine((hours) => !hours.open || hours.from < hours.to, {
      message: `${day}: the closing time must come after the opening time`,
      path: ['to'],
    })
    .meta({ label: day });

/** A New Zealand date, YYYY-MM-DD, picked from a calendar in the editor; none when left empty */
const closureDay = (label: string, description: string) =>
  z.iso.date().optional().meta({ label, description });

/** In the order the editor shows the facts and writes them to business.json, the rarely changed ones last */
export const businessSchema = z.object({
  /**
   * A closure, such as a holiday: from its first day to its last every page says so at the top,
   * and the emergency claims follow `emergencies`; the server builds the site again at each of
   * those midnights (New Zealand's), so the notice comes and goes by itself. No dates, no closure.
   */
  closure: z
    .object({
      from: closureDay('First day closed', 'Leave both days empty when you are open.'),
      to: closureDay('Last day closed', 'The notice goes by itself after this day.'),
      emergencies: z.boolean().meta({
        label: 'Still taking emergency call-outs',
        description: 'Untick if you cannot come out to emergencies meanwhile: pages then say so.',
      }),
    })
    .refine((closure) => Boolean(closure.from) === Boolean(closure.to), {
      message: 'Closed for a while: give both the first and the last day, or neither',
      path: ['to'],
    })
    .refine((closure) => !closure.from || !closure.to || closure.from <= closure.to, {
      message: 'Closed for a while: the last day cannot come before the first',
      path: ['to'],
    })
    .default({ emergencies: true })
    .meta({
      label: 'Closed for a while',
      description:
        'Such as a holiday. A notice shows on every page from the first day and goes by itself after the last.',
    }),
  /** The full name, e.g. in titles, the footer and structured data (placeholder until launch) */
  name: z.string().min(3).max(60).meta({ label: 'Business name' }),
  /** The name the header shows; `npm run check:launch` warns when a phone cannot fit it on two lines (placeholder until launch) */
  shortName: z.string().min(3).max(40).meta({
    label: 'Short name',
    description: 'For small spaces, such as the phone’s home screen.',
  }),
  /** The owner's first name, as the pages speak of him (placeholder until launch) */
  owner: z
    .string()
    .min(2)
    .max(30)
    .meta({ label: 'Your first name', description: 'Fills in {owner} across the site.' }),
  /** Phone as people read it, and in E.164 (placeholder until launch) */
  phone: z
    .object({
      display: phoneDisplay.meta({
        label: 'As people read it',
        description: 'Such as 021 123 4567.',
      }),
      e164: e164.meta({
        label: 'In international form',
        description:
          'For the call buttons: +64, then the number without its first 0, no spaces, such as +6421234567.',
      }),
    })
    .meta({ label: 'Phone' }),
  /** Where quote requests can be answered (placeholder until launch; any example.com address is one) */
  email: z.email().max(100).meta({
    label: 'Email',
    patternMessage: 'Write an email address, such as hello@example.co.nz',
  }),
  /** Whether each customer is e-mailed at once that the request arrived and when to expect an answer (needs the server's e-mail, SMTP_URL) */
  acknowledgeRequests: z.boolean().default(true).meta({
    label: 'Email each customer that their request arrived',
    description:
      'An email at once saying when you will be in touch, from your opening hours. Untick to send none.',
  }),
  /** The week's opening hours, one entry a day; every wording of them is made from this (src/lib/opening-hours.ts) */
  hours: z
    .object({
      monday: dayHours('Monday'),
      tuesday: dayHours('Tuesday'),
      wednesday: dayHours('Wednesday'),
      thursday: dayHours('Thursday'),
      friday: dayHours('Friday'),
      saturday: dayHours('Saturday'),
      sunday: dayHours('Sunday'),
    })
    .refine((week) => Object.values(week).some((day) => day.open), {
      message: 'Opening hours: tick at least one day as open',
    })
    .meta({
      label: 'Opening hours',
      description:
        'Tick the days you open, with 24-hour times such as 07:00 and 18:00. The site writes your hours from these.',
    }),
  serviceArea: z
    .object({
      /** Where the business goes first, e.g. 'East Auckland' */
      priority: z
        .string()
        .min(3)
        .max(40)
        .meta({ label: 'Where you work most', description: 'Such as East Auckland.' }),
      /** How far it goes, e.g. 'all of Auckland' */
      covered: z
        .string()
        .min(3)
        .max(60)
        .meta({ label: 'Where else you go', description: 'Such as all of Auckland.' }),
      summary: z.string().min(10).max(100).meta({
        label: 'Both in a few words',
        description: 'Such as "East Auckland first, and all of Auckland".',
      }),
    })
    .meta({ label: 'Where you work' }),
  claims: z
    .object({
      yearsExperience: z.number().int().positive().max(80).meta({
        label: 'Years as an electrician',
        description: 'Fills in {years}, shown as the number followed by "+ years".',
      }),
      emergency24x7: z.boolean().meta({
        label: 'Emergency call-outs round the clock',
        description:
          'Untick if you stop answering at night. The header, the home page and the e-mails then stop saying 24/7; publishing lists the pages whose own words still say it, for you to change.',
      }),
      /** Aim for arriving at an emergency where a suburb page states it, e.g. '1–2 hours' */
      emergencyResponseAim: z.string().min(3).max(30).meta({
        label: 'How fast you aim to reach an emergency',
        description: 'Such as 1–2 hours.',
      }),
      /** What most other jobs can expect, e.g. 'same-day' */
      typicalService: z.string().min(3).max(30).meta({
        label: 'How soon other jobs are done',
        description:
          'Such as same-day. Once it is no longer same-day, publishing lists the pages whose own words still say so, for you to change.',
      }),
      /** Quote turnaround and validity (quote page FAQ) */
      quoteTurnaround: z
        .string()
        .min(3)
        .max(30)
        .meta({ label: 'How soon a quote comes', description: 'Such as 24–48 hours.' }),
      quoteValidDays: z
        .number()
        .int()
        .positive()
        .max(365)
        .meta({ label: 'Days a quote stays valid', description: 'Such as 30.' }),
      rating: z
        .object({
          value: z
            .number()
            .min(1)
            .max(5)
            .meta({ label: 'Rating', description: 'Out of 5, from your reviews.' }),
          best: z.literal(5).meta({ editor: { hidden: true } }),
          worst: z.literal(1).meta({ editor: { hidden: true } }),
        })
        .meta({ label: 'Rating' }),
      /** Share of customers satisfied, in per cent */
      satisfactionPercent: z
        .number()
        .min(0)
        .max(100)
        .meta({ label: 'Satisfied customers, per cent', description: 'Such as 99.4.' }),
      licensedAndInsured: z.literal(true).meta({ editor: { hidden: true } }),
    })
    .meta({ label: 'What the site says about you' }),
  priceRange: z
    .enum(PRICE_RANGES)
    .meta({ label: 'Price range for search engines', description: 'From $ (low) to $$$$ (high).' }),
  registration: z
    .object({
      /** The owner's registration number (placeholder until launch) */
      number: z.string().min(1).max(20).meta({
        label: 'Your registration number',
        description: 'As on your practising licence card.',
      }),
      body: z.string().min(3).max(80).meta({ label: 'Registered with' }),
      registerUrl: webAddress.meta({ label: 'Address of the public register (rarely changed)' }),
    })
    .meta({ label: 'Registration' }),
  /** Trade memberships the business really holds; empty until the owner names one */
  memberships: z.array(z.string().min(2).max(80).meta({ label: 'Membership' })).meta({
    label: 'Trade memberships',
    description: 'Only those you really hold, such as Master Electricians.',
  }),
  /** The business's own pages (placeholders until launch: a network's front page is one) */
  social: z
    .array(
      z.object({
        name: z.string().min(2).max(30).meta({ label: 'Site', description: 'Such as Facebook.' }),
        url: webAddress.meta({ label: 'Your page there' }),
      }),
    )
    .meta({ label: 'Social media pages', editor: { itemName: 'Page' } }),
  /**
   * Where the rating comes from: the site's name as it reads after a count ('68 Google reviews'),
   * the business's own listing there, and how many reviews that listing holds (placeholders until
   * launch: the site's front page, and the count 68)
   */
  reviewSite: z
    .object({
      name: z.string().min(3).max(40).meta({
        label: 'Its name as it reads after the number of reviews',
        description: 'Such as "Google reviews".',
      }),
      url: webAddress.meta({ label: 'Your listing there' }),
      reviewCount: z
        .number()
        .int()
        .positive()
        .meta({ label: 'How many reviews it holds', description: 'The number the listing shows.' }),
    })
    .meta({ label: 'Where your reviews are' }),
  /**
   * How many of the listing's reviews are by each suburb page's customers, by the suburb's name as
   * its page has it (areaName in src/content/areas). A suburb page shows its share beside the one
   * rating; no share can exceed the listing's count, nor can they together (`npm run check:launch`).
   * SPEC.md's sample figures until launch.
   */
  reviewShares: z
    .array(
      z.object({
        name: z.string().min(3).max(60).meta({
          label: 'Suburb page',
          description: 'The area’s name as its page has it, such as Howick.',
        }),
        reviews: z.number().int().nonnegative().meta({
          label: 'Reviews by its customers',
          description: 'No more than the listing holds.',
        }),
      }),
    )
    .meta({ label: 'Reviews by suburb', editor: { itemName: 'Suburb' } }),
  // Rarely changed
  /** Lines company for power cuts and fallen lines in most of Auckland */
  linesCompany: z
    .object({
      name: z.string().min(2).max(40).meta({ label: 'Name', description: 'Such as Vector.' }),
      phoneDisplay: phoneDisplay.meta({ label: 'Phone as people read it' }),
      phoneE164: e164.meta({
        label: 'Phone in international form',
        description: 'Such as +64508832867.',
      }),
    })
    .meta({ label: 'Lines company for power cuts (rarely changed)' }),
  address: z
    .object({
      locality: z
        .string()
        .min(2)
        .max(60)
        .meta({ label: 'Town', description: 'Such as Howick, Auckland.' }),
      region: z.string().min(2).max(40).meta({ label: 'Region', description: 'Such as Auckland.' }),
      country: z.literal('NZ').meta({ editor: { hidden: true } }),
    })
    .meta({ label: 'Where the business is based (rarely changed)' }),
  /** Where the business is based, to 5 decimal places, or search engines will not place it (placeholder until launch) */
  geo: z
    .object({
      latitude: z
        .number()
        .min(-47.5)
        .max(-34)
        .meta({ label: 'Latitude', description: 'Such as -36.91; five decimals at most.' }),
      longitude: z
        .number()
        .min(166)
        .max(179)
        .meta({ label: 'Longitude', description: 'Such as 174.91.' }),
    })
    .meta({ label: 'Where the business is, on a map (rarely changed)' }),
  /** Canonical origin when SITE_URL is not set (placeholder until launch) */
  defaultOrigin: webAddress.meta({
    label: 'The site’s address (rarely changed)',
    description: 'Such as https://www.example.co.nz. The server’s SITE_URL setting overrides it.',
  }),
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
export function reviewShare(
  areaName: string,
  facts: Pick<Business, 'reviewShares'> = business,
): number | undefined {
  return facts.reviewShares.find((share) => share.name === areaName)?.reviews;
}
