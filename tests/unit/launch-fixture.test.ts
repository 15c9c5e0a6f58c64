/** The launch rehearsal's rewrite of business.json: every placeholder replaced, or a clear refusal */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  applyFixture,
  findTraces,
  fixtureIdentity,
  identityTraces,
} from '../../scripts/support/launch-fixture.ts';
import { business, businessSchema, type Business } from '../../src/config/business.ts';
import { placeholderProblems } from '../../src/lib/launch-check.ts';

const source = readFileSync('src/content/business.json', 'utf8');

describe('the launch rehearsal fixture', () => {
  it('is another business with no placeholder left', () => {
    const fixture = fixtureIdentity;
    const facts = {
      ...business,
      name: fixture.name,
      shortName: fixture.shortName,
      owner: fixture.owner,
      phone: fixture.phone,
      email: fixture.email,
      defaultOrigin: fixture.defaultOrigin,
      registration: { ...business.registration, number: fixture.registrationNumber },
      social: Object.entries(fixture.social).map(([name, url]) => ({ name, url })),
      reviewSite: fixture.reviewSite,
      reviewShares: Object.entries(fixture.reviewShares).map(([name, reviews]) => ({
        name,
        reviews,
      })),
      geo: fixture.geo,
    };
    expect(placeholderProblems(facts, fixture.defaultOrigin)).toEqual([]);
    expect(fixture.phone.e164).toMatch(/^\+64\d{7,10}$/);
    expect(fixture.yearsExperience).toBe(32);
  });

  it('replaces every placeholder of business.json, and the years', () => {
    const { text, replaced } = applyFixture(source);
    const facts = businessSchema.parse(JSON.parse(text));
    expect(placeholderProblems(facts, fixtureIdentity.defaultOrigin)).toEqual([]);
    expect(replaced).toEqual(
      expect.arrayContaining(['name', 'shortName', 'owner', 'phone', 'email', 'defaultOrigin']),
    );
    expect(replaced).toEqual(
      expect.arrayContaining([
        'registration.number',
        'claims.yearsExperience',
        'reviewSite',
        'geo',
      ]),
    );
    for (const share of business.reviewShares)
      expect(replaced).toContain(`reviewShares[${share.name}]`);
    for (const link of business.social) expect(replaced).toContain(`social[${link.name}]`);
    expect(facts).toMatchObject({
      name: fixtureIdentity.name,
      phone: fixtureIdentity.phone,
      registration: { number: fixtureIdentity.registrationNumber },
      claims: { yearsExperience: fixtureIdentity.yearsExperience },
    });
    // Nothing else changes
    const unchanged = (value: Business) => {
      const {
        name,
        shortName,
        owner,
        phone,
        email,
        defaultOrigin,
        reviewSite,
        geo,
        social,
        reviewShares,
        ...rest
      } = value;
      const { number, ...registration } = rest.registration;
      const { yearsExperience, ...claims } = rest.claims;
      void [
        name,
        shortName,
        owner,
        phone,
        email,
        defaultOrigin,
        reviewSite,
        geo,
        number,
        yearsExperience,
      ];
      return {
        ...rest,
        registration,
        claims,
        social: social.map((link) => link.name),
        reviewShares: reviewShares.map((share) => share.name),
      };
    };
    expect(unchanged(facts)).toEqual(unchanged(business));
    // Written the way the editor writes it: two-space JSON, the keys in their order
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    expect(Object.keys(JSON.parse(text) as object)).toEqual(
      Object.keys(JSON.parse(source) as object),
    );
  });

  it("comes out the same when written over its own values, as in the rehearsal's copy", () => {
    const once = applyFixture(source);
    const twice = applyFixture(once.text);
    expect(twice.text).toBe(once.text);
    expect(twice.replaced.sort()).toEqual(once.replaced.sort());
  });

  it('refuses a placeholder it has no value for, and a fact it cannot find', () => {
    const facts = JSON.parse(source) as Record<string, unknown>;
    const withNetwork = {
      ...facts,
      social: [...business.social, { name: 'Facebook page', url: 'https://www.facebook.com/' }],
    };
    expect(() => applyFixture(JSON.stringify(withNetwork))).toThrow(
      /no value for:\n- Facebook page link is not the business's own page/,
    );
    const { registration, ...withoutRegistration } = facts;
    void registration;
    expect(() => applyFixture(JSON.stringify(withoutRegistration))).toThrow(
      /business\.json has no registration object/,
    );
    expect(() => applyFixture(JSON.stringify({ ...facts, email: undefined }))).toThrow(
      /business\.json has no email/,
    );
    expect(() => applyFixture(JSON.stringify({ ...facts, priceRange: 'cheap' }))).toThrow(
      /makes business\.json invalid/,
    );
  });

  it('finds the replaced identity wherever a built file still shows it', () => {
    const before = {
      ...business,
      name: 'Kauri Point Electrical & Handyman',
      shortName: 'Kauri Point Electrical',
      owner: 'Rangi',
      phone: { display: '09 111 2222', e164: '+6491112222' },
      email: 'hi@kauripoint.nz',
      defaultOrigin: 'https://www.kauripoint.nz',
      claims: { ...business.claims, yearsExperience: 27 },
    };
    const traces = identityTraces(before);
    const dir = mkdtempSync(join(tmpdir(), 'traces-'));
    try {
      mkdirSync(join(dir, 'about'));
      writeFileSync(
        join(dir, 'about', 'index.html'),
        '<p>Kauri Point Electrical &amp; Handyman, call <a>09&nbsp;111\n2222</a></p>',
      );
      writeFileSync(join(dir, 'robots.txt'), 'Sitemap: https://www.kauripoint.nz/sitemap.xml\n');
      writeFileSync(
        join(dir, 'clean.html'),
        '<p>Rangitoto and www.kauripoint.nz.au, 127+ years, rangi@kauripoint.co.nz</p>',
      );
      writeFileSync(
        join(dir, 'years.html'),
        '<h2>Talk it through with <!-- -->Rangi</h2><p>27+&nbsp;years</p>',
      );
      writeFileSync(join(dir, 'photo.avif'), 'Rangi');
      const found = findTraces(dir, traces).sort();
      expect(found.map((line) => line.replace(/ in ".*$/, ''))).toEqual([
        'about/index.html: name "Kauri Point Electrical & Handyman"',
        'about/index.html: phone "09 111 2222"',
        'about/index.html: short name "Kauri Point Electrical"',
        'robots.txt: origin "https://www.kauripoint.nz"',
        'years.html: owner "Rangi"',
        'years.html: years "27+ years"',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(
      identityTraces({ ...before, owner: fixtureIdentity.owner }).map((trace) => trace.label),
    ).not.toContain(`owner "${fixtureIdentity.owner}"`);
  });
});
