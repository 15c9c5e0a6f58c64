/**
 * The content editor (Keystatic, at /owner/content): which files the owner may change and the
 * form for each, field for field the same as the content schemas (names, required or not, types,
 * choices and limits; tests/unit/editor-schema.test.ts holds the two together). Keystatic rewrites
 * a whole file from this schema and drops any key it does not know, so every field is here, the
 * rarely changed ones last. The browser's editor and the server's API handler both load it.
 */
import { collection, fields, singleton, type Config } from '@keystatic/core';
import { regexes } from 'zod/v4/core';
import { CLOCK_TIME_PATTERN, E164_PATTERN, PRICE_RANGES, WEEK_DAYS } from '../config/fact-formats.ts';
import { iconNames } from '../config/icon-names.ts';
import { regions } from '../config/regions.ts';
import { areaFileNameOf, areaFileNames } from '../lib/area-files.ts';
import { HOME_COUNTS } from '../lib/constants.ts';
import { MAX_PROJECT_PHOTOS, PHOTOS_DIRECTORY } from '../lib/content-schemas.ts';

const TOKENS = '{owner}, {phone} and other words in braces are filled in from the business details; the limits count the filled-in text.';
const join = (...parts: Array<string | undefined>) => parts.filter(Boolean).join(' ');

/** Visitors' text, in which fact tokens are filled in before its length is checked */
function words(
  label: string,
  { min, max = 5000, description, multiline = true }: { min: number; max?: number; description?: string; multiline?: boolean },
) {
  return fields.text({ label, description: join(description, TOKENS), multiline, validation: { length: { min, max } } });
}

/** Text that may be left empty, and otherwise has `min` to `max` characters */
function optionalWords(label: string, { min, max, description }: { min: number; max: number; description: string }) {
  return fields.text({
    label,
    description: join(description, TOKENS),
    multiline: true,
    validation: {
      length: { max },
      pattern: { regex: new RegExp(`^(?:[\\s\\S]{${min},})?$`), message: `${label}: leave it empty, or write at least ${min} characters` },
    },
  });
}

/** A short fact that must be filled in (an empty text would be left out of the file), of `min` to `max` characters */
function fact(label: string, description?: string, [min, max]: readonly [number?, number?] = []) {
  const length = { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
  return fields.text({ label, ...(description ? { description } : {}), validation: { isRequired: true, length } });
}

/** A short fact written to a pattern */
function patterned(label: string, description: string, regex: RegExp, message: string) {
  return fields.text({ label, description, validation: { isRequired: true, pattern: { regex, message } } });
}

function whole(label: string, description: string, limits: { min?: number; max?: number } = {}) {
  return fields.integer({ label, description, validation: { isRequired: true, ...limits } });
}

function decimal(label: string, description: string, limits: { min?: number; max?: number } = {}) {
  return fields.number({ label, description, validation: { isRequired: true, ...limits } });
}

const NUMBER_WORDS = [
  'none',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
];
const inWords = (count: number) => NUMBER_WORDS[count] ?? String(count);
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * A list's length limits, and its help text, written from the same two numbers so the words
 * cannot fall out of step with the rule: `help` gets them in words ("three", "five") and as a
 * range ("Three to five", or "Up to five" when none is allowed)
 */
function listLength({ min, max }: { min: number; max: number }, help: (counts: { range: string; min: string; max: string }) => string) {
  const range = sentence(min === 0 ? `up to ${inWords(max)}` : `${inWords(min)} to ${inWords(max)}`);
  return { description: help({ range, min: inWords(min), max: inWords(max) }), validation: { length: { min, max } } };
}

/** One of `values`, shown by its label where `labels` gives one */
function choice<const Value extends string>(
  label: string,
  values: readonly Value[],
  labels: Partial<Record<Value, string>> = {},
  description?: string,
) {
  return fields.select({
    label,
    ...(description ? { description } : {}),
    options: values.map((value) => ({ value, label: labels[value] ?? value })),
    defaultValue: values[0]!,
  });
}

/** The file name (without .svg) of a drawing in src/assets/illustrations */
const ILLUSTRATION = /^[a-z0-9-]+$/;
const illustrationHelp =
  'The name of a drawing in src/assets/illustrations, without ".svg": small letters, digits and dashes, such as switchboard-howick.';
const illustration = (label: string) =>
  fields.text({
    label,
    description: illustrationHelp,
    validation: { isRequired: true, pattern: { regex: ILLUSTRATION, message: illustrationHelp } },
  });
const optionalIllustration = (label: string) =>
  fields.text({
    label,
    description: `${illustrationHelp} Leave it empty when the job has photos.`,
    validation: { pattern: { regex: /^[a-z0-9-]*$/, message: illustrationHelp } },
  });

const icon = choice('Icon', iconNames, {}, 'The small picture beside the heading.');
const order = whole('Position', 'Where it comes in its list: 1 first. Two entries with the same number keep the file names’ order.');
/** The home page shows the first of the marked entries, as many as its layout holds (the build checks there are enough) */
const featured = (count: number) =>
  fields.checkbox({
    label: 'Show on the home page',
    description: `The home page shows the first ${count} marked, by position; keep at least ${count} marked.`,
  });
const sample = fields.checkbox({
  label: 'Made-up example',
  description: 'Ticked on the examples the site came with. The launch check lists them: replace each with a real one, or delete it.',
});

/** A file name from a title: small letters, digits and dashes */
export function fileNameOf(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join('-');
}

const FILE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const fileNameRule = { regex: FILE_NAME, message: 'Small letters, digits and dashes only, such as switchboard-howick' };

/** The entry's title, which also gives a new entry its file name */
function titleWithFileName(
  label: string,
  { min, max, description, fileName }: { min: number; max?: number; description: string; fileName: string },
  generate: (name: string) => string = fileNameOf,
  rule: { regex: RegExp; message: string } = fileNameRule,
) {
  return fields.slug({
    name: { label, description: join(description, TOKENS), validation: { length: { min, max: max ?? 5000 } } },
    slug: { label: 'File name', description: fileName, generate, validation: { pattern: rule } },
  });
}

/** A new area page's file name: the route table's for its area, else made from the name (which the list of names then refuses) */
const areaFileName = (name: string) => areaFileNameOf(name) ?? `electrician-${fileNameOf(name)}`;
/** The build refuses an area page the route table has no address for */
const areaFileNameRule = {
  regex: new RegExp(`^(?:${areaFileNames.join('|')})$`),
  message: `Use the file name of one of the site’s area pages: ${areaFileNames.join(', ')}. A new area needs its address added to the site first.`,
};

const titledText = (what: string, { withIcon }: { withIcon: boolean }) =>
  fields.object(
    {
      title: words('Heading', { min: 2, multiline: false }),
      text: words('Text', { min: 10 }),
      ...(withIcon ? { icon } : {}),
    },
    { label: what },
  );

const latitude = (label = 'Latitude') =>
  decimal(label, 'North–south position in degrees, three decimals (about 100 m), such as -36.912. Auckland is between -37.3 and -36.5.', {
    min: -37.3,
    max: -36.5,
  });
const longitude = (label = 'Longitude') =>
  decimal(label, 'East–west position in degrees, three decimals, such as 174.913. Auckland is between 174.4 and 175.3.', {
    min: 174.4,
    max: 175.3,
  });

const seoTitle = words('Title in search results', {
  min: 15,
  max: 60,
  multiline: false,
  description: 'The whole title Google shows, and the browser tab.',
});
const seoDescription = words('Description in search results', {
  min: 70,
  max: 160,
  description: 'The line or two Google shows under the title.',
});
const imageAlt = (subject: string) =>
  words('What the picture shows', { min: 15, max: 180, description: `For people who cannot see it: say what the ${subject} shows.` });

const projects = collection({
  label: 'Projects (past jobs)',
  path: 'src/content/projects/*',
  format: { data: 'yaml' },
  slugField: 'title',
  columns: ['suburb', 'order'],
  schema: {
    title: titleWithFileName('Title', {
      min: 5,
      max: 70,
      description: 'What the job was and where, such as "Switchboard upgrade in a 1960s Howick home".',
      fileName: 'Made from the title for a new job; only the site uses it.',
    }),
    description: words('What we did', {
      min: 80,
      max: 400,
      description: 'Three or four sentences: what was wrong, what you did, what the customer got.',
    }),
    suburb: fact('Suburb', 'Where the job was, such as Howick.'),
    category: choice('Kind of job', ['Residential', 'Maintenance'], {
      Residential: 'Electrical (homes)',
      Maintenance: 'Handyman and maintenance',
    }),
    photos: fields.array(
      fields.object({
        src: fields.image({
          label: 'Photo',
          description:
            'A JPEG, PNG or WebP up to 20 MB. It is turned upright, made at most 2,400 pixels wide or tall, and its hidden details (where and when it was taken, the camera) are removed before it is saved.',
          directory: PHOTOS_DIRECTORY,
          publicPath: '../../assets/projects/',
          validation: { isRequired: true },
        }),
        alt: imageAlt('photo'),
      }),
      {
        label: 'Photos',
        description: `Up to ${MAX_PROJECT_PHOTOS}; the first is the one on the card. A job needs photos or a drawing.`,
        itemLabel: (props) => props.fields.alt.value || 'Photo',
        validation: { length: { min: 0, max: MAX_PROJECT_PHOTOS } },
      },
    ),
    image: optionalIllustration('Drawing'),
    imageAlt: optionalWords('What the drawing shows', {
      min: 15,
      max: 180,
      description: 'For people who cannot see it. Needed with a drawing, empty without one.',
    }),
    featured: featured(HOME_COUNTS.projects),
    order,
    sample,
  },
});

const testimonials = collection({
  label: 'Reviews',
  path: 'src/content/testimonials/*',
  format: { data: 'yaml' },
  slugField: 'author',
  columns: ['suburb', 'order'],
  schema: {
    quote: words('What the customer said', { min: 60, max: 400, description: 'Their words, as they wrote them.' }),
    author: fields.slug({
      name: {
        label: 'First name',
        description: 'First name only, with a capital, such as Margaret.',
        validation: {
          isRequired: true,
          pattern: { regex: /^\p{Lu}[\p{L}'-]+$/u, message: 'First name only, starting with a capital letter' },
        },
      },
      slug: {
        label: 'File name',
        description: 'Made from the name for a new review; only the site uses it.',
        generate: fileNameOf,
        validation: { pattern: fileNameRule },
      },
    }),
    suburb: fact('Suburb', 'Where the customer lives, such as Pakuranga.'),
    job: words('The job', { min: 5, max: 60, multiline: false, description: 'Shown under the name, such as "Switchboard upgrade".' }),
    service: choice('Kind of work', ['Residential', 'Commercial'], { Residential: 'Home', Commercial: 'Business' }),
    rating: fields.integer({
      label: 'Stars',
      description: 'The site shows five-star reviews only.',
      defaultValue: 5,
      validation: { isRequired: true, min: 5, max: 5 },
    }),
    featured: featured(HOME_COUNTS.testimonials),
    order,
    sample,
  },
});

const services = collection({
  label: 'Services',
  path: 'src/content/services/*',
  format: { data: 'yaml' },
  slugField: 'title',
  columns: ['group', 'order'],
  schema: {
    title: titleWithFileName('Name of the service', {
      min: 3,
      description: 'Such as "Ceiling Fans".',
      fileName: 'The end of the page’s address (/services/ceiling-fans). Changing it breaks links to the old address.',
    }),
    description: words('Short description', {
      min: 40,
      max: 240,
      description: 'One or two sentences for the cards and the top of the page.',
    }),
    fullDescription: fields.array(words('Paragraph', { min: 80 }), {
      label: 'The page’s text',
      ...listLength({ min: 3, max: 5 }, ({ range }) => `${range} paragraphs.`),
      itemLabel: (props) => props.value.slice(0, 60) || 'Paragraph',
    }),
    benefits: fields.array(words('Point', { min: 10, multiline: false }), {
      label: 'What the customer gets',
      ...listLength({ min: 4, max: 8 }, ({ range }) => `${range} short points.`),
      itemLabel: (props) => props.value || 'Point',
    }),
    group: choice('Group', ['residential', 'commercial', 'other'], { residential: 'Homes', commercial: 'Businesses', other: 'Other' }),
    icon,
    image: illustration('Drawing'),
    imageAlt: imageAlt('drawing'),
    seoTitle,
    seoDescription,
    order,
    featured: fields.checkbox({ label: 'Shown large on the homes page', description: 'Switchboard upgrades only.' }),
    kind: choice('Kind of page', ['service'], { service: 'A service with its own page' }),
  },
});

const areas = collection({
  label: 'Area pages',
  path: 'src/content/areas/*',
  format: { contentField: 'body' },
  slugField: 'areaName',
  entryLayout: 'content',
  columns: ['region'],
  schema: {
    areaName: titleWithFileName(
      'Area',
      {
        min: 3,
        description: 'With macrons, such as Ōtāhuhu.',
        fileName: 'The end of the page’s address (/areas/electrician-howick). Changing it breaks links to the old address.',
      },
      areaFileName,
      areaFileNameRule,
    ),
    kind: choice('Kind of page', ['hub', 'suburb'], { hub: 'The East Auckland page', suburb: 'A suburb' }),
    region: choice('Part of Auckland', regions),
    title: seoTitle,
    description: seoDescription,
    heroHeading: words('Heading at the top', { min: 10, max: 80, multiline: false }),
    heroText: words('Text at the top', { min: 40, max: 300 }),
    intro: fields.array(words('Paragraph', { min: 60 }), {
      label: 'About you, in this area',
      ...listLength({ min: 1, max: 3 }, ({ range }) => `${range} paragraphs.`),
      itemLabel: (props) => props.value.slice(0, 60) || 'Paragraph',
    }),
    trustPoints: fields.array(titledText('Point', { withIcon: true }), {
      label: 'Four reasons to call',
      itemLabel: (props) => props.fields.title.value || 'Point',
      validation: { length: { min: 4, max: 4 } },
    }),
    services: fields.array(fields.relationship({ label: 'Service', collection: 'services', validation: { isRequired: true } }), {
      label: 'Services listed',
      ...listLength({ min: 10, max: 12 }, ({ range, max }) => `${range} (${max} on the East Auckland page).`),
      itemLabel: (props) => props.value ?? 'Service',
    }),
    servedSuburbs: fields.array(words('Suburb', { min: 3, multiline: false }), {
      label: 'Suburbs covered',
      ...listLength({ min: 8, max: 15 }, ({ min, max }) => `${sentence(min)} on a suburb page, ${max} on the East Auckland page.`),
      itemLabel: (props) => props.value || 'Suburb',
    }),
    relatedAreas: fields.array(
      fields.object({
        name: fact('Area'),
        url: fields.text({
          label: 'Address on this site',
          description: 'Starting with /, such as /areas/electrician-howick.',
          validation: { isRequired: true, pattern: { regex: /^\/.*/, message: 'Start the address with /' } },
        }),
        description: words('Why look there', { min: 20 }),
      }),
      {
        label: 'Nearby areas',
        ...listLength({ min: 3, max: 6 }, ({ range }) => `${range}.`),
        itemLabel: (props) => props.fields.name.value || 'Area',
      },
    ),
    faq: fields.array(
      fields.object({
        question: words('Question', { min: 10, description: '{region} is filled in with the part of Auckland above.' }),
        answer: words('Answer', { min: 20, description: '{region} is filled in with the part of Auckland above.' }),
      }),
      {
        label: 'Questions and answers',
        ...listLength({ min: 0, max: 5 }, ({ range }) => `${range}; suburb pages add the two every suburb page shares.`),
        itemLabel: (props) => props.fields.question.value || 'Question',
      },
    ),
    whyChoose: fields.array(titledText('Reason', { withIcon: false }), {
      label: 'Why choose us',
      itemLabel: (props) => props.fields.title.value || 'Reason',
    }),
    responseClaim: choice('What the page promises', ['aim', 'same-day'], {
      aim: 'The emergency response aim',
      'same-day': 'Same-day service, typically',
    }),
    image: illustration('Drawing'),
    imageAlt: imageAlt('drawing'),
    body: fields.markdoc({
      label: 'The page’s story',
      description: 'The longer text under the top of the page, with ## headings and lists.',
      extension: 'md',
      options: { image: false, table: false, codeBlock: false, code: false, divider: false, strikethrough: false },
    }),
    // Rarely changed
    areaServed: fields.array(fields.object({ name: fact('Place'), latitude: latitude(), longitude: longitude() }), {
      label: 'Places covered, with where they are (for search engines; rarely changed)',
      itemLabel: (props) => props.fields.name.value || 'Place',
      validation: { length: { min: 1 } },
    }),
    geo: fields.object(
      { latitude: latitude(), longitude: longitude() },
      { label: 'Pin on the home page’s map (rarely changed)', description: 'Where the area’s name starts, or its middle.' },
    ),
  },
});

const webAddress = (label: string, description?: string) =>
  fields.url({ label, ...(description ? { description } : {}), validation: { isRequired: true } });

const business = singleton({
  label: 'Business details',
  path: 'src/content/business',
  format: { data: 'json' },
  schema: {
    notice: fields.text({
      label: 'Notice on every page',
      description: 'A short line at the top of every page, such as "Away 20–27 January: emergencies only". Leave it empty for none.',
      multiline: true,
      validation: { length: { max: 200 } },
    }),
    name: fact('Business name', undefined, [3, 60]),
    shortName: fact('Short name', 'For small spaces, such as the phone’s home screen.', [3, 40]),
    owner: fact('Your first name', 'Fills in {owner} across the site.', [2, 30]),
    phone: fields.object(
      {
        display: fact('As people read it', 'Such as 021 123 4567.', [7, 20]),
        e164: patterned(
          'In international form',
          'For the call buttons: +64, then the number without its first 0, no spaces, such as +6421234567.',
          E164_PATTERN,
          'Write +64 and the number without its first 0, no spaces',
        ),
      },
      { label: 'Phone' },
    ),
    email: fields.text({
      label: 'Email',
      // zod's own test of an email address, which the facts are checked with
      validation: {
        isRequired: true,
        length: { max: 100 },
        pattern: { regex: regexes.email, message: 'Write an email address, such as hello@example.co.nz' },
      },
    }),
    hours: fields.array(
      fields.object({
        days: fields.array(choice('Day', WEEK_DAYS), {
          label: 'Days',
          itemLabel: (props) => props.value,
          validation: { length: { min: 1, max: 7 } },
        }),
        opens: patterned('Opens', '24-hour time, such as 07:00.', CLOCK_TIME_PATTERN, 'Write the time as 07:00'),
        closes: patterned('Closes', '24-hour time, such as 18:00.', CLOCK_TIME_PATTERN, 'Write the time as 18:00'),
        label: fact('As the page shows it', 'Such as Mon–Fri 7am–6pm.', [3, 40]),
      }),
      { label: 'Opening hours', itemLabel: (props) => props.fields.label.value || 'Hours', validation: { length: { min: 1, max: 7 } } },
    ),
    serviceArea: fields.object(
      {
        priority: fact('Where you work most', 'Such as East Auckland.', [3, 40]),
        covered: fact('Where else you go', 'Such as all of Auckland.', [3, 60]),
        summary: fact('Both in a few words', 'Such as "East Auckland first, and all of Auckland".', [10, 100]),
      },
      { label: 'Where you work' },
    ),
    claims: fields.object(
      {
        yearsExperience: whole('Years as an electrician', 'Fills in {years}, shown as the number followed by "+ years".', {
          min: 1,
          max: 80,
        }),
        emergency24x7: fields.checkbox({
          label: 'Emergency call-outs round the clock',
          description: 'Untick if you stop answering at night: pages then no longer say 24/7.',
        }),
        emergencyResponseAim: fact('How fast you aim to reach an emergency', 'Such as 1–2 hours.', [3, 30]),
        typicalService: fact('How soon other jobs are done', 'Such as same-day.', [3, 30]),
        quoteTurnaround: fact('How soon a quote comes', 'Such as 24–48 hours.', [3, 30]),
        quoteValidDays: whole('Days a quote stays valid', 'Such as 30.', { min: 1, max: 365 }),
        rating: fields.object(
          {
            value: decimal('Rating', 'Out of 5, from your reviews.', { min: 1, max: 5 }),
            best: fields.ignored(),
            worst: fields.ignored(),
          },
          { label: 'Rating' },
        ),
        satisfactionPercent: decimal('Satisfied customers, per cent', 'Such as 99.4.', { min: 0, max: 100 }),
        licensedAndInsured: fields.ignored(),
      },
      { label: 'What the site says about you' },
    ),
    priceRange: choice('Price range for search engines', PRICE_RANGES, {}, 'From $ (low) to $$$$ (high).'),
    registration: fields.object(
      {
        number: fact('Your registration number', 'As on your practising licence card.', [1, 20]),
        body: fact('Registered with', undefined, [3, 80]),
        registerUrl: webAddress('Address of the public register (rarely changed)'),
      },
      { label: 'Registration' },
    ),
    memberships: fields.array(fact('Membership', undefined, [2, 80]), {
      label: 'Trade memberships',
      description: 'Only those you really hold, such as Master Electricians.',
      itemLabel: (props) => props.value || 'Membership',
    }),
    social: fields.array(fields.object({ name: fact('Site', 'Such as Facebook.', [2, 30]), url: webAddress('Your page there') }), {
      label: 'Social media pages',
      itemLabel: (props) => props.fields.name.value || 'Page',
    }),
    reviewSite: fields.object(
      {
        name: fact('Its name as it reads after the number of reviews', 'Such as "Google reviews".', [3, 40]),
        url: webAddress('Your listing there'),
        reviewCount: whole('How many reviews it holds', 'The number the listing shows.', { min: 1 }),
      },
      { label: 'Where your reviews are' },
    ),
    reviewShares: fields.array(
      fields.object({
        name: fact('Suburb page', 'The area’s name as its page has it, such as Howick.', [3, 60]),
        reviews: whole('Reviews by its customers', 'No more than the listing holds.', { min: 0 }),
      }),
      { label: 'Reviews by suburb', itemLabel: (props) => props.fields.name.value || 'Suburb' },
    ),
    // Rarely changed
    linesCompany: fields.object(
      {
        name: fact('Name', 'Such as Vector.', [2, 40]),
        phoneDisplay: fact('Phone as people read it', undefined, [7, 20]),
        phoneE164: patterned(
          'Phone in international form',
          'Such as +64508832867.',
          E164_PATTERN,
          'Write +64 and the number without its first 0, no spaces',
        ),
      },
      { label: 'Lines company for power cuts (rarely changed)' },
    ),
    address: fields.object(
      {
        locality: fact('Town', 'Such as Howick, Auckland.', [2, 60]),
        region: fact('Region', 'Such as Auckland.', [2, 40]),
        country: fields.ignored(),
      },
      { label: 'Where the business is based (rarely changed)' },
    ),
    geo: fields.object(
      {
        latitude: decimal('Latitude', 'Such as -36.91; five decimals at most.', { min: -47.5, max: -34 }),
        longitude: decimal('Longitude', 'Such as 174.91.', { min: 166, max: 179 }),
      },
      { label: 'Where the business is, on a map (rarely changed)' },
    ),
    defaultOrigin: webAddress(
      'The site’s address (rarely changed)',
      'Such as https://www.example.co.nz. The server’s SITE_URL setting overrides it.',
    ),
  },
});

/** Typed as any Keystatic config, as the UI and the API handler take it */
export const editorConfig: Config = {
  storage: { kind: 'local' },
  ui: {
    brand: { name: 'Website' },
    navigation: {
      'Your work': ['projects', 'testimonials'],
      'Services and areas': ['services', 'areas'],
      Business: ['business'],
    },
  },
  collections: { projects, testimonials, services, areas },
  singletons: { business },
};
