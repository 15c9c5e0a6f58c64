/**
 * The content as the tests count it: how many projects, reviews and services there are, and of
 * which kind, read from the files of src/content, so a test states what the content holds rather
 * than the counts of the day. It reads only the one-line top-level fields (`featured: true`,
 * `category: Maintenance`), the way `npm run check:launch` finds `sample: true`, so it needs no
 * YAML parser; a field written over several lines is not one it can read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const contentDir = 'src/content';

export interface ContentEntry {
  id: string;
  /** How many list items in the entry start with `key:` (each `- key:` line), such as a project’s photos by `src` */
  itemsWith: (key: string) => number;
  /** A top-level field's value as written on its line, quotes taken off; undefined when it is not a one-line field */
  field: (name: string) => string | undefined;
}

/** Every entry of a folder of src/content (e.g. 'projects'), by file name; of the checkout at `root` when given */
export function contentEntries(folder: string, root = '.'): ContentEntry[] {
  const dir = join(root, contentDir, folder);
  return readdirSync(dir)
    .filter((file) => /\.(?:ya?ml|md)$/.test(file))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      return {
        id: file.replace(/\.(?:ya?ml|md)$/, ''),
        itemsWith: (key: string) => text.match(new RegExp(`^\\s*- ${key}:`, 'gm'))?.length ?? 0,
        field: (name: string) => {
          const value = new RegExp(`^${name}:[ \\t]*(\\S[^\\n]*?)[ \\t]*$`, 'm').exec(text)?.[1];
          return value?.replace(/^(['"])(.*)\1$/, '$2');
        },
      };
    });
}

/** The projects' and reviews' totals and kinds in the checkout at `root` as it is when called, as its pages should state them */
export function contentCountsIn(root: string) {
  const projects = contentEntries('projects', root);
  const testimonials = contentEntries('testimonials', root);
  const services = contentEntries('services', root);
  const countOf = (entries: ContentEntry[], name: string, value: string) =>
    entries.filter((entry) => entry.field(name) === value).length;
  return {
    projects: projects.length,
    projectsIn: (category: 'Residential' | 'Maintenance') =>
      countOf(projects, 'category', category),
    /** The pictures /projects shows: each project's photos (the editor writes `src` first), or its one illustration */
    projectPictures: projects.reduce(
      (sum, project) => sum + Math.max(1, project.itemsWith('src')),
      0,
    ),
    testimonials: testimonials.length,
    testimonialsFor: (service: 'Residential' | 'Commercial') =>
      countOf(testimonials, 'service', service),
    /** Detail services of a group (src/content/services holds only those) */
    servicesIn: (group: 'residential' | 'commercial' | 'other') =>
      countOf(services, 'group', group),
  };
}

/** The projects' and reviews' totals and kinds of this checkout */
export const contentCounts = contentCountsIn('.');
