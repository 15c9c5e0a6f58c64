/** The launch rehearsal's rewrite of business.ts: every placeholder replaced, or a clear refusal */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyFixture, findTraces, fixtureIdentity, identityTraces, PLACEHOLDER_MARK } from '../../scripts/support/launch-fixture.ts';
import { business } from '../../src/config/business.ts';
import { placeholderProblems } from '../../src/lib/launch-check.ts';

const source = readFileSync('src/config/business.ts', 'utf8');

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
      reviewShares: Object.entries(fixture.reviewShares).map(([name, reviews]) => ({ name, reviews })),
      geo: fixture.geo,
    };
    expect(placeholderProblems(facts, fixture.defaultOrigin)).toEqual([]);
    expect(fixture.phone.e164).toMatch(/^\+64\d{7,10}$/);
    expect(fixture.yearsExperience).toBe(32);
  });

  it('replaces every PLACEHOLDER line of business.ts, and the years', () => {
    const { text, replaced } = applyFixture(source);
    expect(text).not.toContain(PLACEHOLDER_MARK);
    expect(replaced).toEqual(expect.arrayContaining(['name', 'shortName', 'owner', 'phone', 'email', 'defaultOrigin']));
    expect(replaced).toEqual(expect.arrayContaining(['registration.number', 'claims.yearsExperience', 'reviewSite', 'geo']));
    for (const share of business.reviewShares) expect(replaced).toContain(`reviewShares[${share.name}]`);
    expect(text).toContain(`name: ${JSON.stringify(fixtureIdentity.name)},`);
    expect(text).toContain(`number: ${JSON.stringify(fixtureIdentity.registrationNumber)},`);
    expect(text).toContain(`yearsExperience: ${fixtureIdentity.yearsExperience},`);
    expect(text).toContain(`phone: ${JSON.stringify(fixtureIdentity.phone)},`);
    // Nothing else changes (once the rehearsal has run on a copy, its own lines come out the same)
    const changed = source.split('\n').filter((line, index) => line !== text.split('\n')[index]);
    expect(changed.length).toBeLessThanOrEqual(replaced.length);
    expect(text.split('\n')).toHaveLength(source.split('\n').length);
  });

  it("comes out the same when written over its own lines, as in the rehearsal's copy", () => {
    const once = applyFixture(source);
    const twice = applyFixture(once.text);
    expect(twice.text).toBe(once.text);
    expect(twice.replaced.sort()).toEqual(once.replaced.sort());
  });

  it('refuses a placeholder it has no value for, and a fact it cannot find', () => {
    // A business.ts of its own, so the test holds after launch day too
    const sample = [
      'export const business: Business = businessSchema.parse({',
      "  name: 'A Ltd', // PLACEHOLDER",
      "  shortName: 'A', // PLACEHOLDER",
      "  owner: 'Al', // PLACEHOLDER",
      "  phone: { display: '09 555 0100', e164: '+6495550100' }, // PLACEHOLDER",
      "  email: 'a@example.com', // PLACEHOLDER",
      "  defaultOrigin: 'https://a.example.com', // PLACEHOLDER",
      '  claims: {',
      '    yearsExperience: 5,',
      '  },',
      "  registration: { body: 'EWRB', number: 'E 1', registerUrl: 'https://r.example' },",
      "  reviewSite: { name: 'Reviews', url: 'https://r.example' }, // PLACEHOLDER",
      '  geo: { latitude: -36.9, longitude: 174.9 }, // PLACEHOLDER',
      '  memberships: [],',
      '});',
    ].join('\n');
    // The registration number shares its line with other fields: not one it can replace
    expect(() => applyFixture(sample)).toThrow(/no line of business\.ts holds registration\.number/);
    const nested = sample.replace(
      "  registration: { body: 'EWRB', number: 'E 1', registerUrl: 'https://r.example' },",
      "  registration: {\n    body: 'EWRB',\n    number: 'E 1', // PLACEHOLDER\n  },",
    );
    const { text } = applyFixture(nested);
    expect(text).toContain(`    number: ${JSON.stringify(fixtureIdentity.registrationNumber)},`);
    expect(text).toContain(`    yearsExperience: ${fixtureIdentity.yearsExperience},`);
    expect(text).not.toContain(PLACEHOLDER_MARK);
    expect(() => applyFixture(nested.replace('  memberships: [],', "  memberships: ['Master Electricians'], // PLACEHOLDER"))).toThrow(
      /no fixture value for \(memberships\)/,
    );
    expect(() => applyFixture(nested.replace("  owner: 'Al', // PLACEHOLDER", "  owner:\n    'Al', // PLACEHOLDER"))).toThrow(
      /no fixture value for \(unknown\)/,
    );
    expect(() => applyFixture('export const business = {};')).toThrow(/businessSchema\.parse/);
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
      writeFileSync(join(dir, 'about', 'index.html'), '<p>Kauri Point Electrical &amp; Handyman, call <a>09&nbsp;111\n2222</a></p>');
      writeFileSync(join(dir, 'robots.txt'), 'Sitemap: https://www.kauripoint.nz/sitemap.xml\n');
      writeFileSync(join(dir, 'clean.html'), '<p>Rangitoto and www.kauripoint.nz.au, 127+ years, rangi@kauripoint.co.nz</p>');
      writeFileSync(join(dir, 'years.html'), '<h2>Talk it through with <!-- -->Rangi</h2><p>27+&nbsp;years</p>');
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
    expect(identityTraces({ ...before, owner: fixtureIdentity.owner }).map((trace) => trace.label)).not.toContain(
      `owner "${fixtureIdentity.owner}"`,
    );
  });
});
