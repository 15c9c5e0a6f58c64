/** What the area pages derive from their content and the business facts */
import { business } from '../config/business.ts';
import { noCallOutsWords } from './availability.ts';
import { availability, emergencyClaim } from '../lib/site-day.ts';
import { areaPages, homePath, servicePath } from '../config/routes.ts';
import type { ServiceLink } from './cards.ts';
import type { AreaEntry } from './content.ts';
import { areaEntries, pageContent, serviceEntry } from './content.ts';
import type { Crumb } from './seo/json-ld.ts';

/** The emergency promise a page may make: the 1–2 hour aim where content says so, otherwise same-day */
export function responseClaim(claim: AreaEntry['data']['responseClaim'], areaName: string): string {
  const typical = `${business.claims.typicalService[0]!.toUpperCase()}${business.claims.typicalService.slice(1)} service is typical in ${areaName}`;
  if (!availability.emergencyCallOuts)
    return `${typical}; ${noCallOutsWords(availability).replace(/^No/, 'no')}.`;
  // Mid-sentence: lower-case the capital emergencyClaim starts with when the claim is off
  const callOuts = emergencyClaim('emergency call-outs').toLowerCase();
  return claim === 'aim'
    ? `Emergency response aim in ${areaName}: ${business.claims.emergencyResponseAim}, with ${callOuts}.`
    : `${typical}, with ${callOuts}.`;
}

async function serviceLinks(slugs: readonly string[]): Promise<ServiceLink[]> {
  return Promise.all(
    slugs.map(async (slug) => {
      const entry = await serviceEntry(slug);
      return { title: entry.data.title, href: servicePath(slug), icon: entry.data.icon };
    }),
  );
}

function areaPath(entry: AreaEntry): string {
  return `/areas/${entry.id}`;
}

interface Heading {
  id: string;
  title: string;
}

/** One block below an area page's hero and breadcrumbs, with its wording */
export type AreaBlock =
  /** The intro beside the contact card (suburbs), or above the benefit cards (hub) */
  | ({ kind: 'intro'; beside: 'contact' | 'cards' } & Heading)
  | { kind: 'trust'; label: string }
  /** `groupLinks`: the residential, commercial and emergency links close the block, else 'View All Services' */
  | ({ kind: 'services'; groupLinks: boolean } & Heading)
  | { kind: 'emergency' }
  /** The long local article of the entry's body */
  | { kind: 'guide'; label: string; element: 'article' | 'div' }
  | ({ kind: 'suburbs' } & Heading)
  | ({ kind: 'whyChoose' } & Heading)
  /** `group` names the accordion, so opening one answer closes the others */
  | ({ kind: 'faq'; group: string } & Heading)
  | ({ kind: 'related'; groupLinks: boolean } & Heading);

/** What sets the hub's page apart from a suburb's */
interface AreaLayout {
  /** Crumbs between Home and the page itself */
  parents: Crumb[];
  /** Whether the questions every suburb page shares (pages/area-faq.yaml) follow the page's own */
  sharedFaq: boolean;
  /** In page order */
  blocks: AreaBlock[];
  ctaTitle: string;
}

// The hub leads the route table's area pages; suburb pages sit below it in the breadcrumbs
const hub = areaPages[0]!;

const layouts: Record<
  AreaEntry['data']['kind'],
  (areaName: string, inHubRegion: boolean) => AreaLayout
> = {
  hub: (areaName) => ({
    parents: [],
    sharedFaq: false,
    blocks: [
      {
        kind: 'intro',
        beside: 'cards',
        id: 'hub-intro',
        // "On call" only while emergency call-outs go on
        title: availability.emergencyCallOuts
          ? 'Local, licensed and on call'
          : 'Local and licensed',
      },
      {
        kind: 'services',
        groupLinks: true,
        id: 'hub-services',
        title: `Electrical services across ${areaName}`,
      },
      { kind: 'suburbs', id: 'hub-suburbs', title: 'Suburbs we serve' },
      {
        kind: 'guide',
        label: `A local guide to electrical work in ${areaName}`,
        element: 'article',
      },
      { kind: 'faq', group: 'hub-faq', id: 'hub-faq', title: 'Common questions' },
      { kind: 'related', groupLinks: false, id: 'hub-nearby', title: 'Find your suburb' },
    ],
    ctaTitle: `Get a free quote in ${areaName}`,
  }),
  suburb: (areaName, inHubRegion) => ({
    // Below the hub only when the suburb is in its part of Auckland (Ōtāhuhu, say, is not)
    parents: inHubRegion ? [{ name: hub.label, path: hub.href }] : [],
    sharedFaq: true,
    blocks: [
      {
        kind: 'intro',
        beside: 'contact',
        id: 'intro-heading',
        title: `Your local electrician in ${areaName}`,
      },
      { kind: 'trust', label: 'Why you can trust us' },
      {
        kind: 'services',
        groupLinks: false,
        id: 'services-heading',
        title: `Electrical services in ${areaName}`,
      },
      { kind: 'emergency' },
      { kind: 'guide', label: `About ${areaName}`, element: 'div' },
      { kind: 'suburbs', id: 'suburbs-heading', title: `Suburbs we serve from ${areaName}` },
      { kind: 'whyChoose', id: 'why-heading', title: `Why choose us in ${areaName}` },
      {
        kind: 'faq',
        group: 'area-faq',
        id: 'faq-heading',
        title: `Questions from ${areaName} customers`,
      },
      { kind: 'related', groupLinks: true, id: 'related-heading', title: 'Nearby areas we cover' },
    ],
    ctaTitle: `Need an electrician in ${areaName}?`,
  }),
};

export interface AreaFaqItem {
  question: string;
  answer: string;
  /** The same on every suburb page, so left out of the spun-text comparison */
  shared?: boolean;
}

/** Everything an area page shows beyond its entry's own fields, hub and suburb alike */
export interface AreaPage {
  path: string;
  crumbs: Crumb[];
  faq: AreaFaqItem[];
  services: ServiceLink[];
  /** The blocks with something to show, in page order */
  blocks: AreaBlock[];
  ctaTitle: string;
}

export async function areaPage(entry: AreaEntry): Promise<AreaPage> {
  const { data } = entry;
  const inHubRegion = data.region === (await hubEntry()).data.region;
  const layout = layouts[data.kind](data.areaName, inHubRegion);
  const path = areaPath(entry);
  const sharedFaq = layout.sharedFaq
    ? (await pageContent('area-faq')).items.map((item) => ({ ...item, shared: true }))
    : [];
  const faq = [...data.faq, ...sharedFaq];
  const empty = (block: AreaBlock) =>
    (block.kind === 'whyChoose' && data.whyChoose.length === 0) ||
    (block.kind === 'faq' && faq.length === 0);
  return {
    path,
    crumbs: [{ name: 'Home', path: homePath }, ...layout.parents, { name: data.areaName, path }],
    faq,
    services: await serviceLinks(data.services),
    blocks: layout.blocks.filter((block) => !empty(block)),
    ctaTitle: layout.ctaTitle,
  };
}

/** The East Auckland hub's entry, served at its own path and at its alias */
export async function hubEntry(): Promise<AreaEntry> {
  const found = (await areaEntries()).find((entry) => entry.data.kind === 'hub');
  if (!found) throw new Error('No areas entry with kind: hub');
  return found;
}
