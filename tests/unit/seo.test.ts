import { describe, expect, it } from 'vitest';
import { absoluteUrl, buildHead, type HeadEntry } from '../../src/lib/seo/head.ts';
import {
  aggregateRating,
  breadcrumbLd,
  businessId,
  electricianLd,
  faqLd,
  hasGeoPrecision,
  imageGalleryLd,
  isProfileUrl,
  serializeJsonLd,
  serviceLd,
} from '../../src/lib/seo/json-ld.ts';
import {
  defaultOgImagePath,
  defaultOgScene,
  ogImagePath,
  ogImageSource,
} from '../../src/lib/seo/og-image.ts';
import { business, type Business } from '../../src/config/business.ts';
import { openingHoursSpecification } from '../../src/lib/opening-hours.ts';

/** Any origin: the builders take it as an argument */
const origin = 'https://sparky.test';

const closedDay = { open: false, from: '09:00', to: '17:00' };
/** Facts passed in, so the JSON-LD is checked against values of the test's own, not the configured ones */
const facts: Business = {
  ...business,
  name: 'Fixture Sparks & Co',
  phone: { display: '021 555 0142', e164: '+64215550142' },
  email: 'jobs@fixture-sparks.co.nz',
  address: { locality: 'Beachlands, Auckland', region: 'Auckland', country: 'NZ' },
  geo: { latitude: -36.88412, longitude: 175.00231 },
  serviceArea: {
    priority: 'Beachlands',
    covered: 'the eastern bays',
    summary: 'Beachlands and the eastern bays',
  },
  hours: {
    monday: closedDay,
    tuesday: { open: true, from: '06:30', to: '15:00' },
    wednesday: closedDay,
    thursday: { open: true, from: '06:30', to: '15:00' },
    friday: closedDay,
    saturday: closedDay,
    sunday: { open: true, from: '10:00', to: '12:00' },
  },
  priceRange: '$$$',
  claims: { ...business.claims, rating: { value: 4.7, best: 5, worst: 1 } },
  reviewSite: { name: 'Google reviews', url: 'https://g.page/r/fixturesparks', reviewCount: 23 },
  reviewShares: [{ name: 'Botany', reviews: 9 }],
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/fixturesparks' },
    { name: 'Instagram', url: 'https://www.instagram.com/' },
  ],
};
const metaOf = (entries: HeadEntry[], key: string) =>
  entries.find(
    (entry) =>
      entry.tag === 'meta' && (entry.attrs['name'] === key || entry.attrs['property'] === key),
  );
const linkOf = (entries: HeadEntry[], rel: string) =>
  entries.find((entry) => entry.tag === 'link' && entry.attrs['rel'] === rel);

describe('absoluteUrl', () => {
  it('keeps the root slash and drops trailing slashes elsewhere', () => {
    expect(absoluteUrl('/', origin)).toBe('https://sparky.test/');
    expect(absoluteUrl('/services/', origin)).toBe('https://sparky.test/services');
    expect(absoluteUrl('/quote', 'http://localhost:4321')).toBe('http://localhost:4321/quote');
  });
});

describe('buildHead', () => {
  const head = buildHead(
    {
      title: 'Ceiling Fans | Example',
      description: 'Fans fitted.',
      path: '/services/ceiling-fans',
      image: '/_astro/ceiling-fans.a1b2.svg',
      imageAlt: 'Illustration of a ceiling fan',
    },
    origin,
  );

  it('has the title, description and an absolute canonical', () => {
    expect(head[0]).toEqual({ tag: 'title', text: 'Ceiling Fans | Example' });
    expect(metaOf(head, 'description')).toEqual({
      tag: 'meta',
      attrs: { name: 'description', content: 'Fans fitted.' },
    });
    expect(linkOf(head, 'canonical')).toEqual({
      tag: 'link',
      attrs: { rel: 'canonical', href: 'https://sparky.test/services/ceiling-fans' },
    });
  });

  it('has Open Graph and Twitter tags with absolute URLs', () => {
    expect(metaOf(head, 'og:url')).toMatchObject({
      attrs: { content: 'https://sparky.test/services/ceiling-fans' },
    });
    expect(metaOf(head, 'og:locale')).toMatchObject({ attrs: { content: 'en_NZ' } });
    expect(metaOf(head, 'twitter:card')).toMatchObject({
      attrs: { content: 'summary_large_image' },
    });
  });

  it("shares the card made from the page's picture, with its size and a text alternative", () => {
    const card = 'https://sparky.test/og/_astro/ceiling-fans.a1b2.svg.jpg';
    const alt = `${business.name}: Illustration of a ceiling fan`;
    expect(metaOf(head, 'og:image')).toMatchObject({ attrs: { content: card } });
    expect(metaOf(head, 'og:image:width')).toMatchObject({ attrs: { content: '1200' } });
    expect(metaOf(head, 'og:image:height')).toMatchObject({ attrs: { content: '630' } });
    expect(metaOf(head, 'og:image:alt')).toMatchObject({ attrs: { content: alt } });
    expect(metaOf(head, 'twitter:image')).toMatchObject({ attrs: { content: card } });
    expect(metaOf(head, 'twitter:image:alt')).toMatchObject({ attrs: { content: alt } });
  });

  it('shares the default card from a page without a picture, and names only the business where the picture is not described', () => {
    const plain = buildHead({ title: 't', description: 'd', path: '/quote' }, origin);
    expect(metaOf(plain, 'og:image')).toMatchObject({
      attrs: { content: `https://sparky.test${defaultOgImagePath}` },
    });
    expect(metaOf(plain, 'og:image:alt')).toMatchObject({
      attrs: { content: `${business.name}: ${defaultOgScene.alt}` },
    });
    const undescribed = buildHead(
      { title: 't', description: 'd', path: '/x', image: '/_astro/x.svg' },
      origin,
    );
    expect(metaOf(undescribed, 'og:image:alt')).toMatchObject({
      attrs: { content: business.name },
    });
  });

  it('points an alias at its main address', () => {
    const alias = buildHead(
      {
        title: 't',
        description: 'd',
        path: '/electrician-east-auckland',
        canonicalPath: '/areas/electrician-east-auckland',
      },
      origin,
    );
    expect(linkOf(alias, 'canonical')).toMatchObject({
      attrs: { href: 'https://sparky.test/areas/electrician-east-auckland' },
    });
  });

  it('marks error pages noindex, without a canonical, with their status', () => {
    const gone = buildHead(
      { title: 't', description: 'd', path: '/gone', noindex: true, statusCode: 410 },
      origin,
    );
    expect(metaOf(gone, 'robots')).toMatchObject({ attrs: { content: 'noindex' } });
    expect(metaOf(gone, 'prerender-status-code')).toMatchObject({ attrs: { content: '410' } });
    expect(linkOf(gone, 'canonical')).toBeUndefined();
  });
});

describe('sharing card addresses', () => {
  it("puts each picture's card below /og and reads the picture back from it", () => {
    expect(ogImagePath('/_astro/hero-5-wide.Cq.svg')).toBe('/og/_astro/hero-5-wide.Cq.svg.jpg');
    expect(ogImageSource('/og/_astro/hero-5-wide.Cq.svg.jpg')).toEqual({
      kind: 'file',
      path: '/_astro/hero-5-wide.Cq.svg',
    });
    expect(ogImagePath()).toBe(defaultOgImagePath);
    expect(ogImageSource(defaultOgImagePath)).toEqual({ kind: 'default' });
    expect(ogImageSource('/_astro/x.jpg')).toBeUndefined();
  });

  it('makes cards only from files of the site', () => {
    expect(() => ogImagePath('https://elsewhere.test/x.jpg')).toThrow();
    expect(() => ogImagePath('//elsewhere.test/x.jpg')).toThrow();
  });
});

type Node = Record<string, unknown>;
const graphOf = (ld: unknown) => (ld as { '@graph': Node[] })['@graph'];

describe('JSON-LD', () => {
  it('describes the business as an Electrician with the facts passed in', () => {
    const [business] = graphOf(electricianLd({ origin, path: '/' }, facts));
    expect(business).toEqual({
      '@type': 'Electrician',
      '@id': 'https://sparky.test/#business',
      name: 'Fixture Sparks & Co',
      url: 'https://sparky.test/',
      image: `https://sparky.test${defaultOgImagePath}`,
      telephone: '+64215550142',
      email: 'jobs@fixture-sparks.co.nz',
      priceRange: '$$$',
      address: {
        '@type': 'PostalAddress',
        addressLocality: 'Beachlands, Auckland',
        addressRegion: 'Auckland',
        addressCountry: 'NZ',
      },
      geo: { '@type': 'GeoCoordinates', latitude: -36.88412, longitude: 175.00231 },
      areaServed: [
        { '@type': 'Place', name: 'Beachlands' },
        { '@type': 'Place', name: 'Auckland' },
      ],
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Tuesday', 'Thursday'],
          opens: '06:30',
          closes: '15:00',
        },
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Sunday'],
          opens: '10:00',
          closes: '12:00',
        },
      ],
      sameAs: ['https://www.facebook.com/fixturesparks'],
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 4.7,
        bestRating: 5,
        worstRating: 1,
        reviewCount: 23,
      },
    });
  });

  it('describes the business identically from every page, and the page as a WebPage about it', () => {
    const [home, homePage] = graphOf(electricianLd({ origin, path: '/' }, facts));
    const [area, areaPage] = graphOf(
      electricianLd({ origin, path: '/areas/electrician-botany' }, facts),
    );
    expect(area).toEqual(home);
    expect(homePage).toEqual({
      '@type': 'WebPage',
      '@id': 'https://sparky.test/',
      url: 'https://sparky.test/',
      about: { '@id': businessId(origin) },
    });
    expect(areaPage).toMatchObject({
      url: 'https://sparky.test/areas/electrician-botany',
      about: { '@id': businessId(origin) },
    });
  });

  it('reads the facts of business.ts by default', () => {
    const [node] = graphOf(electricianLd({ origin, path: '/' }));
    expect(node).toMatchObject({
      name: business.name,
      telephone: business.phone.e164,
      email: business.email,
      priceRange: business.priceRange,
      openingHoursSpecification: openingHoursSpecification(business.hours),
    });
  });

  it('tells search engines of a closure until its last day, and not after', () => {
    const closing = {
      ...facts,
      closure: { from: '2026-12-24', to: '2027-01-06', emergencies: true },
    };
    const closedNode = (day: string) =>
      graphOf(electricianLd({ origin, path: '/' }, closing, day))[0];
    for (const day of ['2026-12-01', '2026-12-24', '2027-01-06'])
      expect(closedNode(day), day).toMatchObject({
        specialOpeningHoursSpecification: [
          { validFrom: '2026-12-24', validThrough: '2027-01-06', opens: '00:00', closes: '00:00' },
        ],
      });
    expect(closedNode('2027-01-07')).not.toHaveProperty('specialOpeningHoursSpecification');
    expect(
      graphOf(electricianLd({ origin, path: '/' }, facts, '2026-12-25'))[0],
    ).not.toHaveProperty('specialOpeningHoursSpecification');
  });

  it('leaves out a geo rougher than the five decimal places Google reads', () => {
    expect(hasGeoPrecision({ latitude: -36.88412, longitude: 175.00231 })).toBe(true);
    expect(hasGeoPrecision({ latitude: -36.91, longitude: 174.91 })).toBe(false);
    expect(hasGeoPrecision({ latitude: -36.88412, longitude: 174.9 })).toBe(false);
    const [node] = graphOf(
      electricianLd(
        { origin, path: '/' },
        { ...facts, geo: { latitude: -36.91, longitude: 174.91 } },
      ),
    );
    expect(node).not.toHaveProperty('geo');
  });

  it("links only profiles that exist: a site's front page is a placeholder", () => {
    expect(isProfileUrl('https://www.facebook.com/fixturesparks')).toBe(true);
    expect(isProfileUrl('https://www.facebook.com/')).toBe(false);
    expect(isProfileUrl('https://www.instagram.com')).toBe(false);
    const [node] = graphOf(
      electricianLd(
        { origin, path: '/' },
        { ...facts, social: [{ name: 'Facebook', url: 'https://www.facebook.com/' }] },
      ),
    );
    expect(node).not.toHaveProperty('sameAs');
  });

  it('numbers breadcrumbs from 1 and leaves the item off the last', () => {
    const ld = breadcrumbLd(
      [
        { name: 'Home', path: '/' },
        { name: 'Testimonials', path: '/testimonials' },
      ],
      origin,
    );
    expect(ld.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://sparky.test/' },
      { '@type': 'ListItem', position: 2, name: 'Testimonials' },
    ]);
  });

  it('builds FAQPage questions word for word', () => {
    const ld = faqLd([{ question: 'Are quotes free?', answer: 'Yes.' }]);
    expect(ld.mainEntity).toEqual([
      {
        '@type': 'Question',
        name: 'Are quotes free?',
        acceptedAnswer: { '@type': 'Answer', text: 'Yes.' },
      },
    ]);
  });

  it("builds the one aggregate rating from the business's rating and its listing's review count", () => {
    expect(aggregateRating(facts)).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.7,
      bestRating: 5,
      worstRating: 1,
      reviewCount: 23,
    });
    expect(aggregateRating()).toMatchObject({
      ratingValue: business.claims.rating.value,
      reviewCount: business.reviewSite.reviewCount,
    });
  });

  it('builds an image gallery provided by the business', () => {
    const ld = imageGalleryLd(
      'Projects',
      [
        {
          url: '/p.jpg',
          alt: 'A switchboard',
          caption: 'New board',
          about: 'Residential',
          width: 800,
        },
      ],
      origin,
    );
    expect(ld).toMatchObject({
      '@type': 'ImageGallery',
      provider: { '@id': 'https://sparky.test/#business' },
      image: [
        { contentUrl: 'https://sparky.test/p.jpg', caption: 'New board', width: { value: 800 } },
      ],
    });
  });

  it('builds a Service that points at the business, in its priority area and Auckland', () => {
    const ld = serviceLd(
      {
        name: 'Ceiling Fans',
        description: 'd',
        path: '/services/ceiling-fans',
        serviceType: 'Residential electrical',
      },
      origin,
      facts,
    );
    expect(ld).toMatchObject({
      '@type': 'Service',
      url: 'https://sparky.test/services/ceiling-fans',
      areaServed: [{ name: 'Beachlands' }, { name: 'Auckland' }],
    });
    expect(ld.provider).toEqual({ '@id': 'https://sparky.test/#business' });
    expect(ld).not.toHaveProperty('aggregateRating');
  });

  it("builds an area's Service with its places and their coordinates, and no rating of its own", () => {
    const ld = serviceLd(
      {
        name: 'Electrician in Botany',
        description: 'd',
        path: '/areas/electrician-botany',
        serviceType: 'Electrical services',
        areaServed: [
          { name: 'Botany', latitude: -36.934, longitude: 174.913 },
          { name: 'Dannemora' },
        ],
      },
      origin,
      facts,
    );
    expect(ld).toMatchObject({
      areaServed: [
        {
          '@type': 'Place',
          name: 'Botany',
          geo: { '@type': 'GeoCoordinates', latitude: -36.934, longitude: 174.913 },
        },
        { '@type': 'Place', name: 'Dannemora' },
      ],
      provider: { '@id': 'https://sparky.test/#business' },
    });
    expect(ld).not.toHaveProperty('areaServed.1.geo');
    expect(ld).not.toHaveProperty('aggregateRating');
  });

  it('escapes < so text cannot close the script element', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
