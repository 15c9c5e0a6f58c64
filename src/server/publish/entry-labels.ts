/**
 * What the owner calls a content file: "project 'Switchboard upgrade in Howick'", "review by
 * Margaret", "the home page". Read from the file's own text (the field that names it), so the
 * history and the build's problems speak of entries as the owner's page shows them.
 */
import { basename } from 'node:path';

/** The collection folders under src/content, and what one entry of each is called */
const NAMED_BY: Readonly<Record<string, { noun: string; field: string; quoted: boolean }>> = {
  projects: { noun: 'project', field: 'title', quoted: true },
  testimonials: { noun: 'review by', field: 'author', quoted: false },
  services: { noun: 'service', field: 'title', quoted: true },
  'service-pages': { noun: 'service page', field: 'title', quoted: true },
  areas: { noun: 'area page', field: 'areaName', quoted: true },
};

const PAGE_NAMES: Readonly<Record<string, string>> = {
  home: 'the home page',
  about: 'the about page',
  quote: 'the quote page',
  'area-faq': 'the questions every suburb page shows',
};

/** A top-level `field: value` of YAML (or Markdown front matter), unquoted; undefined when absent or empty */
export function topLevelField(text: string, field: string): string | undefined {
  const line = new RegExp(`^${field}:[ \\t]*(.*)$`, 'm').exec(text)?.[1]?.trim();
  if (!line || /^[>|]/.test(line)) return undefined;
  const quoted = /^(["'])(.*)\1$/.exec(line);
  const value = quoted
    ? quoted[2]!.replace(quoted[1] === "'" ? /''/g : /\\"/g, quoted[1]!)
    : line.replace(/ #.*$/, '');
  return value.trim() || undefined;
}

/** The file's name without its folder and extension: `projects/switchboard-howick.yaml` → `switchboard-howick` */
const entryId = (path: string) => basename(path).replace(/\.[^.]+$/, '');

/**
 * What the owner calls the entry at `path` (relative to src/content, e.g. `projects/x.yaml`),
 * starting lower-case; `text` is the file's content when it can be read
 */
export function entryLabel(path: string, text: string | undefined): string {
  const [collection = '', ...rest] = path.split('/');
  const id = entryId(path);
  if (collection === 'pages' && rest.length === 1) return PAGE_NAMES[id] ?? `the ${id} page`;
  if (path === 'business.json') return 'the business details';
  const named = NAMED_BY[collection];
  if (!named) return path;
  const name = text === undefined ? undefined : topLevelField(text, named.field);
  if (!name) return `${named.noun} ${id}`;
  return named.quoted ? `${named.noun} '${name}'` : `${named.noun} ${name}`;
}

/** The sentence-start form: "Project 'Switchboard upgrade in Howick'" */
export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A field's name as words: `imageAlt` → "image alt", `shortName` → "short name" */
export function fieldWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
}
