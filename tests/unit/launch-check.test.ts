import { describe, expect, it } from 'vitest';
import { business, type Business } from '../../src/config/business.ts';
import { placeholderIdentity } from '../../src/config/placeholders.ts';
import { fitsPhoneHeader, headerLines, phoneHeaderFit } from '../../src/lib/header-fit.ts';
import { launchWarnings, placeholderProblems, sampleProblems } from '../../src/lib/launch-check.ts';

/** SPEC.md's sample figures as business.ts would hold them */
const sampleShares = Object.entries(placeholderIdentity.reviewShares).map(([name, reviews]) => ({
  name,
  reviews,
}));

/** A business that still holds the whole placeholder identity of DESIGN.md, whatever business.ts says today */
const placeholderBusiness: Business = {
  ...business,
  name: placeholderIdentity.name,
  shortName: placeholderIdentity.shortName,
  owner: placeholderIdentity.owner,
  phone: { display: placeholderIdentity.phone, e164: placeholderIdentity.phone },
  email: placeholderIdentity.email,
  defaultOrigin: placeholderIdentity.origin,
  registration: { ...business.registration, number: placeholderIdentity.registration },
  social: [{ name: 'Facebook', url: 'https://www.facebook.com/' }],
  reviewSite: {
    name: 'Google reviews',
    url: 'https://www.google.com/maps',
    reviewCount: placeholderIdentity.reviewCount,
  },
  reviewShares: sampleShares,
  geo: { latitude: -36.91, longitude: 174.91 },
};

const realIdentity: Business = {
  ...business,
  name: 'Tamaki Sparks Ltd',
  shortName: 'Tamaki Sparks',
  owner: 'Hemi',
  phone: { display: '09 555 0142', e164: '+6495550142' },
  email: 'office@tamakisparks.co.nz',
  defaultOrigin: 'https://www.tamakisparks.co.nz',
  registration: { ...business.registration, number: 'E 123456' },
  social: [{ name: 'Facebook', url: 'https://www.facebook.com/tamakisparks' }],
  reviewSite: { name: 'Google reviews', url: 'https://g.page/r/tamakisparks', reviewCount: 87 },
  // Each one differs from SPEC.md's sample, and together they are fewer than even the sample's 68
  reviewShares: sampleShares.map((share, index) => ({ name: share.name, reviews: index + 1 })),
  geo: { latitude: -36.90463, longitude: 174.84172 },
};
const realOrigin = realIdentity.defaultOrigin;

/** Each part of the identity, the words its problem starts with, and that part set to the placeholder */
const parts: [words: string, withPlaceholder: Partial<Business>][] = [
  ['business name', { name: placeholderBusiness.name }],
  ['short name', { shortName: placeholderBusiness.shortName }],
  ['owner', { owner: placeholderBusiness.owner }],
  ['phone', { phone: placeholderBusiness.phone }],
  ['e-mail', { email: placeholderBusiness.email }],
  ['EWRB registration', { registration: placeholderBusiness.registration }],
  ['Facebook link', { social: placeholderBusiness.social }],
  [
    'review site',
    { reviewSite: { ...realIdentity.reviewSite, url: placeholderBusiness.reviewSite.url } },
  ],
  [
    'review count',
    { reviewSite: { ...realIdentity.reviewSite, reviewCount: placeholderIdentity.reviewCount } },
  ],
  [
    'review shares are',
    {
      reviewShares: realIdentity.reviewShares.map((share, index) =>
        index === 7 ? sampleShares[7]! : share,
      ),
    },
  ],
  ['business location', { geo: placeholderBusiness.geo }],
];

describe('launch check', () => {
  it('lists every part of the placeholder identity', () => {
    const problems = placeholderProblems(placeholderBusiness, placeholderIdentity.origin);
    for (const [words] of [
      ...parts,
      ['site origin'],
      ['review shares of the suburbs add up to 381'],
    ]) {
      expect(
        problems.some((problem) => problem.startsWith(words)),
        words,
      ).toBe(true);
    }
    expect(problems).toHaveLength(parts.length + 2);
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
    expect(
      placeholderProblems({ ...realIdentity, email: 'office@example.org' }, realOrigin),
    ).toEqual(['e-mail is the placeholder office@example.org']);
    expect(placeholderProblems(realIdentity, 'https://shop.example.com')).toHaveLength(1);
  });

  it('names a part of business.ts exactly while it holds the placeholder', () => {
    const problems = placeholderProblems(business, realOrigin);
    const held: [words: string, placeholder: boolean][] = [
      ['business name', business.name === placeholderIdentity.name],
      ['short name', business.shortName === placeholderIdentity.shortName],
      [
        'review shares are',
        business.reviewShares.some(
          (share) => placeholderIdentity.reviewShares[share.name] === share.reviews,
        ),
      ],
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

  it('names each suburb share still at its sample figure, and only those', () => {
    const shares = realIdentity.reviewShares.map((share, index) =>
      index < 2 ? sampleShares[index]! : share,
    );
    const reviewSite = { ...realIdentity.reviewSite, reviewCount: 500 };
    expect(
      placeholderProblems({ ...realIdentity, reviewSite, reviewShares: shares }, realOrigin),
    ).toEqual([
      `review shares are SPEC.md's sample figures: ${sampleShares[0]!.name} ${sampleShares[0]!.reviews}, ${sampleShares[1]!.name} ${sampleShares[1]!.reviews} (how many of the Google reviews are by each suburb's customers)`,
    ]);
  });

  it('names a share larger than the listing, and shares that together are', () => {
    const reviewSite = { ...realIdentity.reviewSite, reviewCount: 20 };
    const reviewShares = [
      { name: 'Botany', reviews: 21 },
      { name: 'Howick', reviews: 3 },
    ];
    expect(placeholderProblems({ ...realIdentity, reviewSite, reviewShares }, realOrigin)).toEqual([
      'review share of Botany, 21, is more than the 20 Google reviews in all',
      'review shares of the suburbs add up to 24, more than the 20 Google reviews in all',
    ]);
    // Every review may come from the suburbs, and a suburb may have none yet
    const all = [
      { name: 'Botany', reviews: 20 },
      { name: 'Howick', reviews: 0 },
    ];
    expect(
      placeholderProblems({ ...realIdentity, reviewSite, reviewShares: all }, realOrigin),
    ).toEqual([]);
  });

  it("warns about a short name a phone's header cannot hold on two lines, and only then", () => {
    for (const shortName of [
      'Tamaki Sparks',
      'Pohutukawa Coast Electrical',
      'Pōhutukawa Coast Electrical',
      placeholderIdentity.shortName,
    ])
      expect(launchWarnings({ shortName }), shortName).toEqual([]);
    const [warning] = launchWarnings({
      shortName: 'Pohutukawa Coast Electrical and Handyman Services',
    });
    expect(warning).toMatch(
      /^short name "Pohutukawa Coast Electrical and Handyman Services" will not fit a phone's header on two lines \(3 lines at 360 px/,
    );
    // One word wider than the line overflows it, even on one line
    expect(launchWarnings({ shortName: 'Superextraordinaryelectrical' })).toHaveLength(1);
  });

  it('breaks a name into lines at its spaces, as long as the width allows', () => {
    const perLine = Math.floor(
      phoneHeaderFit.width / (phoneHeaderFit.charWidth * phoneHeaderFit.fontSize),
    );
    const word = 'a'.repeat(Math.floor((perLine - 1) / 2));
    expect(headerLines(`${word} ${word} ${word}`)).toEqual([`${word} ${word}`, word]);
    expect(fitsPhoneHeader('a'.repeat(perLine))).toBe(true);
    expect(fitsPhoneHeader('a'.repeat(perLine + 1))).toBe(false);
    expect(fitsPhoneHeader(`${'a'.repeat(perLine)} ${'a'.repeat(perLine)} a`)).toBe(false);
  });

  it('names each sample entry', () => {
    expect(sampleProblems([{ collection: 'projects', id: 'switchboard-howick' }])).toEqual([
      'projects/switchboard-howick is sample content',
    ]);
  });
});
