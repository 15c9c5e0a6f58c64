/**
 * The slug lists SPEC.md fixes and the structure the pages rely on, checked against the content.
 * How many projects or reviews there are is the content's own business (SPEC.md's counts describe
 * the site at launch); only what a layout needs is a minimum. Pure, so it is unit tested;
 * `content.ts` runs it on the real collections during the build.
 */
import { areaPathOf } from './area-files.ts';
import { HOME_COUNTS } from './constants.ts';
import { SHOW_ON_HOME_LABEL } from './content-schemas.ts';

export interface ContentSummary {
  /** Each service entry, with the folder of src/content it is in */
  services: {
    id: string;
    folder: string;
    kind: string;
    group: string | undefined;
    featured: boolean;
  }[];
  areas: {
    id: string;
    kind: string;
    areaName: string;
    region: string;
    /** The places the page covers (its areaServed) */
    places: string[];
    services: string[];
    servedSuburbs: string[];
    relatedAreas: string[];
    faq: number;
  }[];
  projects: { id: string; featured: boolean }[];
  testimonials: { id: string; featured: boolean }[];
  /** Each page's own words (service, area and site pages), by the name the owner knows it by */
  wording: { page: string; text: string }[];
  /** The quote page's service areas */
  quoteGroups: readonly { heading: string; region: string; suburbs: readonly string[] }[];
  expected: {
    serviceSlugs: Record<string, readonly string[]>;
    serviceGroups: readonly string[];
    featuredServiceSlug: string;
    /** The route table's area pages (area-files.ts reads the same table for the editor) */
    areaPaths: readonly string[];
    /** The suburbs business.json gives a share of the reviews, by name */
    reviewShares: readonly string[];
    /** Whether the business answers emergencies round the clock, and the words of that switch */
    roundTheClock: { claimed: boolean; switchLabel: string };
    /** How soon other jobs are done, as his business details say it, and the words of that field */
    typicalService: { said: string; fieldLabel: string };
  };
}

export function contentProblems(content: ContentSummary): string[] {
  const problems: string[] = [];
  const { expected } = content;
  const services = new Map(content.services.map((entry) => [entry.id, entry]));
  // SPEC's services must be there (links and redirects point at them); a service added later is welcome
  for (const [group, slugs] of Object.entries(expected.serviceSlugs)) {
    if (new Set(slugs).size !== slugs.length)
      problems.push(`the ${group} slug list repeats a slug`);
    for (const slug of slugs) {
      const entry = services.get(slug);
      if (!entry) problems.push(`services/${slug}.yaml is missing (a ${group} service)`);
      else if (entry.kind !== 'service' || entry.group !== group)
        problems.push(`services/${slug}.yaml must be kind: service, group: ${group}`);
    }
  }
  for (const entry of content.services) {
    if (entry.featured && entry.id !== expected.featuredServiceSlug)
      problems.push(
        `${entry.folder}/${entry.id}.yaml: only ${expected.featuredServiceSlug} is featured`,
      );
  }
  if (!services.get(expected.featuredServiceSlug)?.featured)
    problems.push(`services/${expected.featuredServiceSlug}.yaml must be featured`);
  for (const group of expected.serviceGroups) {
    if (services.get(group)?.kind !== 'group')
      problems.push(`service-pages/${group}.yaml (kind: group) is missing`);
  }
  // The owner's editor maps one shape to a folder: the detail pages alone in services/
  for (const entry of content.services) {
    const folder = entry.kind === 'service' ? 'services' : 'service-pages';
    if (entry.folder !== folder)
      problems.push(
        `${entry.folder}/${entry.id}.yaml is kind: ${entry.kind}, which belongs in ${folder}/`,
      );
  }

  const areaPaths = content.areas.map((area) => areaPathOf(area.id));
  for (const path of expected.areaPaths)
    if (!areaPaths.includes(path)) problems.push(`areas${path.slice(6)}.md is missing`);
  for (const area of content.areas)
    if (!expected.areaPaths.includes(areaPathOf(area.id)))
      problems.push(`areas/${area.id}.md is not an area page of the route table`);
  for (const area of content.areas) {
    const hub = area.kind === 'hub';
    const where = `areas/${area.id}.md`;
    if (hub ? area.services.length !== 12 : area.services.length < 10 || area.services.length > 12)
      problems.push(`${where}: ${area.services.length} services`);
    for (const slug of area.services)
      if (services.get(slug)?.kind !== 'service')
        problems.push(`${where}: unknown service ${slug}`);
    if (new Set(area.services).size !== area.services.length)
      problems.push(`${where}: a service is listed twice`);
    if (area.servedSuburbs.length !== (hub ? 15 : 8))
      problems.push(
        `${where}: ${area.servedSuburbs.length} served suburbs, expected ${hub ? 15 : 8}`,
      );
    if (hub && area.relatedAreas.length !== 6)
      problems.push(`${where}: the hub needs 6 nearby-area cards`);
    if (!hub && (area.faq < 2 || area.faq > 3))
      problems.push(
        `${where}: ${area.faq} local FAQ items, expected 2 to 3 (plus the 2 shared ones)`,
      );
    for (const url of area.relatedAreas) {
      if (!expected.areaPaths.includes(url) || url === areaPathOf(area.id))
        problems.push(`${where}: related area ${url} is not another area page`);
    }
  }

  // A place an area page covers is in that area's region wherever the quote page lists it
  for (const area of content.areas) {
    for (const place of area.places) {
      for (const group of content.quoteGroups) {
        if (group.suburbs.includes(place) && group.region !== area.region)
          problems.push(
            `pages/quote.yaml lists ${place} under "${group.heading}" (${group.region}), but areas/${area.id}.md is in ${area.region}`,
          );
      }
    }
  }

  // Every suburb page shows its share of the one rating, so the facts must hold one for each
  const suburbNames = content.areas
    .filter((area) => area.kind === 'suburb')
    .map((area) => area.areaName);
  for (const area of content.areas)
    if (area.kind === 'suburb' && !expected.reviewShares.includes(area.areaName))
      problems.push(
        `areas/${area.id}.md: business.json reviewShares has no entry named "${area.areaName}"`,
      );
  for (const name of expected.reviewShares)
    if (!suburbNames.includes(name))
      problems.push(`business.json reviewShares: "${name}" is not the areaName of a suburb page`);
  if (new Set(expected.reviewShares).size !== expected.reviewShares.length)
    problems.push('business.json reviewShares names a suburb twice');

  // How many there are follows the content; the home page needs enough featured ones to fill its rows
  const featured = (items: readonly { featured: boolean }[]) =>
    items.filter((item) => item.featured).length;
  // In the words of the box the owner ticks
  for (const [collection, items, needed] of [
    ['Projects', content.projects, HOME_COUNTS.projects],
    ['Reviews', content.testimonials, HOME_COUNTS.testimonials],
  ] as const) {
    if (featured(items) < needed)
      problems.push(
        `${collection}: ${featured(items)} have “${SHOW_ON_HOME_LABEL}” ticked; the home page shows ${needed}, so tick it on at least ${needed}`,
      );
  }
  problems.push(...roundTheClockProblems(content), ...sameDayProblems(content));
  return problems;
}

/**
 * Words that claim round-the-clock work ("around the clock" alone is left out: a towel rail is
 * left on around the clock)
 */
const ROUND_THE_CLOCK_WORDS =
  /24\s*\/\s*7|24 hours a day|day or night|night or day|day and night|any hour|at any time|7 days a week|every day of the year|(?:help|answered|available|on call) around the clock/i;

/** Each page whose own words match `words`, with the first words found, as `problem` puts it */
function pagesSaying(
  wording: ContentSummary['wording'],
  words: RegExp,
  problem: (page: string, claim: string) => string,
): string[] {
  return wording.flatMap(({ page, text }) => {
    const claim = words.exec(text)?.[0];
    return claim === undefined ? [] : [problem(page, claim)];
  });
}

/**
 * The pages whose own words still claim round-the-clock work once he says he no longer gives it:
 * what the site makes from the facts follows the switch, but words he wrote stay as written
 */
function roundTheClockProblems({ wording, expected }: ContentSummary): string[] {
  if (expected.roundTheClock.claimed) return [];
  return pagesSaying(
    wording,
    ROUND_THE_CLOCK_WORDS,
    (page, claim) =>
      `${page} still says “${claim}”, but “${expected.roundTheClock.switchLabel}” is unticked in your business details: change its words, or tick it again`,
  );
}

/** An area page's fields that are choices, not his words ('same-day' names one of the promises) */
export const AREA_SETTINGS = ['responseClaim'];

/** A page's own words for the wording rules: its fields and its body, without the fields in `settings` */
export function pageWords(
  data: Readonly<Record<string, unknown>>,
  body = '',
  settings: readonly string[] = [],
): string {
  const words = Object.entries(data).filter(([field]) => !settings.includes(field));
  return `${JSON.stringify(Object.fromEntries(words))}\n${body}`;
}

const SAME_DAY_WORDS = /same[-\s]+day/i;

/**
 * The pages whose own words still promise same-day work once his business details say other jobs
 * take longer: the area pages' service line follows the field, but words he wrote stay as written
 */
function sameDayProblems({ wording, expected }: ContentSummary): string[] {
  const { said, fieldLabel } = expected.typicalService;
  if (SAME_DAY_WORDS.test(said)) return [];
  return pagesSaying(
    wording,
    SAME_DAY_WORDS,
    (page, claim) =>
      `${page} still says “${claim}”, but “${fieldLabel}” in your business details says “${said}”: change its words, or that detail`,
  );
}

export function checkContentRules(content: ContentSummary): void {
  const problems = contentProblems(content);
  if (problems.length > 0)
    throw new Error(`Content does not match SPEC.md:\n- ${problems.join('\n- ')}`);
}
