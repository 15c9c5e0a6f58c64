/**
 * The zod schemas the content editor's fields must match, as they are decided to be once the
 * schemas leave src/content.config.ts for a plain zod module: today's collections (read from
 * content.config.ts, whose astro:content the test mocks) with the decided changes, and the
 * business facts with their notice. When that module lands, the test imports it instead (one
 * line) and this file goes.
 *
 * The decided changes: a project has `photos` (0 to 6 of { src: an image, alt: text of 15 to
 * 180 characters }) and may leave `image` and `imageAlt` out; src/content/services holds only
 * `kind: service` entries; business.json holds every fact of src/config/business.ts plus `notice`
 * (at most 200 characters, '' for none).
 */
import { z } from 'zod';
import { collections } from '../../src/content.config.ts';

/** An image field as Astro's `image()` makes one: a path, turned into the picture's metadata */
const image = () => z.string().transform((path) => path);

type ObjectSchema = z.ZodObject<Record<string, z.ZodType>>;
const schemaOf = (collection: unknown) => (collection as { schema: z.ZodType }).schema;

const today = {
  projects: schemaOf(collections.projects) as ObjectSchema,
  testimonials: schemaOf(collections.testimonials) as ObjectSchema,
  services: schemaOf(collections.services) as z.ZodDiscriminatedUnion<ObjectSchema[]>,
  // The area schema fills in each question's {region} after checking the fields
  areas: (schemaOf(collections.areas) as z.ZodPipe<ObjectSchema>).def.in,
};

const projects = today.projects.extend({
  image: today.projects.shape['image']!.optional(),
  imageAlt: today.projects.shape['imageAlt']!.optional(),
  photos: z
    .array(z.object({ src: image(), alt: today.projects.shape['imageAlt']! }))
    .max(6)
    .default([]),
});

const service = today.services.options.find((option) => (option.shape['kind'] as z.ZodLiteral).value === 'service')!;

/**
 * The schema of src/config/business.ts (which does not export it), restated; the test checks it
 * still parses today's facts and names every one of them
 */
const dayHours = z.object({
  days: z.array(z.enum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])).min(1),
  opens: z.string().regex(/^\d{2}:\d{2}$/),
  closes: z.string().regex(/^\d{2}:\d{2}$/),
  label: z.string(),
});
const business = z.object({
  name: z.string().min(3),
  shortName: z.string().min(3),
  owner: z.string().min(2),
  phone: z.object({ display: z.string(), e164: z.string().regex(/^\+64\d{7,10}$/) }),
  email: z.email(),
  defaultOrigin: z.url(),
  address: z.object({ locality: z.string(), region: z.string(), country: z.literal('NZ') }),
  geo: z.object({ latitude: z.number(), longitude: z.number() }),
  serviceArea: z.object({ priority: z.string(), covered: z.string(), summary: z.string() }),
  hours: z.array(dayHours).min(1),
  priceRange: z.string(),
  claims: z.object({
    yearsExperience: z.number().int().positive(),
    licensedAndInsured: z.literal(true),
    emergency24x7: z.boolean(),
    rating: z.object({ value: z.number().min(1).max(5), best: z.literal(5), worst: z.literal(1) }),
    satisfactionPercent: z.number().min(0).max(100),
    emergencyResponseAim: z.string(),
    typicalService: z.string(),
    quoteTurnaround: z.string(),
    quoteValidDays: z.number().int().positive(),
  }),
  registration: z.object({ body: z.string(), number: z.string(), registerUrl: z.url() }),
  memberships: z.array(z.string()),
  social: z.array(z.object({ name: z.string(), url: z.url() })),
  reviewSite: z.object({ name: z.string(), url: z.url(), reviewCount: z.number().int().positive() }),
  reviewShares: z.array(z.object({ name: z.string(), reviews: z.number().int().nonnegative() })),
  linesCompany: z.object({ name: z.string(), phoneDisplay: z.string(), phoneE164: z.string() }),
  notice: z.string().max(200).default(''),
});

export const zodSchemas = { projects, testimonials: today.testimonials, services: service, areas: today.areas, business };
