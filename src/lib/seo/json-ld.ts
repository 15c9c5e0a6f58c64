/**
 * JSON-LD builders, typed with schema-dts. Pages pass content in; these return plain objects,
 * and `serializeJsonLd` turns them into text that is safe inside a <script> element.
 */
import type { AggregateRating, BreadcrumbList, Electrician, FAQPage, ImageGallery, Place, Service, WithContext } from 'schema-dts';
import { business, type Business } from '../../config/business.ts';
import { absoluteUrl } from './head.ts';

export interface AreaServedEntry {
  name: string;
  latitude?: number | undefined;
  longitude?: number | undefined;
}

export function aggregateRating(reviewCount: number, facts: Business = business): AggregateRating {
  return {
    '@type': 'AggregateRating',
    ratingValue: facts.claims.rating.value,
    bestRating: facts.claims.rating.best,
    worstRating: facts.claims.rating.worst,
    reviewCount,
  };
}

function place(entry: AreaServedEntry): Place {
  const result: Place = { '@type': 'Place', name: entry.name };
  if (entry.latitude !== undefined && entry.longitude !== undefined) {
    return { ...result, geo: { '@type': 'GeoCoordinates', latitude: entry.latitude, longitude: entry.longitude } };
  }
  return result;
}

export interface ElectricianOptions {
  origin: string;
  /** The page the business is described on */
  path: string;
  areaServed?: readonly AreaServedEntry[];
  geo?: { latitude: number; longitude: number } | undefined;
  reviewCount?: number;
  image?: string;
}

/** The business as schema.org's Electrician (a HomeAndConstructionBusiness) */
export function electricianLd(options: ElectricianOptions, facts: Business = business): WithContext<Electrician> {
  const geo = options.geo ?? facts.geo;
  const areaServed = options.areaServed ?? [{ name: facts.serviceArea.priority }, { name: 'Auckland' }];
  const ld: WithContext<Electrician> = {
    '@context': 'https://schema.org',
    '@type': 'Electrician',
    '@id': `${options.origin}/#business`,
    name: facts.name,
    url: absoluteUrl(options.path, options.origin),
    telephone: facts.phone.e164,
    email: facts.email,
    priceRange: facts.priceRange,
    address: {
      '@type': 'PostalAddress',
      addressLocality: facts.address.locality,
      addressRegion: facts.address.region,
      addressCountry: facts.address.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: geo.latitude, longitude: geo.longitude },
    areaServed: areaServed.map(place),
    openingHoursSpecification: facts.hours.map((hours) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: hours.days,
      opens: hours.opens,
      closes: hours.closes,
    })),
    sameAs: facts.social.map((link) => link.url),
  };
  if (options.image) ld.image = absoluteUrl(options.image, options.origin);
  if (options.reviewCount !== undefined) ld.aggregateRating = aggregateRating(options.reviewCount, facts);
  return ld;
}

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbLd(crumbs: readonly Crumb[], origin: string): WithContext<BreadcrumbList> {
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

export function faqLd(items: readonly { question: string; answer: string }[]): WithContext<FAQPage> {
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
  facts: Business = business,
): WithContext<ImageGallery> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ImageGallery',
    name,
    provider: {
      '@type': 'Organization',
      name: facts.name,
      telephone: facts.phone.e164,
      email: facts.email,
      address: {
        '@type': 'PostalAddress',
        addressLocality: facts.address.locality,
        addressRegion: facts.address.region,
        addressCountry: facts.address.country,
      },
    },
    image: images.map((image) => ({
      '@type': 'ImageObject',
      contentUrl: absoluteUrl(image.url, origin),
      description: image.alt,
      caption: image.caption,
      about: image.about,
      ...(image.width ? { width: { '@type': 'QuantitativeValue', value: image.width, unitCode: 'E37' } } : {}),
      ...(image.height ? { height: { '@type': 'QuantitativeValue', value: image.height, unitCode: 'E37' } } : {}),
    })),
  };
}

export function serviceLd(
  service: { name: string; description: string; path: string; serviceType: string },
  origin: string,
  facts: Business = business,
): WithContext<Service> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: service.name,
    serviceType: service.serviceType,
    description: service.description,
    url: absoluteUrl(service.path, origin),
    provider: { '@id': `${origin}/#business`, '@type': 'Electrician', name: facts.name, telephone: facts.phone.e164 },
    areaServed: [
      { '@type': 'Place', name: facts.serviceArea.priority },
      { '@type': 'City', name: 'Auckland' },
    ],
  };
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the element */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
