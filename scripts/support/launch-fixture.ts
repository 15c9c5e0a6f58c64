/**
 * The launch rehearsal's identity, and how it is written into a copy of src/config/business.ts:
 * every value marked `// PLACEHOLDER` is replaced by the fixture's, as the owner would on launch
 * day, and the years of experience change too; then what of the replaced identity a build must no
 * longer show anywhere. Unit tested in tests/unit/launch-fixture.test.ts.
 *
 * It reads business.ts the way the owner sees it: one property a line inside
 * `businessSchema.parse({ … })`, nested objects and arrays opened at the end of a line. A
 * placeholder it does not know, or a fixture value it finds no line for, is an error rather than
 * a rehearsal that silently keeps a placeholder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Business } from '../../src/config/business.ts';

export interface FixtureIdentity {
  name: string;
  shortName: string;
  owner: string;
  phone: { display: string; e164: string };
  email: string;
  defaultOrigin: string;
  registrationNumber: string;
  yearsExperience: number;
  /** The business's own pages, by the name of the network in business.ts */
  social: Record<string, string>;
  reviewSite: { name: string; url: string; reviewCount: number };
  /** How many of those reviews are by each suburb page's customers, by the suburb's name in business.ts */
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
  social: { Facebook: 'https://www.facebook.com/pohutukawacoast', Instagram: 'https://www.instagram.com/pohutukawacoast' },
  reviewSite: { name: 'Google reviews', url: 'https://g.page/r/pohutukawacoast/review', reviewCount: 87 },
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

export const PLACEHOLDER_MARK = '// PLACEHOLDER';
const FIXTURE_MARK = '// launch rehearsal fixture';

/** The line with every string literal blanked out (same length), so brackets and comments can be found */
function maskStrings(line: string): string {
  return line.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, (literal) => `'${'_'.repeat(literal.length - 2)}'`);
}

function commentStart(masked: string): number {
  const index = masked.indexOf('//');
  return index === -1 ? masked.length : index;
}

function bracketBalance(masked: string): number {
  const code = masked.slice(0, commentStart(masked));
  return (code.match(/[{[(]/g)?.length ?? 0) - (code.match(/[}\])]/g)?.length ?? 0);
}

export interface FixtureResult {
  text: string;
  /** Property paths replaced, e.g. `phone`, `registration.number`, `social[Facebook]` */
  replaced: string[];
}

/** business.ts with the fixture identity in place of every placeholder; throws on anything it cannot place */
export function applyFixture(source: string, fixture: FixtureIdentity = fixtureIdentity): FixtureResult {
  const values = new Map<string, unknown>([
    ['name', fixture.name],
    ['shortName', fixture.shortName],
    ['owner', fixture.owner],
    ['phone', fixture.phone],
    ['email', fixture.email],
    ['defaultOrigin', fixture.defaultOrigin],
    ['registration.number', fixture.registrationNumber],
    ['claims.yearsExperience', fixture.yearsExperience],
    ['reviewSite', fixture.reviewSite],
    ['geo', fixture.geo],
    ...Object.entries(fixture.social).map(([name, url]): [string, unknown] => [`social[${name}]`, { name, url }]),
    ...Object.entries(fixture.reviewShares).map(([name, reviews]): [string, unknown] => [`reviewShares[${name}]`, { name, reviews }]),
  ]);
  const lines = source.split('\n');
  const replaced: string[] = [];
  const problems: string[] = [];
  const start = lines.findIndex((line) => /businessSchema\.parse\(\{\s*$/.test(line));
  if (start === -1) throw new Error('business.ts: no line ending in `businessSchema.parse({`, so the facts cannot be found');
  // Keys of the objects and arrays open around the current line, inside parse({ … })
  const stack: string[] = [];
  let depth = 1;
  for (let index = start + 1; index < lines.length && depth > 0; index++) {
    const line = lines[index]!;
    const masked = maskStrings(line);
    const key = /^\s*([a-z_$][\w$]*)\s*:/i.exec(line)?.[1];
    const inside = stack.filter(Boolean).join('.');
    let path: string | undefined;
    if (key) path = inside ? `${inside}.${key}` : key;
    // An array's object by its name, as the owner writes it ({ name: 'Botany', … }) or as a rehearsal did ({"name":"Botany",…})
    else if (/^\s*\{/.test(line))
      path = `${inside}[${/(?:\bname|"name"):\s*(?:'([^']*)'|"([^"]*)")/.exec(line)?.slice(1).find(Boolean) ?? '?'}]`;
    const balance = bracketBalance(masked);
    const marked = masked.slice(commentStart(masked)).includes('PLACEHOLDER');
    if (path && values.has(path)) {
      if (balance !== 0) problems.push(`line ${index + 1}: ${path} spans several lines; keep it on one line`);
      else {
        const indent = /^\s*/.exec(line)![0];
        const name = key ? `${key}: ` : '';
        lines[index] = `${indent}${name}${JSON.stringify(values.get(path))}, ${FIXTURE_MARK}`;
        replaced.push(path);
      }
    } else if (marked) {
      problems.push(`line ${index + 1}: a placeholder the rehearsal has no fixture value for (${path ?? 'unknown'}): ${line.trim()}`);
    }
    if (balance > 0) stack.push(key ?? '');
    for (let closed = 0; closed > balance; closed--) stack.pop();
    depth += balance;
  }
  // A social network or a suburb the owner has dropped needs no fixture value; every other fact must be found
  for (const path of values.keys()) {
    if (!replaced.includes(path) && !/^(?:social|reviewShares)\[/.test(path)) problems.push(`no line of business.ts holds ${path}`);
  }
  if (problems.length > 0) throw new Error(`Cannot write the fixture identity into business.ts:\n- ${problems.join('\n- ')}`);
  return { text: lines.join('\n'), replaced };
}

// ------------------------------------------------------------------ traces of the replaced identity

export interface Trace {
  label: string;
  pattern: RegExp;
}

/** What of the identity business.ts held before the fixture (`before`) must not show in the build any more */
export function identityTraces(before: Business, fixture: FixtureIdentity = fixtureIdentity): Trace[] {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // A space in a fact may be rendered as a non-breaking one, or as a line break in the markup
  const spaced = (text: string) => literal(text).replace(/ /g, '\\s+');
  const yearsBefore = `${before.claims.yearsExperience}+ years`;
  const facts: [label: string, was: string, now: string, pattern: string][] = [
    ['name', before.name, fixture.name, spaced(before.name)],
    ['short name', before.shortName, fixture.shortName, spaced(before.shortName)],
    ['owner', before.owner, fixture.owner, `\\b${spaced(before.owner)}\\b`],
    ['phone', before.phone.display, fixture.phone.display, spaced(before.phone.display)],
    ['phone', before.phone.e164, fixture.phone.e164, literal(before.phone.e164)],
    ['e-mail', before.email, fixture.email, literal(before.email)],
    ['origin', before.defaultOrigin, fixture.defaultOrigin, `//${literal(new URL(before.defaultOrigin).host)}(?![\\w.-])`],
    ['registration', before.registration.number, fixture.registrationNumber, `\\b${spaced(before.registration.number)}\\b`],
    ['years', yearsBefore, `${fixture.yearsExperience}+ years`, `(?<!\\d)${spaced(yearsBefore)}`],
  ];
  return facts
    .filter(([, was, now]) => was !== now)
    .map(([label, was, , pattern]) => ({ label: `${label} "${was}"`, pattern: new RegExp(pattern) }));
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
      else if (/\.(?:html|xml|txt|js|css|json|webmanifest)$|^_headers$|^_redirects$/.test(entry.name)) {
        const text = readable(readFileSync(path, 'utf8'));
        for (const { label, pattern } of traces) {
          const match = pattern.exec(text);
          if (!match) continue;
          const context = text.slice(Math.max(0, match.index - 50), match.index + match[0].length + 30).replace(/\s+/g, ' ');
          found.push(`${relative(clientDir, path)}: ${label} in "…${context}…"`);
        }
      }
    }
  };
  walk(clientDir);
  return found;
}
