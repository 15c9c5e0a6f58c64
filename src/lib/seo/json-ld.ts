/**
 * JSON-LD builders, typed with schema-dts. Pages pass content in; these return plain objects,
 * and `serializeJsonLd` turns them into text that is safe inside a <script> element.
 */
import type {
  AggregateRating,
  BreadcrumbList,
  Electrician,
  FAQPage,
  Graph,
  ImageGallery,
  Place,
  Service,
  WithContext,
} from 'schema-dts';
import { business, type Business } from '../../config/business.ts';
import { buildDay, closureSet } from '../availability.ts';
import { openingHoursSpecification } from '../opening-hours.ts';
import { absoluteUrl } from './head.ts';
import { defaultOgImagePath } from './og-image.ts';

export interface AreaServedEntry {
  name: string;
  latitude?: number | undefined;
  longitude?: number | undefined;
}

/** The one identifier of the business: every node about it is this node, or points at it */
export function businessId(origin: string): string {
  return `${origin}/#business`;
}

const businessRef = (origin: string) => ({ '@id': businessId(origin) });

/**
 * The business's one rating: its value, and how many reviews its listing on the review site holds.
 * It is stated once, on the business node; a suburb page's share of those reviews is shown on the
 * page only, never as a rating of its own that a search engine would read as a second figure.
 */
export function aggregateRating(facts: Business = business): AggregateRating {
  return {
    '@type': 'AggregateRating',
    ratingValue: facts.claims.rating.value,
    bestRating: facts.claims.rating.best,
    worstRating: facts.claims.rating.worst,
    reviewCount: facts.reviewSite.reviewCount,
  };
}

function place(entry: AreaServedEntry): Place {
  const result: Place = { '@type': 'Place', name: entry.name };
  if (entry.latitude !== undefined && entry.longitude !== undefined) {
    return {
      ...result,
      geo: { '@type': 'GeoCoordinates', latitude: entry.latitude, longitude: entry.longitude },
    };
  }
  return result;
}

/**
 * Google reads a business's geo to at least five decimal places; a rougher point (a suburb's
 * centre) would put the business somewhere it is not, so it is left out until the facts hold one.
 * Write both numbers with five decimals whose last is not 0 (174.93201, not 174.932).
 */
export function hasGeoPrecision({
  latitude,
  longitude,
}: {
  latitude: number;
  longitude: number;
}): boolean {
  const decimals = (value: number) => String(value).split('.')[1]?.length ?? 0;
  return decimals(latitude) >= 5 && decimals(longitude) >= 5;
}

/** A link to a site's front page (the placeholder the facts ship with) is not the business's profile there */
export function isProfileUrl(url: string): boolean {
  return new URL(url).pathname.split('/').some((segment) => segment !== '');
}

/**
 * The business as schema.org's Electrician (a HomeAndConstructionBusiness). It depends on the
 * facts and the origin alone, so every page that carries it says the same thing, its one rating
 * included; what a page adds (its area, its service) goes into nodes of its own that point at this one.
 */
/** A closure not yet over, as days closed all day (schema.org: opens and closes at 00:00) */
function closedDays({ closure }: Pick<Business, 'closure'>, day: string) {
  if (!closureSet(closure) || closure.to < day) return {};
  return {
    specialOpeningHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification' as const,
        validFrom: closure.from,
        validThrough: closure.to,
        opens: '00:00',
        closes: '00:00',
      },
    ],
  };
}

function businessNode(origin: string, facts: Business, day: string): Electrician {
  const profiles = facts.social.map((link) => link.url).filter(isProfileUrl);
  return {
    '@type': 'Electrician',
    '@id': businessId(origin),
    name: facts.name,
    url: absoluteUrl('/', origin),
    image: absoluteUrl(defaultOgImagePath, origin),
    telephone: facts.phone.e164,
    email: facts.email,
    priceRange: facts.priceRange,
    address: {
      '@type': 'PostalAddress',
      addressLocality: facts.address.locality,
      addressRegion: facts.address.region,
      addressCountry: facts.address.country,
    },
    ...(hasGeoPrecision(facts.geo)
      ? {
          geo: {
            '@type': 'GeoCoordinates',
            latitude: facts.geo.latitude,
            longitude: facts.geo.longitude,
          },
        }
      : {}),
    areaServed: [place({ name: facts.serviceArea.priority }), place({ name: 'Auckland' })],
    openingHoursSpecification: openingHoursSpecification(facts.hours),
    ...closedDays(facts, day),
    ...(profiles.length > 0 ? { sameAs: profiles } : {}),
    aggregateRating: aggregateRating(facts),
  };
}

/** The business, and the page at `path` as a WebPage about it */
export function electricianLd(
  { origin, path }: { origin: string; path: string },
  facts: Business = business,
  /** The New Zealand day the page speaks for: a closure over by then is left out */
  day: string = buildDay(),
): Graph {
  const url = absoluteUrl(path, origin);
  return {
    '@context': 'https://schema.org',
    '@graph': [
      businessNode(origin, facts, day),
      { '@type': 'WebPage', '@id': url, url, about: businessRef(origin) },
    ],
  };
}

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbLd(
  crumbs: readonly Crumb[],
  origin: string,
): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      // The last crumb is the page itself; Google allows leaving its item off
      ...(index < crumbs.length - 1 ? { item: absoluteUrl(crumb.path, origin) } : {}),
    })),
  };
}

export function faqLd(
  items: readonly { question: string; answer: string }[],
): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

export interface GalleryImage {
  url: string;
  alt: string;
  caption: string;
  about: string;
  width?: number;
  height?: number;
}

export function imageGalleryLd(
  name: string,
  images: readonly GalleryImage[],
  origin: string,
): WithContext<ImageGallery> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ImageGallery',
    name,
    provider: businessRef(origin),
    image: images.map((image) => ({
      '@type': 'ImageObject',
      contentUrl: absoluteUrl(image.url, origin),
      description: image.alt,
      caption: image.caption,
      about: image.about,
      ...(image.width
        ? { width: { '@type': 'QuantitativeValue', value: image.width, unitCode: 'E37' } }
        : {}),
      ...(image.height
        ? { height: { '@type': 'QuantitativeValue', value: image.height, unitCode: 'E37' } }
        : {}),
    })),
  };
}

export interface ServiceInput {
  name: string;
  description: string;
  path: string;
  serviceType: string;
  /** Where it is offered; the business's priority area and Auckland unless a page names its own */
  areaServed?: readonly AreaServedEntry[];
}

/** A service the business provides, for the page that offers it */
export function serviceLd(
  service: ServiceInput,
  origin: string,
  facts: Business = business,
): WithContext<Service> {
  const areaServed = service.areaServed ?? [
    { name: facts.serviceArea.priority },
    { name: 'Auckland' },
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: service.name,
    serviceType: service.serviceType,
    description: service.description,
    url: absoluteUrl(service.path, origin),
    provider: businessRef(origin),
    areaServed: areaServed.map(place),
  };
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the element */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
