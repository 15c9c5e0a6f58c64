/**
 * The schema of every content collection, in a plain module so the build (src/content.config.ts),
 * the unit tests and the owner's editor read the same rules. Invalid content fails the build with
 * the file and field. Counts and slug lists are checked in `src/lib/content-rules.ts`. The owner's
 * editor makes its forms from these schemas (src/editor/form-description.ts): each field's `.meta()`
 * gives its words there (src/lib/field-meta.ts), and each object lists its fields in the order the
 * editor shows and writes them.
 */
import { z } from 'zod';
import { iconNames } from '../config/icon-names.ts';
import { regions } from '../config/regions.ts';
import { FOCUS_STEP, HOME_COUNTS } from './constants.ts';
import { fillTokens } from './text.ts';

const icon = z
  .enum(iconNames)
  .meta({ label: 'Icon', description: 'The small picture beside the heading.' });
/**
 * Text shown to visitors: fact tokens such as {owner} or {turnaround} are filled from
 * src/content/business.json first, and the length limits apply to the text as it will read.
 */
const text = (min: number, max = 5000, later: readonly string[] = []) =>
  z
    .string()
    .transform((value) => fillTokens(value, later))
    .pipe(z.string().min(min).max(max))
    .meta({ tokens: true });
const illustrationHelp =
  'The name of a drawing in src/assets/illustrations, without ".svg": small letters, digits and dashes, such as switchboard-howick.';
/** File name (without `.svg`) of an illustration in src/assets/illustrations: the site's own drawings, which the owner's editor keeps as they are */
const illustration = z
  .string()
  .regex(/^[a-z0-9-]+$/)
  .meta({
    label: 'Drawing',
    description: illustrationHelp,
    patternMessage: illustrationHelp,
    editor: { hidden: true },
  });
/** Alt text that says what the picture shows */
const imageAlt = text(15, 180);
const describes = (subject: string) =>
  imageAlt.meta({
    label: 'What the picture shows',
    description: `For people who cannot see it: say what the ${subject} shows.`,
  });
/** What a drawing shows: kept with the drawing, which the owner's editor does not show */
const describesDrawing = () =>
  describes('drawing').meta({ label: 'What the drawing shows', editor: { hidden: true } });
/** Search-result title: the layout adds nothing, so this is the whole <title> */
const seoTitle = text(15, 60).meta({
  label: 'Title in search results',
  description: 'The whole title Google shows, and the browser tab.',
  editor: { multiline: false },
});
const seoDescription = text(70, 160).meta({
  label: 'Description in search results',
  description: 'The line or two Google shows under the title.',
});
const titledText = z.object({
  title: text(2).meta({ label: 'Heading', editor: { multiline: false } }),
  text: text(10).meta({ label: 'Text' }),
});
const faqItem = z.object({ question: text(10), answer: text(20) });
/** Sample content that must be replaced before launch */
const sample = z.boolean().default(false).meta({
  label: 'Made-up example',
  description:
    'Ticked on the examples the site came with. The launch check lists them: replace each with a real one, or delete it.',
});
/**
 * Where an entry comes in its list, lowest first; equal ones keep their file names' order. The
 * owner's editor keeps it as it is (a new entry comes first); the owner's app sets the projects'
 * by dragging them into order
 */
const order = z
  .number()
  .int()
  .default(0)
  .meta({ label: 'Position', editor: { hidden: true } });
/** The label of the box that puts an entry on the home page, which the build's problems repeat */
export const SHOW_ON_HOME_LABEL = 'Show on the home page';
/** The home page shows the first of the marked entries, as many as its layout holds (the build checks there are enough) */
const featured = (count: number) =>
  z
    .boolean()
    .default(false)
    .meta({
      label: SHOW_ON_HOME_LABEL,
      description: `The home page shows ${count} of the ticked ones; keep at least ${count} ticked.`,
    });
const paragraph = (min: number) => text(min).meta({ label: 'Paragraph' });
/** The editor writes a field left blank as '': the same as leaving it out */
const blankAsAbsent = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const serviceBase = z.object({
  title: text(3).meta({ label: 'Name of the service', description: 'Such as "Ceiling Fans".' }),
  /** One or two sentences for cards and the hero */
  description: text(40, 240).meta({
    label: 'Short description',
    description: 'One or two sentences for the cards and the top of the page.',
  }),
  icon,
  image: illustration,
  imageAlt: describesDrawing(),
  seoTitle,
  seoDescription,
  order,
});

/** A service with its own detail page at /services/{file name}: the files of src/content/services */
const { title: serviceTitle, description: serviceDescription, ...serviceRest } = serviceBase.shape;
export const serviceDetailSchema = z.object({
  title: serviceTitle,
  description: serviceDescription,
  fullDescription: z
    .array(paragraph(80))
    .min(3)
    .max(5)
    .meta({ label: 'The page’s text', description: '{Range} paragraphs.' }),
  benefits: z
    .array(text(10).meta({ label: 'Point', editor: { multiline: false } }))
    .min(4)
    .max(8)
    .meta({ label: 'What the customer gets', description: '{Range} short points.' }),
  group: z.enum(['residential', 'commercial', 'other']).meta({
    label: 'Group',
    optionLabels: { residential: 'Homes', commercial: 'Businesses', other: 'Other' },
  }),
  ...serviceRest,
  /** Shown large at the top of the residential page; switchboard upgrades only */
  featured: z
    .boolean()
    .default(false)
    .meta({ label: 'Shown large on the homes page', description: 'Switchboard upgrades only.' }),
  kind: z
    .literal('service')
    .meta({ label: 'Kind of page', optionLabels: { service: 'A service with its own page' } }),
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

export const serviceSchema = z.discriminatedUnion('kind', [
  serviceDetailSchema,
  serviceGroupSchema,
  emergencyServiceSchema,
]);

/** A position, to three decimals (about 100 m): where a suburb is, not an address */
const latitude = z.number().min(-37.3).max(-36.5).meta({
  label: 'Latitude',
  description:
    'North–south position in degrees, three decimals (about 100 m), such as -36.912. Auckland is between -37.3 and -36.5.',
});
const longitude = z.number().min(174.4).max(175.3).meta({
  label: 'Longitude',
  description:
    'East–west position in degrees, three decimals, such as 174.913. Auckland is between 174.4 and 175.3.',
});
/** {region} in an area's questions is its part of Auckland */
const regionHelp = '{region} is filled in with the part of Auckland above.';

export const areaSchema = z
  .object({
    /** Display name with macrons, e.g. 'Ōtāhuhu' */
    areaName: text(3).meta({ label: 'Area', description: 'With macrons, such as Ōtāhuhu.' }),
    kind: z.enum(['hub', 'suburb']).meta({
      label: 'Kind of page',
      optionLabels: { hub: 'The East Auckland page', suburb: 'A suburb' },
    }),
    /** The part of Auckland the area is in: the footer lists it there, the quote page groups its suburbs there, and `{region}` in its questions reads it */
    region: z.enum(regions).meta({ label: 'Part of Auckland' }),
    title: seoTitle,
    description: seoDescription,
    heroHeading: text(10, 80).meta({ label: 'Heading at the top', editor: { multiline: false } }),
    heroText: text(40, 300).meta({ label: 'Text at the top' }),
    /** About the owner, in this area's terms */
    intro: z
      .array(paragraph(60))
      .min(1)
      .max(3)
      .meta({ label: 'About you, in this area', description: '{Range} paragraphs.' }),
    /** Four benefit cards (hub) or trust points (suburb) */
    trustPoints: z
      .array(titledText.extend({ icon }).meta({ label: 'Point' }))
      .length(4)
      .meta({ label: 'Four reasons to call' }),
    /** Slugs of services collection entries; 12 on the hub, 10 to 12 on a suburb page */
    services: z
      .array(z.string().meta({ label: 'Service', editor: { relationship: 'services' } }))
      .min(10)
      .max(12)
      .meta({
        label: 'Services listed',
        description: '{Range} ({max} on the East Auckland page).',
      }),
    /** Suburbs served from this page: 15 on the hub, 8 on a suburb page */
    servedSuburbs: z
      .array(text(3).meta({ label: 'Suburb', editor: { multiline: false } }))
      .min(8)
      .max(15)
      .meta({
        label: 'Suburbs covered',
        description: '{Min} on a suburb page, {max} on the East Auckland page.',
      }),
    relatedAreas: z
      .array(
        z.object({
          name: z.string().meta({ label: 'Area' }),
          url: z.string().startsWith('/').meta({
            label: 'Address on this site',
            description: 'Starting with /, such as /areas/electrician-howick.',
            patternMessage: 'Start the address with /',
          }),
          description: text(20).meta({ label: 'Why look there' }),
        }),
      )
      .min(3)
      .max(6)
      .meta({ label: 'Nearby areas', description: '{Range}.', editor: { itemName: 'Area' } }),
    /** This page's own questions, which may name the area's `{region}`; suburb pages add the two shared ones of pages/area-faq.yaml */
    faq: z
      .array(
        z.object({
          question: text(10, 5000, ['region']).meta({ label: 'Question', description: regionHelp }),
          answer: text(20, 5000, ['region']).meta({ label: 'Answer', description: regionHelp }),
        }),
      )
      .max(5)
      .default([])
      .meta({
        label: 'Questions and answers',
        description: '{Range}; suburb pages add the two every suburb page shares.',
        editor: { itemName: 'Question' },
      }),
    whyChoose: z
      .array(titledText.meta({ label: 'Reason' }))
      .default([])
      .meta({ label: 'Why choose us' }),
    /** 'aim' states the 1–2 hour emergency response aim; 'same-day' the typical service */
    responseClaim: z.enum(['aim', 'same-day']).meta({
      label: 'What the page promises',
      optionLabels: {
        aim: 'The emergency response aim',
        'same-day': 'How soon other jobs are done (from your business details)',
      },
    }),
    image: illustration,
    imageAlt: describesDrawing(),
    // Rarely changed
    /** The places the page covers, each where it is (the page's Service in the structured data) */
    areaServed: z
      .array(z.object({ name: z.string().meta({ label: 'Place' }), latitude, longitude }))
      .min(1)
      .meta({
        label: 'Places covered, with where they are (for search engines; rarely changed)',
        editor: { itemName: 'Place' },
      }),
    /** The area's pin on the home page's map: the place its name starts with, or the middle of an area with no single centre */
    geo: z.object({ latitude, longitude }).meta({
      label: 'Pin on the home page’s map (rarely changed)',
      description: 'Where the area’s name starts, or its middle.',
    }),
  })
  .transform((data) => ({
    ...data,
    faq: data.faq.map((item) => ({
      question: item.question.replaceAll('{region}', data.region),
      answer: item.answer.replaceAll('{region}', data.region),
    })),
  }));

/** A share of a photo's width or height, in steps of 5 (the site's stylesheet has a class for each) */
const focusShare = z.number().int().min(0).max(100).multipleOf(FOCUS_STEP);
/** Where a card's crop is centred: the middle unless he chose a point */
const photoFocus = z
  .object({ x: focusShare, y: focusShare })
  .default({ x: 50, y: 50 })
  .meta({ label: 'Crop of the card’s photo', editor: { hidden: true } });

/** Most photos a project shows */
export const MAX_PROJECT_PHOTOS = 6;
/** Where a project's photos are stored; its YAML holds each one's path relative to the YAML file */
export const PHOTOS_DIRECTORY = 'src/assets/projects';
/** The photos directory as seen from a file of src/content/projects */
const PHOTOS_FROM_PROJECT = `../../${PHOTOS_DIRECTORY.replace(/^src\//, '')}/`;
export const projectPictureMessage = 'Add a photo, or name an illustration and describe it';

/**
 * A project, given Astro's image() helper (the build's, or a stand-in in tests): its photos are
 * files beside the content (`../../assets/projects/<file name>/…`, relative to the YAML file), put
 * through the image pipeline; a project without photos shows its illustration instead
 */
export function projectSchema<Image extends z.ZodType>(image: () => Image) {
  return z
    .object({
      title: text(5, 70).meta({
        label: 'Title',
        description:
          'What the job was and where, such as "Switchboard upgrade in a 1960s Howick home".',
      }),
      description: text(80, 400).meta({
        label: 'What we did',
        description:
          'Three or four sentences: what was wrong, what you did, what the customer got.',
      }),
      suburb: z
        .string()
        .meta({ label: 'Suburb', description: 'Where the job was, such as Howick.' }),
      category: z.enum(['Residential', 'Maintenance']).meta({
        label: 'Kind of job',
        optionLabels: {
          Residential: 'Electrical (homes)',
          Maintenance: 'Handyman and maintenance',
        },
      }),
      /** The job's photos, the first on its card; they replace the illustration */
      photos: z
        .array(
          z.object({
            src: image().meta({
              label: 'Photo',
              description:
                'A photo from your phone or camera. It is turned upright, made smaller when it is very large, and where and when it was taken is removed before it is saved.',
              editor: { image: { directory: PHOTOS_DIRECTORY, publicPath: PHOTOS_FROM_PROJECT } },
            }),
            alt: describes('photo'),
          }),
        )
        .min(0)
        .max(MAX_PROJECT_PHOTOS)
        .default([])
        .meta({
          label: 'Photos',
          description: `Up to ${MAX_PROJECT_PHOTOS}; the first is the one on the card.`,
          editor: { itemName: 'Photo' },
        }),
      /** The illustration shown while the project has no photo */
      image: blankAsAbsent(illustration).meta({
        description: `${illustrationHelp} Leave it empty when the job has photos.`,
      }),
      imageAlt: blankAsAbsent(imageAlt).meta({
        label: 'What the drawing shows',
        description: 'For people who cannot see it. Needed with a drawing, empty without one.',
        editor: { hidden: true },
      }),
      /** The point of the first photo the job's card keeps in view when it crops it (its object-position) */
      focus: photoFocus,
      /** One of the six on the home page */
      featured: featured(HOME_COUNTS.projects),
      order,
      sample,
    })
    .refine(
      (project) =>
        project.photos.length > 0 ||
        (project.image !== undefined && project.imageAlt !== undefined),
      {
        message: projectPictureMessage,
      },
    );
}

/** A first name only, with a capital */
const FIRST_NAME_PATTERN = /^\p{Lu}[\p{L}'-]+$/u;

export const testimonialSchema = z.object({
  quote: text(60, 400).meta({
    label: 'What the customer said',
    description: 'Their words, as they wrote them.',
  }),
  author: z.string().regex(FIRST_NAME_PATTERN).meta({
    label: 'First name',
    description: 'First name only, with a capital, such as Margaret.',
    patternMessage: 'First name only, starting with a capital letter',
  }),
  suburb: z
    .string()
    .meta({ label: 'Suburb', description: 'Where the customer lives, such as Pakuranga.' }),
  /** What the job was, shown under the name */
  job: text(5, 60).meta({
    label: 'The job',
    description: 'Shown under the name, such as "Switchboard upgrade".',
    editor: { multiline: false },
  }),
  service: z
    .enum(['Residential', 'Commercial'])
    .meta({ label: 'Kind of work', optionLabels: { Residential: 'Home', Commercial: 'Business' } }),
  rating: z
    .literal(5)
    .meta({ label: 'Stars', description: 'The site shows five-star reviews only.' }),
  /** One of the six on the home page */
  featured: featured(HOME_COUNTS.testimonials),
  order,
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
    heroSlides: z
      .array(z.object({ wide: illustration, tall: illustration, alt: imageAlt }))
      .length(9),
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
    serviceAreas: z
      .array(
        z.object({
          heading: z.string(),
          region: z.enum(regions),
          suburbs: z.array(z.string()).min(7).max(9),
        }),
      )
      .length(4),
    faq: z.array(faqItem).min(3).max(6),
  }),
]);
