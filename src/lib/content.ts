/**
 * Typed access to the content collections, with the slug lists SPEC.md fixes and the structure
 * the pages need checked on first use (content-rules.ts), so a missing, misplaced or duplicated
 * entry fails the build with a clear message.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { areaPages, featuredServiceSlug, serviceGroups, serviceSlugs } from '../config/routes.ts';
import { business, businessSchema } from '../config/business.ts';
import { AREA_SETTINGS, checkContentRules, pageWords } from './content-rules.ts';
import { fieldLabels } from './field-labels.ts';

export type ServiceEntry = CollectionEntry<'services'>;
export type DetailService = ServiceEntry & {
  data: Extract<ServiceEntry['data'], { kind: 'service' }>;
};
export type GroupService = ServiceEntry & {
  data: Extract<ServiceEntry['data'], { kind: 'group' }>;
};
export type EmergencyService = ServiceEntry & {
  data: Extract<ServiceEntry['data'], { kind: 'emergency' }>;
};
export type AreaEntry = CollectionEntry<'areas'>;
export type ProjectEntry = CollectionEntry<'projects'>;
export type TestimonialEntry = CollectionEntry<'testimonials'>;

const byOrder = <T extends { data: { order: number } }>(a: T, b: T) => a.data.order - b.data.order;

let checked: Promise<void> | undefined;
function ensureChecked(): Promise<void> {
  checked ??= (async () => {
    const [services, areas, projects, testimonials, pages, quote] = await Promise.all([
      getCollection('services'),
      getCollection('areas'),
      getCollection('projects'),
      getCollection('testimonials'),
      getCollection('pages'),
      pageContent('quote'),
    ]);
    checkContentRules({
      services: services.map((entry) => ({
        id: entry.id,
        folder: entry.filePath?.split('/').at(-2) ?? '',
        kind: entry.data.kind,
        group: 'group' in entry.data ? entry.data.group : undefined,
        featured: 'featured' in entry.data ? entry.data.featured : false,
      })),
      areas: areas.map((entry) => ({
        id: entry.id,
        kind: entry.data.kind,
        areaName: entry.data.areaName,
        region: entry.data.region,
        places: entry.data.areaServed.map((place) => place.name),
        services: entry.data.services,
        servedSuburbs: entry.data.servedSuburbs,
        relatedAreas: entry.data.relatedAreas.map((area) => area.url),
        faq: entry.data.faq.length,
      })),
      projects: projects.map((entry) => ({ id: entry.id, featured: entry.data.featured })),
      testimonials: testimonials.map((entry) => ({ id: entry.id, featured: entry.data.featured })),
      wording: [
        ...services.map((entry) => ({
          page: `The “${entry.data.title}” page`,
          text: pageWords(entry.data),
        })),
        ...areas.map((entry) => ({
          page: `The ${entry.data.areaName} area page`,
          text: pageWords(entry.data, entry.body, AREA_SETTINGS),
        })),
        ...pages.map((entry) => ({
          page: `The ${entry.data.page} page`,
          text: pageWords(entry.data),
        })),
      ],
      quoteGroups: quote.serviceAreas,
      expected: {
        serviceSlugs,
        serviceGroups,
        featuredServiceSlug,
        areaPaths: areaPages.map((area) => area.href),
        reviewShares: business.reviewShares.map((share) => share.name),
        roundTheClock: {
          claimed: business.claims.emergency24x7,
          switchLabel:
            fieldLabels(businessSchema, 'claims.emergency24x7')?.at(-1) ?? 'emergency24x7',
        },
        typicalService: {
          said: business.claims.typicalService,
          fieldLabel:
            fieldLabels(businessSchema, 'claims.typicalService')?.at(-1) ?? 'typicalService',
        },
      },
    });
  })();
  return checked;
}

export async function detailServices(group?: keyof typeof serviceSlugs): Promise<DetailService[]> {
  await ensureChecked();
  const all = (await getCollection('services')).filter(
    (entry): entry is DetailService => entry.data.kind === 'service',
  );
  return all.filter((entry) => !group || entry.data.group === group).sort(byOrder);
}

export async function serviceEntry(slug: string): Promise<ServiceEntry> {
  await ensureChecked();
  const entry = (await getCollection('services')).find((candidate) => candidate.id === slug);
  if (!entry) throw new Error(`No services entry "${slug}"`);
  return entry;
}

export async function groupService(slug: (typeof serviceGroups)[number]): Promise<GroupService> {
  const entry = await serviceEntry(slug);
  if (entry.data.kind !== 'group') throw new Error(`services/${slug} must be kind: group`);
  return entry as GroupService;
}

export async function emergencyService(): Promise<EmergencyService> {
  const entry = await serviceEntry('emergency-electrician');
  if (entry.data.kind !== 'emergency')
    throw new Error('services/emergency-electrician must be kind: emergency');
  return entry as EmergencyService;
}

export async function areaEntries(): Promise<AreaEntry[]> {
  await ensureChecked();
  const order = areaPages.map((area) => area.href);
  return (await getCollection('areas')).sort(
    (a, b) => order.indexOf(`/areas/${a.id}`) - order.indexOf(`/areas/${b.id}`),
  );
}

export async function projectEntries(): Promise<ProjectEntry[]> {
  await ensureChecked();
  return (await getCollection('projects')).sort(byOrder);
}

export async function testimonialEntries(): Promise<TestimonialEntry[]> {
  await ensureChecked();
  return (await getCollection('testimonials')).sort(byOrder);
}

export async function pageContent<P extends CollectionEntry<'pages'>['data']['page']>(page: P) {
  const entry = (await getCollection('pages')).find((candidate) => candidate.data.page === page);
  if (!entry) throw new Error(`No pages entry with page: ${page}`);
  return entry.data as Extract<CollectionEntry<'pages'>['data'], { page: P }>;
}
