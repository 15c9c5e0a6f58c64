/**
 * The schema of every content collection, in a plain module so the build (src/content.config.ts),
 * the unit tests and the owner's editor read the same rules. Invalid content fails the build with
 * the file and field. Counts and slug lists are checked in `src/lib/content-rules.ts`.
 */
import { z } from 'zod';
import { iconNames } from '../config/icon-names.ts';
import { regions } from '../config/regions.ts';
import { fillTokens } from './text.ts';

const icon = z.enum(iconNames);
/**
 * Text shown to visitors: fact tokens such as {owner} or {turnaround} are filled from
 * src/content/business.json first, and the length limits apply to the text as it will read.
 */
const text = (min: number, max = 5000, later: readonly string[] = []) =>
  z
    .string()
    .transform((value) => fillTokens(value, later))
    .pipe(z.string().min(min).max(max));
/** File name (without `.svg`) of an illustration in src/assets/illustrations */
const illustration = z.string().regex(/^[a-z0-9-]+$/);
/** Alt text that says what the picture shows */
const imageAlt = text(15, 180);
/** Search-result title: the layout adds nothing, so this is the whole <title> */
const seoTitle = text(15, 60);
const seoDescription = text(70, 160);
const titledText = z.object({ title: text(2), text: text(10) });
const faqItem = z.object({ question: text(10), answer: text(20) });
/** Sample content that must be replaced before launch */
const sample = z.boolean().default(false);
/** The editor writes a field left blank as '': the same as leaving it out */
const blankAsAbsent = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const serviceBase = z.object({
  title: text(3),
  /** One or two sentences for cards and the hero */
  description: text(40, 240),
  icon,
  image: illustration,
  imageAlt,
  seoTitle,
  seoDescription,
  /** Position in its list */
  order: z.number().int(),
});

/** A service with its own detail page at /services/{file name}: the files of src/content/services */
export const serviceDetailSchema = serviceBase.extend({
  kind: z.literal('service'),
  group: z.enum(['residential', 'commercial', 'other']),
  /** Shown large at the top of the residential page; switchboard upgrades only */
  featured: z.boolean().default(false),
  fullDescription: z.array(text(80)).min(3).max(5),
  benefits: z.array(text(10)).min(4).max(8),
});

/** A group page: /services/residential, /services/commercial, /services/handyman (src/content/service-pages) */
export const serviceGroupSchema = serviceBase.extend({
  kind: z.literal('group'),
  intro: z.array(text(40)).min(1).max(3),
  /** The handyman page's list of jobs */
  jobs: z.array(titledText.extend({ icon })).default([]),
  whyChoose: z.array(titledText.extend({ icon })).default([]),
});

/** The emergency page (src/content/service-pages) */
export const emergencyServiceSchema = serviceBase.extend({
  kind: z.literal('emergency'),
  intro: z.array(text(40)).min(1).max(3),
  situations: z.array(text(5)).length(10),
  whyChoose: z.array(titledText.extend({ icon })).min(3).max(6),
  safetyTips: z.array(titledText).min(3).max(6),
});

export const serviceSchema = z.discriminatedUnion('kind', [serviceDetailSchema, serviceGroupSchema, emergencyServiceSchema]);

/** A position, to three decimals (about 100 m): where a suburb is, not an address */
const latitude = z.number().min(-37.3).max(-36.5);
const longitude = z.number().min(174.4).max(175.3);

export const areaSchema = z
  .object({
    kind: z.enum(['hub', 'suburb']),
    /** Display name with macrons, e.g. 'Ōtāhuhu' */
    areaName: text(3),
    /** The part of Auckland the area is in: the footer lists it there, the quote page groups its suburbs there, and `{region}` in its questions reads it */
    region: z.enum(regions),
    title: seoTitle,
    description: seoDescription,
    heroHeading: text(10, 80),
    heroText: text(40, 300),
    /** About the owner, in this area's terms */
    intro: z.array(text(60)).min(1).max(3),
    /** Four benefit cards (hub) or trust points (suburb) */
    trustPoints: z.array(titledText.extend({ icon })).length(4),
    /** Slugs of services collection entries; 12 on the hub, 10 to 12 on a suburb page */
    services: z.array(z.string()).min(10).max(12),
    /** Suburbs served from this page: 15 on the hub, 8 on a suburb page */
    servedSuburbs: z.array(text(3)).min(8).max(15),
    relatedAreas: z
      .array(z.object({ name: z.string(), url: z.string().startsWith('/'), description: text(20) }))
      .min(3)
      .max(6),
    /** This page's own questions, which may name the area's `{region}`; suburb pages add the two shared ones of pages/area-faq.yaml */
    faq: z
      .array(z.object({ question: text(10, 5000, ['region']), answer: text(20, 5000, ['region']) }))
      .max(5)
      .default([]),
    whyChoose: z.array(titledText).default([]),
    /** The places the page covers, each where it is (the page's Service in the structured data) */
    areaServed: z.array(z.object({ name: z.string(), latitude, longitude })).min(1),
    /** The area's pin on the home page's map: the place its name starts with, or the middle of an area with no single centre */
    geo: z.object({ latitude, longitude }),
    /** 'aim' states the 1–2 hour emergency response aim; 'same-day' the typical service */
    responseClaim: z.enum(['aim', 'same-day']),
    image: illustration,
    imageAlt,
  })
  .transform((data) => ({
    ...data,
    faq: data.faq.map((item) => ({
      question: item.question.replaceAll('{region}', data.region),
      answer: item.answer.replaceAll('{region}', data.region),
    })),
  }));

/** Most photos a project shows */
export const MAX_PROJECT_PHOTOS = 6;
/** Where a project's photos are stored; its YAML holds each one's path relative to the YAML file */
export const PHOTOS_DIRECTORY = 'src/assets/projects';
export const projectPictureMessage = 'Add a photo, or name an illustration and describe it';

/**
 * A project, given Astro's image() helper (the build's, or a stand-in in tests): its photos are
 * files beside the content (`../../assets/projects/<file name>/…`, relative to the YAML file), put
 * through the image pipeline; a project without photos shows its illustration instead
 */
export function projectSchema<Image extends z.ZodType>(image: () => Image) {
  return z
    .object({
      title: text(5, 70),
      category: z.enum(['Residential', 'Maintenance']),
      /** The job's photos, the first on its card; they replace the illustration */
      photos: z
        .array(z.object({ src: image(), alt: imageAlt }))
        .min(0)
        .max(MAX_PROJECT_PHOTOS)
        .default([]),
      /** The illustration shown while the project has no photo */
      image: blankAsAbsent(illustration),
      imageAlt: blankAsAbsent(imageAlt),
      description: text(80, 400),
      suburb: z.string(),
      /** One of the six on the home page */
      featured: z.boolean().default(false),
      order: z.number().int(),
      sample,
    })
    .refine((project) => project.photos.length > 0 || (project.image !== undefined && project.imageAlt !== undefined), {
      message: projectPictureMessage,
    });
}

export const testimonialSchema = z.object({
  quote: text(60, 400),
  /** First name only */
  author: z.string().regex(/^\p{Lu}[\p{L}'-]+$/u),
  rating: z.literal(5),
  service: z.enum(['Residential', 'Commercial']),
  suburb: z.string(),
  /** What the job was, shown under the name */
  job: text(5, 60),
  /** One of the six on the home page */
  featured: z.boolean().default(false),
  order: z.number().int(),
  sample,
});

export const pageSchema = z.discriminatedUnion('page', [
  z.object({
    page: z.literal('about'),
    title: seoTitle,
    description: seoDescription,
    heading: text(5),
    story: z.array(text(60)).min(3).max(6),
    values: z.array(titledText.extend({ icon })).length(6),
    gallery: z
      .array(z.object({ image: illustration, imageAlt, caption: text(5) }))
      .min(4)
      .max(8),
  }),
  z.object({
    page: z.literal('home'),
    title: seoTitle,
    description: seoDescription,
    heroHeading: text(10, 80),
    heroText: text(40, 300),
    about: z.object({ heading: text(5), text: z.array(text(40)).min(1).max(3) }),
    /** 9 scenes for the hero carousel, each drawn wide and tall */
    heroSlides: z.array(z.object({ wide: illustration, tall: illustration, alt: imageAlt })).length(9),
  }),
  /** FAQ items every suburb page shows after its own questions */
  z.object({
    page: z.literal('area-faq'),
    items: z.array(faqItem).length(2),
  }),
  z.object({
    page: z.literal('quote'),
    title: seoTitle,
    description: seoDescription,
    heading: text(5),
    intro: text(40),
    /** 'Our Service Areas': each group's heading, the region its suburbs are in, and the suburbs */
    serviceAreas: z.array(z.object({ heading: z.string(), region: z.enum(regions), suburbs: z.array(z.string()).min(7).max(9) })).length(4),
    faq: z.array(faqItem).min(3).max(6),
  }),
]);
