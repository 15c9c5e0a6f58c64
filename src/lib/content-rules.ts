/**
 * The counts and slug lists SPEC.md fixes, checked against the content. Pure, so it is unit
 * tested; `content.ts` runs it on the real collections during the build.
 */

export interface ContentSummary {
  services: { id: string; kind: string; group: string | undefined; featured: boolean }[];
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
  /** The quote page's service areas */
  quoteGroups: readonly { heading: string; region: string; suburbs: readonly string[] }[];
  expected: {
    serviceSlugs: Record<string, readonly string[]>;
    serviceGroups: readonly string[];
    featuredServiceSlug: string;
    areaPaths: readonly string[];
    /** The suburbs business.json gives a share of the reviews, by name */
    reviewShares: readonly string[];
  };
}

export function contentProblems(content: ContentSummary): string[] {
  const problems: string[] = [];
  const { expected } = content;
  const services = new Map(content.services.map((entry) => [entry.id, entry]));
  for (const [group, slugs] of Object.entries(expected.serviceSlugs)) {
    if (new Set(slugs).size !== slugs.length) problems.push(`the ${group} slug list repeats a slug`);
    for (const slug of slugs) {
      const entry = services.get(slug);
      if (!entry) problems.push(`services/${slug}.yaml is missing (a ${group} service)`);
      else if (entry.kind !== 'service' || entry.group !== group)
        problems.push(`services/${slug}.yaml must be kind: service, group: ${group}`);
    }
  }
  const detailSlugs = new Set(Object.values(expected.serviceSlugs).flat());
  for (const entry of content.services) {
    if (entry.kind === 'service' && !detailSlugs.has(entry.id)) problems.push(`services/${entry.id}.yaml is not in SPEC's slug lists`);
    if (entry.featured && entry.id !== expected.featuredServiceSlug)
      problems.push(`services/${entry.id}.yaml: only ${expected.featuredServiceSlug} is featured`);
  }
  if (!services.get(expected.featuredServiceSlug)?.featured)
    problems.push(`services/${expected.featuredServiceSlug}.yaml must be featured`);
  for (const group of expected.serviceGroups) {
    if (services.get(group)?.kind !== 'group') problems.push(`services/${group}.yaml (kind: group) is missing`);
  }

  const areaIds = content.areas.map((area) => `/areas/${area.id}`);
  for (const path of expected.areaPaths) if (!areaIds.includes(path)) problems.push(`areas${path.slice(6)}.md is missing`);
  for (const id of areaIds)
    if (!expected.areaPaths.includes(id)) problems.push(`areas${id.slice(6)}.md is not an area page of the route table`);
  for (const area of content.areas) {
    const hub = area.kind === 'hub';
    const where = `areas/${area.id}.md`;
    if (hub ? area.services.length !== 12 : area.services.length < 10 || area.services.length > 12)
      problems.push(`${where}: ${area.services.length} services`);
    for (const slug of area.services) if (services.get(slug)?.kind !== 'service') problems.push(`${where}: unknown service ${slug}`);
    if (new Set(area.services).size !== area.services.length) problems.push(`${where}: a service is listed twice`);
    if (area.servedSuburbs.length !== (hub ? 15 : 8))
      problems.push(`${where}: ${area.servedSuburbs.length} served suburbs, expected ${hub ? 15 : 8}`);
    if (hub && area.relatedAreas.length !== 6) problems.push(`${where}: the hub needs 6 nearby-area cards`);
    if (!hub && (area.faq < 2 || area.faq > 3))
      problems.push(`${where}: ${area.faq} local FAQ items, expected 2 to 3 (plus the 2 shared ones)`);
    for (const url of area.relatedAreas) {
      if (!expected.areaPaths.includes(url) || url === `/areas/${area.id}`)
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
  const suburbNames = content.areas.filter((area) => area.kind === 'suburb').map((area) => area.areaName);
  for (const area of content.areas)
    if (area.kind === 'suburb' && !expected.reviewShares.includes(area.areaName))
      problems.push(`areas/${area.id}.md: business.json reviewShares has no entry named "${area.areaName}"`);
  for (const name of expected.reviewShares)
    if (!suburbNames.includes(name)) problems.push(`business.json reviewShares: "${name}" is not the areaName of a suburb page`);
  if (new Set(expected.reviewShares).size !== expected.reviewShares.length)
    problems.push('business.json reviewShares names a suburb twice');

  const count = (items: { featured: boolean }[]) => [items.length, items.filter((item) => item.featured).length];
  const [projects, featuredProjects] = count(content.projects);
  if (projects !== 24 || featuredProjects !== 6)
    problems.push(`projects: ${projects} entries with ${featuredProjects} featured; expected 24 with 6 featured`);
  const [testimonials, featuredTestimonials] = count(content.testimonials);
  if (testimonials !== 12 || featuredTestimonials !== 6)
    problems.push(`testimonials: ${testimonials} entries with ${featuredTestimonials} featured; expected 12 with 6 featured`);
  return problems;
}

export function checkContentRules(content: ContentSummary): void {
  const problems = contentProblems(content);
  if (problems.length > 0) throw new Error(`Content does not match SPEC.md:\n- ${problems.join('\n- ')}`);
}
