import { describe, expect, it } from 'vitest';
import { absoluteUrl, buildHead, type HeadEntry } from '../../src/lib/seo/head.ts';
import {
  aggregateRating,
  breadcrumbLd,
  electricianLd,
  faqLd,
  imageGalleryLd,
  serializeJsonLd,
  serviceLd,
} from '../../src/lib/seo/json-ld.ts';
import { business } from '../../src/config/business.ts';

const origin = 'https://www.example.com';
const metaOf = (entries: HeadEntry[], key: string) =>
  entries.find((entry) => entry.tag === 'meta' && (entry.attrs['name'] === key || entry.attrs['property'] === key));
const linkOf = (entries: HeadEntry[], rel: string) => entries.find((entry) => entry.tag === 'link' && entry.attrs['rel'] === rel);

describe('absoluteUrl', () => {
  it('keeps the root slash and drops trailing slashes elsewhere', () => {
    expect(absoluteUrl('/', origin)).toBe('https://www.example.com/');
    expect(absoluteUrl('/services/', origin)).toBe('https://www.example.com/services');
    expect(absoluteUrl('/quote', 'http://localhost:4321')).toBe('http://localhost:4321/quote');
  });
});

describe('buildHead', () => {
  const head = buildHead(
    { title: 'Ceiling Fans | Example', description: 'Fans fitted.', path: '/services/ceiling-fans', image: '/og.jpg' },
    origin,
  );

  it('has the title, description and an absolute canonical', () => {
    expect(head[0]).toEqual({ tag: 'title', text: 'Ceiling Fans | Example' });
    expect(metaOf(head, 'description')).toEqual({ tag: 'meta', attrs: { name: 'description', content: 'Fans fitted.' } });
    expect(linkOf(head, 'canonical')).toEqual({
      tag: 'link',
      attrs: { rel: 'canonical', href: 'https://www.example.com/services/ceiling-fans' },
    });
  });

  it('has Open Graph and Twitter tags with absolute URLs', () => {
    expect(metaOf(head, 'og:url')).toMatchObject({ attrs: { content: 'https://www.example.com/services/ceiling-fans' } });
    expect(metaOf(head, 'og:image')).toMatchObject({ attrs: { content: 'https://www.example.com/og.jpg' } });
    expect(metaOf(head, 'og:locale')).toMatchObject({ attrs: { content: 'en_NZ' } });
    expect(metaOf(head, 'twitter:card')).toMatchObject({ attrs: { content: 'summary_large_image' } });
  });

  it('points an alias at its main address', () => {
    const alias = buildHead(
      { title: 't', description: 'd', path: '/electrician-east-auckland', canonicalPath: '/areas/electrician-east-auckland' },
      origin,
    );
    expect(linkOf(alias, 'canonical')).toMatchObject({ attrs: { href: 'https://www.example.com/areas/electrician-east-auckland' } });
  });

  it('marks error pages noindex, without a canonical, with their status', () => {
    const gone = buildHead({ title: 't', description: 'd', path: '/gone', noindex: true, statusCode: 410 }, origin);
    expect(metaOf(gone, 'robots')).toMatchObject({ attrs: { content: 'noindex' } });
    expect(metaOf(gone, 'prerender-status-code')).toMatchObject({ attrs: { content: '410' } });
    expect(linkOf(gone, 'canonical')).toBeUndefined();
  });
});

describe('JSON-LD', () => {
  it('describes the business as an Electrician with the facts of business.ts', () => {
    const ld = electricianLd({
      origin,
      path: '/',
      areaServed: [{ name: 'Botany', latitude: -36.934, longitude: 174.913 }],
      reviewCount: 47,
    });
    expect(ld).toMatchObject({
      '@type': 'Electrician',
      name: business.name,
      telephone: business.phone.e164,
      email: business.email,
      priceRange: '$$',
      url: 'https://www.example.com/',
      address: { '@type': 'PostalAddress', addressCountry: 'NZ' },
      areaServed: [{ '@type': 'Place', name: 'Botany', geo: { latitude: -36.934, longitude: 174.913 } }],
      aggregateRating: { ratingValue: 5, reviewCount: 47, bestRating: 5, worstRating: 1 },
      openingHoursSpecification: [
        { dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '07:00', closes: '18:00' },
        { dayOfWeek: ['Saturday'], opens: '08:00', closes: '16:00' },
      ],
    });
  });

  it('leaves geo off an areaServed place without coordinates', () => {
    const ld = electricianLd({ origin, path: '/', areaServed: [{ name: 'Dannemora' }] });
    expect(ld).toMatchObject({ areaServed: [{ '@type': 'Place', name: 'Dannemora' }] });
    expect(ld).not.toHaveProperty('areaServed.0.geo');
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
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://www.example.com/' },
      { '@type': 'ListItem', position: 2, name: 'Testimonials' },
    ]);
  });

  it('builds FAQPage questions word for word', () => {
    const ld = faqLd([{ question: 'Are quotes free?', answer: 'Yes.' }]);
    expect(ld.mainEntity).toEqual([{ '@type': 'Question', name: 'Are quotes free?', acceptedAnswer: { '@type': 'Answer', text: 'Yes.' } }]);
  });

  it('builds an aggregate rating from the business rating', () => {
    expect(aggregateRating(68)).toEqual({ '@type': 'AggregateRating', ratingValue: 5, bestRating: 5, worstRating: 1, reviewCount: 68 });
  });

  it('builds an image gallery with its provider', () => {
    const ld = imageGalleryLd(
      'Projects',
      [{ url: '/p.jpg', alt: 'A switchboard', caption: 'New board', about: 'Residential', width: 800 }],
      origin,
    );
    expect(ld).toMatchObject({
      '@type': 'ImageGallery',
      provider: { '@type': 'Organization', telephone: business.phone.e164, address: { addressRegion: 'Auckland' } },
      image: [{ contentUrl: 'https://www.example.com/p.jpg', caption: 'New board', width: { value: 800 } }],
    });
  });

  it('builds a Service provided by the business', () => {
    const ld = serviceLd(
      { name: 'Ceiling Fans', description: 'd', path: '/services/ceiling-fans', serviceType: 'Residential electrical' },
      origin,
    );
    expect(ld).toMatchObject({
      '@type': 'Service',
      url: 'https://www.example.com/services/ceiling-fans',
      provider: { '@id': 'https://www.example.com/#business' },
    });
  });

  it('escapes < so text cannot close the script element', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
