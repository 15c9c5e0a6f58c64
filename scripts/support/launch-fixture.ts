/**
 * The launch rehearsal's identity, and how it is written into a copy of src/content/business.json:
 * every placeholder (src/config/placeholders.ts) is replaced by the fixture's value, as the owner
 * would on launch day, and the years of experience change too; then what of the replaced identity
 * a build must no longer show anywhere. Unit tested in tests/unit/launch-fixture.test.ts.
 *
 * A fact it cannot find, or a placeholder left that it has no value for, is an error rather than
 * a rehearsal that silently keeps a placeholder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { businessSchema, type Business } from '../../src/config/business.ts';
import { placeholderProblems } from '../../src/lib/launch-check.ts';
import { literalPattern } from '../../src/lib/literal-pattern.ts';

export interface FixtureIdentity {
  name: string;
  shortName: string;
  owner: string;
  phone: { display: string; e164: string };
  email: string;
  defaultOrigin: string;
  registrationNumber: string;
  yearsExperience: number;
  /** The business's own pages, by the name of the network in business.json */
  social: Record<string, string>;
  reviewSite: { name: string; url: string; reviewCount: number };
  /** How many of those reviews are by each suburb page's customers, by the suburb's name in business.json */
  reviewShares: Record<string, number>;
  geo: { latitude: number; longitude: number };
}

/**
 * Another business, with no placeholder left: what `npm run test:launch` builds and tests. Its short
 * name is a long one (27 characters), which a phone's header shows on two lines.
 */
export const fixtureIdentity: FixtureIdentity = {
  name: 'Pōhutukawa Coast Electrical Ltd',
  shortName: 'Pōhutukawa Coast Electrical',
  owner: 'Hemi',
  phone: { display: '021 555 0142', e164: '+64215550142' },
  email: 'office@pohutukawacoast.co.nz',
  defaultOrigin: 'https://www.pohutukawacoast.co.nz',
  registrationNumber: 'E 123456',
  yearsExperience: 32,
  social: {
    Facebook: 'https://www.facebook.com/pohutukawacoast',
    Instagram: 'https://www.instagram.com/pohutukawacoast',
  },
  reviewSite: {
    name: 'Google reviews',
    url: 'https://g.page/r/pohutukawacoast/review',
    reviewCount: 87,
  },
  // 71 of the 87 by customers of the suburb pages; the rest from elsewhere in Auckland
  reviewShares: {
    Botany: 14,
    Howick: 12,
    Pakuranga: 9,
    'East Tāmaki': 6,
    Ōtāhuhu: 3,
    'Bucklands Beach & Half Moon Bay': 10,
    'Dannemora & Highland Park': 8,
    'Whitford & Beachlands': 5,
    'Eastern Bays': 4,
  },
  geo: { latitude: -36.90463, longitude: 174.84172 },
};

export interface FixtureResult {
  /** business.json with the fixture in place, as the owner's editor writes it */
  text: string;
  /** Property paths replaced, e.g. `phone`, `registration.number`, `social[Facebook]` */
  replaced: string[];
}

/** An object of the facts, or an error naming the path the fixture expected it at */
function objectAt(parent: Record<string, unknown>, key: string): Record<string, unknown> {
  const value = parent[key];
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`business.json has no ${key} object`);
  return value as Record<string, unknown>;
}

function namedItems(facts: Record<string, unknown>, key: string): Record<string, unknown>[] {
  const value = facts[key];
  if (!Array.isArray(value)) throw new Error(`business.json has no ${key} list`);
  return value as Record<string, unknown>[];
}

/**
 * business.json with the fixture identity in place of the placeholders, and the years; throws when
 * the result is not valid facts or still holds a placeholder (one the fixture has no value for)
 */
export function applyFixture(
  source: string,
  fixture: FixtureIdentity = fixtureIdentity,
): FixtureResult {
  const facts = JSON.parse(source) as Record<string, unknown>;
  const replaced: string[] = [];
  const set = (target: Record<string, unknown>, key: string, value: unknown, path = key) => {
    if (!(key in target)) throw new Error(`business.json has no ${path}`);
    target[key] = structuredClone(value);
    replaced.push(path);
  };
  set(facts, 'name', fixture.name);
  set(facts, 'shortName', fixture.shortName);
  set(facts, 'owner', fixture.owner);
  set(facts, 'phone', fixture.phone);
  set(facts, 'email', fixture.email);
  set(facts, 'defaultOrigin', fixture.defaultOrigin);
  set(objectAt(facts, 'registration'), 'number', fixture.registrationNumber, 'registration.number');
  set(
    objectAt(facts, 'claims'),
    'yearsExperience',
    fixture.yearsExperience,
    'claims.yearsExperience',
  );
  set(facts, 'reviewSite', fixture.reviewSite);
  set(facts, 'geo', fixture.geo);
  // A network or a suburb the owner has dropped needs no fixture value; one the fixture does not know keeps its own
  for (const link of namedItems(facts, 'social')) {
    const url = fixture.social[String(link['name'])];
    if (url !== undefined) set(link, 'url', url, `social[${String(link['name'])}]`);
  }
  for (const share of namedItems(facts, 'reviewShares')) {
    const reviews = fixture.reviewShares[String(share['name'])];
    if (reviews !== undefined)
      set(share, 'reviews', reviews, `reviewShares[${String(share['name'])}]`);
  }
  const checked = businessSchema.safeParse(facts);
  if (!checked.success)
    throw new Error(
      `The fixture identity makes business.json invalid:\n${z.prettifyError(checked.error)}`,
    );
  const left = placeholderProblems(checked.data, fixture.defaultOrigin);
  if (left.length > 0)
    throw new Error(`Placeholders the fixture has no value for:\n- ${left.join('\n- ')}`);
  return { text: `${JSON.stringify(facts, null, 2)}\n`, replaced };
}

// ------------------------------------------------------------------ traces of the replaced identity

export interface Trace {
  label: string;
  pattern: RegExp;
}

/** What of the identity business.json held before the fixture (`before`) must not show in the build any more */
export function identityTraces(
  before: Business,
  fixture: FixtureIdentity = fixtureIdentity,
): Trace[] {
  // A space in a fact may be rendered as a non-breaking one, or as a line break in the markup
  const spaced = (text: string) => literalPattern(text).replace(/ /g, '\\s+');
  const yearsBefore = `${before.claims.yearsExperience}+ years`;
  const facts: [label: string, was: string, now: string, pattern: string][] = [
    ['name', before.name, fixture.name, spaced(before.name)],
    ['short name', before.shortName, fixture.shortName, spaced(before.shortName)],
    ['owner', before.owner, fixture.owner, `\\b${spaced(before.owner)}\\b`],
    ['phone', before.phone.display, fixture.phone.display, spaced(before.phone.display)],
    ['phone', before.phone.e164, fixture.phone.e164, literalPattern(before.phone.e164)],
    ['e-mail', before.email, fixture.email, literalPattern(before.email)],
    [
      'origin',
      before.defaultOrigin,
      fixture.defaultOrigin,
      `//${literalPattern(new URL(before.defaultOrigin).host)}(?![\\w.-])`,
    ],
    [
      'registration',
      before.registration.number,
      fixture.registrationNumber,
      `\\b${spaced(before.registration.number)}\\b`,
    ],
    ['years', yearsBefore, `${fixture.yearsExperience}+ years`, `(?<!\\d)${spaced(yearsBefore)}`],
  ];
  return facts
    .filter(([, was, now]) => was !== now)
    .map(([label, was, , pattern]) => ({
      label: `${label} "${was}"`,
      pattern: new RegExp(pattern),
    }));
}

/** Text a visitor or crawler reads in a built file: entities decoded, React's empty comments gone */
export function readable(text: string): string {
  return text
    .replaceAll('<!-- -->', '')
    .replace(/&nbsp;|&#160;|\u00a0/g, ' ')
    .replaceAll('&amp;', '&')
    .replace(/&#39;|&#x27;/g, "'");
}

/** Every text file of a built site that still shows one of the traces, with the words around it */
export function findTraces(clientDir: string, traces: readonly Trace[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (
        /\.(?:html|xml|txt|js|css|json|webmanifest)$|^_headers$|^_redirects$/.test(entry.name)
      ) {
        const text = readable(readFileSync(path, 'utf8'));
        for (const { label, pattern } of traces) {
          const match = pattern.exec(text);
          if (!match) continue;
          const context = text
            .slice(Math.max(0, match.index - 50), match.index + match[0].length + 30)
            .replace(/\s+/g, ' ');
          found.push(`${relative(clientDir, path)}: ${label} in "…${context}…"`);
        }
      }
    }
  };
  walk(clientDir);
  return found;
}
