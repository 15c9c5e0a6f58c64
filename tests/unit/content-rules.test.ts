import { describe, expect, it } from 'vitest';
import {
  AREA_SETTINGS,
  contentProblems,
  pageWords,
  type ContentSummary,
} from '../../src/lib/content-rules.ts';
import { SHOW_ON_HOME_LABEL } from '../../src/lib/content-schemas.ts';
import { fieldLabels } from '../../src/lib/field-labels.ts';
import { businessSchema } from '../../src/config/business.ts';

/** The words of the switch in his business details, as his form shows them */
const roundTheClockLabel = fieldLabels(businessSchema, 'claims.emergency24x7')!.at(-1)!;
const typicalServiceLabel = fieldLabels(businessSchema, 'claims.typicalService')!.at(-1)!;

const expected: ContentSummary['expected'] = {
  serviceSlugs: {
    residential: ['switchboard-upgrades', 'ceiling-fans'],
    commercial: ['three-phase'],
    other: [],
  },
  serviceGroups: ['residential'],
  featuredServiceSlug: 'switchboard-upgrades',
  areaPaths: ['/areas/electrician-botany', '/areas/electrician-howick'],
  reviewShares: ['Botany', 'Howick'],
  roundTheClock: { claimed: true, switchLabel: roundTheClockLabel },
  typicalService: { said: 'same-day', fieldLabel: typicalServiceLabel },
};

function validContent(): ContentSummary {
  const area = (id: string, related: string, areaName: string) => ({
    id,
    kind: 'suburb',
    areaName,
    region: 'East Auckland',
    places: [areaName],
    services: Array.from(
      { length: 10 },
      (_, index) => (index % 2 ? 'ceiling-fans' : 'three-phase') + (index > 1 ? `-${index}` : ''),
    ),
    servedSuburbs: Array.from({ length: 8 }, (_, index) => `Suburb ${index}`),
    relatedAreas: [related],
    faq: 3,
  });
  const extraServices = Array.from({ length: 10 }, (_, index) => ({
    id: `${index % 2 ? 'ceiling-fans' : 'three-phase'}-${index}`,
    kind: 'service',
    folder: 'services',
    group: 'other',
    featured: false,
  }));
  return {
    services: [
      {
        id: 'switchboard-upgrades',
        folder: 'services',
        kind: 'service',
        group: 'residential',
        featured: true,
      },
      {
        id: 'ceiling-fans',
        folder: 'services',
        kind: 'service',
        group: 'residential',
        featured: false,
      },
      {
        id: 'three-phase',
        folder: 'services',
        kind: 'service',
        group: 'commercial',
        featured: false,
      },
      {
        id: 'residential',
        folder: 'service-pages',
        kind: 'group',
        group: undefined,
        featured: false,
      },
      ...extraServices,
    ],
    areas: [
      area('electrician-botany', '/areas/electrician-howick', 'Botany'),
      area('electrician-howick', '/areas/electrician-botany', 'Howick'),
    ],
    projects: Array.from({ length: 24 }, (_, index) => ({ id: `p${index}`, featured: index < 6 })),
    testimonials: Array.from({ length: 12 }, (_, index) => ({
      id: `t${index}`,
      featured: index < 6,
    })),
    wording: [
      { page: 'The Botany area page', text: 'Emergency calls are taken 24/7 across Botany.' },
      { page: 'The home page', text: 'Licensed, local electricians. Free quotes.' },
      { page: 'The “Emergency Electrician” page', text: 'On call 24 hours a day.' },
      { page: 'The Whitford area page', text: 'Call us at any hour of the day or night.' },
      { page: 'The heated towel rails page', text: 'Left on around the clock, a rail uses power.' },
      { page: 'The Ōtāhuhu area page', text: 'Help around the clock for Ōtāhuhu homes.' },
      { page: 'The Dannemora area page', text: 'Ordinary jobs are usually done the same day.' },
      { page: 'The Botany area page', text: 'Same-day service is typical in Botany.' },
    ],
    quoteGroups: [
      { heading: 'East Auckland', region: 'East Auckland', suburbs: ['Botany', 'Pakuranga'] },
      { heading: 'East Auckland Additional', region: 'East Auckland', suburbs: ['Howick'] },
      { heading: 'South Auckland', region: 'South Auckland', suburbs: ['Ōtāhuhu'] },
    ],
    expected: {
      ...expected,
      serviceSlugs: { ...expected.serviceSlugs, other: extraServices.map((service) => service.id) },
    },
  };
}

describe('content rules', () => {
  it('accepts content that matches the spec', () => {
    expect(contentProblems(validContent())).toEqual([]);
  });

  it('names a missing service, a service in the wrong group and a wrongly featured one', () => {
    const content = validContent();
    content.services = content.services.filter((service) => service.id !== 'ceiling-fans');
    content.services.find((service) => service.id === 'three-phase')!.group = 'residential';
    content.services.find((service) => service.id === 'residential')!.featured = true;
    const problems = contentProblems(content);
    expect(problems).toContain('services/ceiling-fans.yaml is missing (a residential service)');
    expect(problems).toContain(
      'services/three-phase.yaml must be kind: service, group: commercial',
    );
    expect(problems).toContain(
      'service-pages/residential.yaml: only switchboard-upgrades is featured',
    );
  });

  it('rejects a repeated slug in the spec lists, too few featured entries and wrong area counts', () => {
    const content = validContent();
    content.expected = {
      ...content.expected,
      serviceSlugs: {
        ...content.expected.serviceSlugs,
        commercial: ['three-phase', 'three-phase'],
      },
    };
    content.projects = content.projects.slice(1);
    content.areas[0]!.servedSuburbs = ['Only one'];
    content.areas[1]!.relatedAreas = ['/areas/electrician-howick'];
    const problems = contentProblems(content);
    expect(problems).toContain('the commercial slug list repeats a slug');
    expect(problems).toContain(
      `Projects: 5 have “${SHOW_ON_HOME_LABEL}” ticked; the home page shows 6, so tick it on at least 6`,
    );
    expect(problems).toContain('areas/electrician-botany.md: 1 served suburbs, expected 8');
    expect(problems).toContain(
      'areas/electrician-howick.md: related area /areas/electrician-howick is not another area page',
    );
  });

  it('takes as many projects and reviews as the content holds, with enough featured for the home page', () => {
    const content = validContent();
    content.projects = Array.from({ length: 31 }, (_, index) => ({
      id: `p${index}`,
      featured: index % 4 === 0,
    }));
    content.testimonials = content.testimonials.slice(0, 6);
    expect(contentProblems(content)).toEqual([]);
    content.testimonials[2]!.featured = false;
    expect(contentProblems(content)).toEqual([
      `Reviews: 5 have “${SHOW_ON_HOME_LABEL}” ticked; the home page shows 6, so tick it on at least 6`,
    ]);
  });

  it('takes a service beyond the slug lists SPEC.md starts with', () => {
    const content = validContent();
    content.services.push({
      id: 'solar-panels',
      folder: 'services',
      kind: 'service',
      group: 'residential',
      featured: false,
    });
    expect(contentProblems(content)).toEqual([]);
  });

  it('names each page whose own words still promise round-the-clock work once it is unticked, with the words, and none while it is ticked', () => {
    const content = validContent();
    expect(contentProblems(content)).toEqual([]);
    content.expected = {
      ...content.expected,
      roundTheClock: { claimed: false, switchLabel: roundTheClockLabel },
    };
    expect(contentProblems(content)).toEqual(
      [
        ['The Botany area page', '24/7'],
        ['The “Emergency Electrician” page', '24 hours a day'],
        ['The Whitford area page', 'any hour'],
        ['The Ōtāhuhu area page', 'Help around the clock'],
      ].map(
        ([page, claim]) =>
          `${page} still says “${claim}”, but “${roundTheClockLabel}” is unticked in your business details: change its words, or tick it again`,
      ),
    );
  });

  it('names each page whose own words still promise same-day work once other jobs take longer, and none while they do not', () => {
    const content = validContent();
    content.expected = {
      ...content.expected,
      typicalService: { said: 'next-day', fieldLabel: typicalServiceLabel },
    };
    expect(contentProblems(content)).toEqual(
      [
        ['The Dannemora area page', 'same day'],
        ['The Botany area page', 'Same-day'],
      ].map(
        ([page, claim]) =>
          `${page} still says “${claim}”, but “${typicalServiceLabel}” in your business details says “next-day”: change its words, or that detail`,
      ),
    );
  });

  it('reads an area page’s choice of promise as a setting, not as its words, and its body across line breaks', () => {
    const content = validContent();
    content.expected = {
      ...content.expected,
      typicalService: { said: 'next-day', fieldLabel: typicalServiceLabel },
    };
    const area = { areaName: 'Howick', responseClaim: 'same-day', intro: 'Local help.' };
    content.wording = [
      {
        page: 'The Howick area page',
        text: pageWords(area, 'Faults are fixed fast.', AREA_SETTINGS),
      },
      {
        page: 'The Pakuranga area page',
        text: pageWords(area, 'Most jobs are done the same\nday.', AREA_SETTINGS),
      },
    ];
    expect(contentProblems(content)).toEqual([
      `The Pakuranga area page still says “same\nday”, but “${typicalServiceLabel}” in your business details says “next-day”: change its words, or that detail`,
    ]);
  });

  it('keeps the detail pages alone in services/, and the group and emergency pages in service-pages/', () => {
    const content = validContent();
    content.services.find((service) => service.id === 'residential')!.folder = 'services';
    content.services.find((service) => service.id === 'ceiling-fans')!.folder = 'service-pages';
    expect(contentProblems(content)).toEqual([
      'service-pages/ceiling-fans.yaml is kind: service, which belongs in services/',
      'services/residential.yaml is kind: group, which belongs in service-pages/',
    ]);
  });

  it('needs a share of the reviews in the facts for every suburb page, and no share for a suburb without one', () => {
    const content = validContent();
    content.areas[1]!.areaName = 'Howick & Cockle Bay';
    content.expected = { ...content.expected, reviewShares: ['Botany', 'Howick', 'Botany'] };
    expect(contentProblems(content)).toEqual([
      'areas/electrician-howick.md: business.json reviewShares has no entry named "Howick & Cockle Bay"',
      'business.json reviewShares: "Howick" is not the areaName of a suburb page',
      'business.json reviewShares names a suburb twice',
    ]);
  });

  it("names a place the quote page lists in another region than its area page's", () => {
    const content = validContent();
    content.areas[1]!.region = 'South Auckland';
    content.areas[0]!.places = ['Botany', 'Ōtāhuhu'];
    expect(contentProblems(content)).toEqual([
      'pages/quote.yaml lists Ōtāhuhu under "South Auckland" (South Auckland), but areas/electrician-botany.md is in East Auckland',
      'pages/quote.yaml lists Howick under "East Auckland Additional" (East Auckland), but areas/electrician-howick.md is in South Auckland',
    ]);
  });
});
