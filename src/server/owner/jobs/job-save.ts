/**
 * Adding a job or changing one: his words cleaned, each photo kept where it is or a new one taken
 * from the uploads into the next free numbered folder, the whole held to the projects' schema
 * (whose labels name a field he must fix), then written as the editor writes.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { fileNameOf } from '../../../editor/keystatic-fields.ts';
import { FOCUS_STEP } from '../../../lib/constants.ts';
import { PHOTOS_DIRECTORY } from '../../../lib/content-schemas.ts';
import { fieldAt } from '../../../lib/field-labels.ts';
import type { JobDraft } from '../../../lib/owner-api.ts';
import { withoutControls } from '../../../lib/plain-text.ts';
import { needWords } from '../../publish/astro-problems.ts';
import type { PhotoUploads } from './photo-uploads.ts';
import {
  photoFileOf,
  PROJECTS_DIRECTORY,
  projectYaml,
  schema,
  storedPathOf,
  type JobFileOptions,
  type ProjectFiles,
  type SaveOutcome,
  whilePublishing,
} from './project-files.ts';

const snap = (share: number) =>
  Math.min(100, Math.max(0, Math.round(share / FOCUS_STEP) * FOCUS_STEP));

/** A text as he typed it, on one line where the site shows one */
const cleanText = (text: string, keepLineBreaks = false) =>
  withoutControls(text, { keepLineBreaks }).trim();

/** The field a problem is with, by the label his form shows, and what it needs */
function problemWords(issue: z.core.$ZodIssue): { field?: string; message: string } {
  const path = issue.path.map(String).join('.');
  const field = path ? fieldAt(schema, path) : undefined;
  const need = needWords(issue.message, field?.meta);
  if (!field) return { message: need.charAt(0).toUpperCase() + need.slice(1) };
  return {
    field: String(issue.path[0]),
    message: `${field.labels.join(' › ')} ${need}`,
  };
}

export function jobSaver(options: JobFileOptions, files: ProjectFiles, uploads: PhotoUploads) {
  const { siteDir } = options;

  /** A new job's file name from its title, not one in use */
  async function newName(title: string): Promise<string> {
    const base = fileNameOf(title).split('-').slice(0, 8).join('-') || 'job';
    const taken = new Set((await files.all()).map(({ id }) => id));
    let name = base;
    for (let count = 2; taken.has(name); count++) name = `${base}-${count}`;
    return name;
  }

  /** Adds a job (no `id`) or changes one, after the projects' schema takes it */
  async function save(id: string | undefined, draft: JobDraft): Promise<SaveOutcome> {
    if (options.isPublishing()) return whilePublishing('save again');
    const existing = id === undefined ? undefined : await files.one(id);
    if (id !== undefined && !existing)
      return { ok: false, status: 404, message: 'That job is no longer there.' };
    const title = cleanText(draft.title);
    const name = id ?? (await newName(title));
    const photosFolder = `${PHOTOS_DIRECTORY}/${name}/photos`;

    // Each photo kept where it is; each new one in the next free numbered folder
    const used = new Set(
      (existing?.photos ?? []).map((photo) => /\/photos\/(\d+)\//.exec(photo.src ?? '')?.[1]),
    );
    let next = 0;
    const freeFolder = () => {
      while (used.has(String(next)) || existsSync(join(siteDir, photosFolder, String(next))))
        next++;
      used.add(String(next));
      return `${photosFolder}/${next}/src.jpg`;
    };
    const additions: Array<{ path: string; bytes: Buffer }> = [];
    const photos: Array<{ src: string; alt: string }> = [];
    const uploadsTaken: string[] = [];
    for (const [place, photo] of draft.photos.entries()) {
      const alt = cleanText(photo.alt);
      if ('kept' in photo) {
        const src = existing?.photos[photo.kept]?.src;
        if (!src)
          return { ok: false, status: 400, message: `Photo ${place + 1} is no longer there.` };
        photos.push({ src, alt });
      } else {
        const bytes = await uploads.uploaded(photo.upload);
        if (!bytes)
          return {
            ok: false,
            status: 400,
            message: `Photo ${place + 1} did not reach the site. Send it again.`,
          };
        const file = freeFolder();
        additions.push({ path: file, bytes });
        photos.push({ src: storedPathOf(file), alt });
        uploadsTaken.push(photo.upload);
      }
    }
    const keptFiles = new Set(photos.map((photo) => photoFileOf(photo.src)));
    const deletions = (existing?.photos ?? [])
      .map((photo) => (photo.src ? photoFileOf(photo.src) : undefined))
      .filter((file): file is string => file !== undefined && !keptFiles.has(file))
      .filter((file) => files.inside(PHOTOS_DIRECTORY, file) !== undefined);

    const orders = (await files.all()).map(({ project }) => project.order ?? 0);
    const project = {
      title,
      description: cleanText(draft.description, true),
      suburb: cleanText(draft.suburb),
      category: cleanText(draft.category),
      photos,
      image: existing?.image || undefined,
      imageAlt: existing?.imageAlt || undefined,
      focus: { x: snap(draft.focus.x), y: snap(draft.focus.y) },
      featured: draft.featured,
      // A new job comes first in the site's lists
      order: existing?.order ?? Math.min(1, ...orders) - 1,
      sample: existing?.sample || undefined,
    };
    const checked = schema.safeParse(project);
    if (!checked.success) {
      const [first] = checked.error.issues;
      const words = problemWords(first!);
      return {
        ok: false,
        status: 400,
        message: words.message,
        ...(words.field ? { field: words.field } : {}),
      };
    }
    additions.unshift({
      path: `${PROJECTS_DIRECTORY}/${name}.yaml`,
      bytes: Buffer.from(projectYaml(project), 'utf8'),
    });
    await files.write({ additions, deletions });
    for (const taken of uploadsTaken) await uploads.remove(taken);
    return { ok: true, id: name };
  }

  return { save };
}
