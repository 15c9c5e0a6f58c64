/**
 * His jobs as the owner's app shows them: the list, newest first, with what the form offers (the
 * suburbs the area pages cover, the kinds of job, the schema's labels), and one job for its form.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HOME_COUNTS } from '../../../lib/constants.ts';
import { MAX_PROJECT_PHOTOS } from '../../../lib/content-schemas.ts';
import { fieldAt } from '../../../lib/field-labels.ts';
import type { JobBody, JobKind, JobsBody, JobSummary } from '../../../lib/owner-api.ts';
import { topLevelField } from '../../publish/entry-labels.ts';
import { schema, type ProjectFiles, type StoredProject } from './project-files.ts';

const AREAS_DIRECTORY = 'src/content/areas';

/** A top-level list of plain words in YAML (`key:` then `  - word` lines), each unquoted */
function listOf(text: string, key: string): string[] {
  const block = new RegExp(`^${key}:[ \\t]*\\n((?:[ \\t]+- .*\\n?)+)`, 'm').exec(text)?.[1] ?? '';
  return block
    .split('\n')
    .map((line) =>
      /^\s+- (.*)$/
        .exec(line)?.[1]
        ?.trim()
        .replace(/^(["'])(.*)\1$/, '$2'),
    )
    .filter((word): word is string => Boolean(word));
}

/** The words of each of the form's fields, from the schema's labels */
function labelOf(key: string): string {
  return fieldAt(schema, key)?.labels[0] ?? key;
}

const photoUrl = (id: string, index: number) =>
  `/api/owner/jobs/${encodeURIComponent(id)}/photos/${index}`;

function summary(id: string, project: StoredProject): JobSummary {
  const photos = project.photos.filter((photo) => photo.src);
  return {
    id,
    title: project.title,
    suburb: project.suburb,
    category: project.category,
    featured: project.featured,
    order: project.order ?? 0,
    photoCount: photos.length,
    thumbnail: photos.length > 0 || project.image ? photoUrl(id, 0) : null,
    focus: project.focus ?? { x: 50, y: 50 },
  };
}

/** Newest first: a new job comes first in the site's lists (its position below every other) */
const newestFirst = (a: JobSummary, b: JobSummary) => a.order - b.order || a.id.localeCompare(b.id);

function kinds(): JobKind[] {
  const { optionLabels = {} } = fieldAt(schema, 'category')?.meta ?? {};
  return schema.shape.category.options.map((value) => ({
    value,
    hint: optionLabels[value] ?? value,
  }));
}

export function jobList(siteDir: string, files: ProjectFiles) {
  /** The suburbs the area pages cover, read from their front matter (the editor's reader would refuse a page whose words in braces run past a limit) */
  async function suburbs(): Promise<string[]> {
    const names = new Set<string>();
    const folder = join(siteDir, AREAS_DIRECTORY);
    for (const file of await readdir(folder).catch(() => [] as string[])) {
      if (!file.endsWith('.md')) continue;
      const text = await readFile(join(folder, file), 'utf8');
      const kind = topLevelField(text, 'kind');
      const name = topLevelField(text, 'areaName');
      // A page for two places ("Whitford & Beachlands") lists each among its suburbs
      if (name && kind === 'suburb' && !name.includes('&')) names.add(name);
      for (const suburb of listOf(text, 'servedSuburbs')) names.add(suburb);
    }
    return [...names].sort((a, b) => a.localeCompare(b));
  }

  async function list(): Promise<JobsBody> {
    const jobs = (await files.all())
      .map(({ id, project }) => summary(id, project))
      .sort(newestFirst);
    return {
      jobs,
      suburbs: await suburbs(),
      kinds: kinds(),
      homeCount: HOME_COUNTS.projects,
      maxPhotos: MAX_PROJECT_PHOTOS,
      labels: {
        title: labelOf('title'),
        suburb: labelOf('suburb'),
        category: labelOf('category'),
        description: labelOf('description'),
        featured: labelOf('featured'),
        photos: labelOf('photos'),
      },
    };
  }

  async function read(id: string): Promise<JobBody | undefined> {
    const project = await files.one(id);
    if (!project) return undefined;
    return {
      ...summary(id, project),
      description: project.description,
      photos: project.photos.flatMap((photo, index) =>
        photo.src ? [{ index, alt: photo.alt, url: photoUrl(id, index) }] : [],
      ),
    };
  }

  return { list, read };
}
