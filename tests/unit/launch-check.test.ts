import { describe, expect, it } from 'vitest';
import { business, type Business } from '../../src/config/business.ts';
import { placeholderIdentity } from '../../src/config/placeholders.ts';
import { placeholderProblems, sampleProblems } from '../../src/lib/launch-check.ts';

/** A business that still holds the whole placeholder identity of DESIGN.md, whatever business.ts says today */
const placeholderBusiness: Business = {
  ...business,
  name: placeholderIdentity.name,
  owner: placeholderIdentity.owner,
  phone: { display: placeholderIdentity.phone, e164: placeholderIdentity.phone },
  email: placeholderIdentity.email,
  defaultOrigin: placeholderIdentity.origin,
  registration: { ...business.registration, number: placeholderIdentity.registration },
  social: [{ name: 'Facebook', url: 'https://www.facebook.com/' }],
  reviewSite: { name: 'Google reviews', url: 'https://www.google.com/maps', reviewCount: placeholderIdentity.reviewCount },
  geo: { latitude: -36.91, longitude: 174.91 },
};

const realIdentity: Business = {
  ...business,
  name: 'Tamaki Sparks Ltd',
  owner: 'Hemi',
  phone: { display: '09 555 0142', e164: '+6495550142' },
  email: 'office@tamakisparks.co.nz',
  defaultOrigin: 'https://www.tamakisparks.co.nz',
  registration: { ...business.registration, number: 'E 123456' },
  social: [{ name: 'Facebook', url: 'https://www.facebook.com/tamakisparks' }],
  reviewSite: { name: 'Google reviews', url: 'https://g.page/r/tamakisparks', reviewCount: 87 },
  geo: { latitude: -36.90463, longitude: 174.84172 },
};
const realOrigin = realIdentity.defaultOrigin;

/** Each part of the identity, the words its problem starts with, and that part set to the placeholder */
const parts: [words: string, withPlaceholder: Partial<Business>][] = [
  ['business name', { name: placeholderBusiness.name }],
  ['owner', { owner: placeholderBusiness.owner }],
  ['phone', { phone: placeholderBusiness.phone }],
  ['e-mail', { email: placeholderBusiness.email }],
  ['EWRB registration', { registration: placeholderBusiness.registration }],
  ['Facebook link', { social: placeholderBusiness.social }],
  ['review site', { reviewSite: { ...realIdentity.reviewSite, url: placeholderBusiness.reviewSite.url } }],
  ['review count', { reviewSite: { ...realIdentity.reviewSite, reviewCount: placeholderIdentity.reviewCount } }],
  ['business location', { geo: placeholderBusiness.geo }],
];

describe('launch check', () => {
  it('lists every part of the placeholder identity', () => {
    const problems = placeholderProblems(placeholderBusiness, placeholderIdentity.origin);
    for (const [words] of [...parts, ['site origin']]) {
      expect(
        problems.some((problem) => problem.startsWith(words)),
        words,
      ).toBe(true);
    }
    expect(problems).toHaveLength(parts.length + 1);
  });

  it('passes a real identity on a real origin', () => {
    expect(placeholderProblems(realIdentity, realOrigin)).toEqual([]);
  });

  it('names each placeholder on its own, with its value', () => {
    for (const [words, withPlaceholder] of parts) {
      const problems = placeholderProblems({ ...realIdentity, ...withPlaceholder }, realOrigin);
      expect(problems, words).toHaveLength(1);
      expect(problems[0], words).toMatch(new RegExp(`^${words}`));
    }
    expect(placeholderProblems(realIdentity, placeholderIdentity.origin)).toEqual([
      `site origin is the placeholder ${placeholderIdentity.origin} (set SITE_URL or business.defaultOrigin)`,
    ]);
  });

  it('treats any example.com address or origin as a placeholder', () => {
    expect(placeholderProblems({ ...realIdentity, email: 'office@example.org' }, realOrigin)).toEqual([
      'e-mail is the placeholder office@example.org',
    ]);
    expect(placeholderProblems(realIdentity, 'https://shop.example.com')).toHaveLength(1);
  });

  it('names a part of business.ts exactly while it holds the placeholder', () => {
    const problems = placeholderProblems(business, realOrigin);
    const held: [words: string, placeholder: boolean][] = [
      ['business name', business.name === placeholderIdentity.name],
      ['owner', business.owner === placeholderIdentity.owner],
      ['phone', business.phone.e164 === placeholderIdentity.phone],
      ['e-mail', business.email === placeholderIdentity.email],
      ['EWRB registration', business.registration.number === placeholderIdentity.registration],
      ['review count', business.reviewSite.reviewCount === placeholderIdentity.reviewCount],
    ];
    for (const [words, placeholder] of held) {
      expect(
        problems.some((problem) => problem.startsWith(words)),
        words,
      ).toBe(placeholder);
    }
  });

  it('names each sample entry', () => {
    expect(sampleProblems([{ collection: 'projects', id: 'switchboard-howick' }])).toEqual([
      'projects/switchboard-howick is sample content',
    ]);
  });
});
