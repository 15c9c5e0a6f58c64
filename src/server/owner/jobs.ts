/**
 * His finished jobs as the owner's app adds and changes them: the same files the content editor
 * writes (src/content/projects/NAME.yaml, its photos under src/assets/projects/NAME/photos/N/),
 * read with the editor's own reader and held to the projects' own schema, whose labels name a
 * field he must fix. A photo arrives on its own, is made safe at once (editor/photos.ts) and waits
 * in a folder outside the site until a save takes it, so a dropped signal costs one photo's
 * upload, never the job. Files are written as the editor's are (editor/write-update.ts): never
 * through a link, each whole or not at all.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, posix, resolve, sep } from 'node:path';
import { createReader } from '@keystatic/core/reader';
import { z } from 'zod';
import { fileNameOf } from '../../editor/keystatic-fields.ts';
import { editorConfig } from '../../editor/forms.ts';
import { FOCUS_STEP, HOME_COUNTS } from '../../lib/constants.ts';
import { MAX_PROJECT_PHOTOS, PHOTOS_DIRECTORY, projectSchema } from '../../lib/content-schemas.ts';
import { fieldAt } from '../../lib/field-labels.ts';
import type { JobBody, JobDraft, JobKind, JobsBody, JobSummary } from '../../lib/owner-api.ts';
import { withoutControls } from '../../lib/plain-text.ts';
import { makePhotoSafe } from '../editor/photos.ts';
import { writeUpdate } from '../editor/write-update.ts';
import { needWords } from '../publish/astro-problems.ts';
import { topLevelField } from '../publish/entry-labels.ts';

const PROJECTS_DIRECTORY = 'src/content/projects';
const ILLUSTRATIONS_DIRECTORY = 'src/assets/illustrations';
const AREAS_DIRECTORY = 'src/content/areas';
/** A draft's photos wait this long for the save that takes them */
const UPLOAD_KEPT_MS = 2 * 24 * 60 * 60 * 1000;
const UPLOAD_NAME = /^[\w-]{22}$/;
const JOB_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The schema the build holds a project to, its photos as the paths the file stores */
const schema = projectSchema(z.string);

/** A project as the editor's reader gives it */
interface StoredProject {
  title: string;
  description: string;
  suburb: string;
  category: string;
  photos: Array<{ src: string | null; alt: string }>;
  image?: string | null;
  imageAlt?: string | null;
  focus?: { x: number; y: number } | null;
  featured: boolean;
  order?: number | null;
  sample?: boolean | null;
}

export type SaveOutcome =
  | { ok: true; id: string }
  | { ok: false; status: 400 | 404 | 409; message: string; field?: string };

export interface JobStoreOptions {
  /** The site's source directory, holding src/ */
  siteDir: string;
  /** Where a draft's photos wait, outside the site */
  uploadsDir: string;
  /** Whether the site is being published, when no file may change */
  isPublishing: () => boolean;
  /** Told after each save, as the changes waiting to be published are now others */
  onSaved?: () => void;
}

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

/** The path of a photo file, relative to the site, from the path a project file stores */
const photoFileOf = (src: string) => posix.join(PROJECTS_DIRECTORY, src);
/** The path a project file stores for a photo file of the site */
const storedPathOf = (file: string) => posix.relative(PROJECTS_DIRECTORY, file);
const snap = (share: number) =>
  Math.min(100, Math.max(0, Math.round(share / FOCUS_STEP) * FOCUS_STEP));

/** A text as he typed it, on one line where the site shows one */
const cleanText = (text: string, keepLineBreaks = false) =>
  withoutControls(text, { keepLineBreaks }).trim();

/** YAML of a project in the schema's key order; every text double-quoted as JSON writes it, which YAML reads alike */
function projectYaml(project: Record<string, unknown>): string {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(project)) {
    if (value === undefined) continue;
    if (key === 'photos') {
      const photos = value as Array<{ src: string; alt: string }>;
      if (photos.length === 0) lines.push('photos: []');
      else {
        lines.push('photos:');
        for (const photo of photos)
          lines.push(
            `  - src: ${JSON.stringify(photo.src)}`,
            `    alt: ${JSON.stringify(photo.alt)}`,
          );
      }
    } else if (key === 'focus') {
      const { x, y } = value as { x: number; y: number };
      lines.push('focus:', `  x: ${x}`, `  y: ${y}`);
    } else lines.push(`${key}: ${JSON.stringify(value)}`);
  }
  return `${lines.join('\n')}\n`;
}

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

/** The words of each of the form's fields, from the schema's labels */
function labelOf(key: string): string {
  return fieldAt(schema, key)?.labels[0] ?? key;
}

export function createJobStore(options: JobStoreOptions) {
  const { siteDir, uploadsDir } = options;
  const reader = () => createReader(siteDir, editorConfig);

  /** Every job the editor's reader takes; one it refuses (its words in braces past a limit) is left out rather than hiding the rest */
  async function all(): Promise<Array<{ id: string; project: StoredProject }>> {
    const collection = reader().collections['projects']!;
    const found = await Promise.all(
      (await collection.list()).map(async (id) => {
        try {
          const entry = await collection.read(id);
          return entry ? [{ id, project: entry as unknown as StoredProject }] : [];
        } catch {
          return [];
        }
      }),
    );
    return found.flat();
  }

  async function one(id: string): Promise<StoredProject | undefined> {
    if (!JOB_NAME.test(id)) return undefined;
    try {
      const entry = await reader().collections['projects']!.read(id);
      return (entry ?? undefined) as StoredProject | undefined;
    } catch {
      return undefined;
    }
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
  const newestFirst = (a: JobSummary, b: JobSummary) =>
    a.order - b.order || a.id.localeCompare(b.id);

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

  function kinds(): JobKind[] {
    const { optionLabels = {} } = fieldAt(schema, 'category')?.meta ?? {};
    return schema.shape.category.options.map((value) => ({
      value,
      hint: optionLabels[value] ?? value,
    }));
  }

  async function list(): Promise<JobsBody> {
    const jobs = (await all()).map(({ id, project }) => summary(id, project)).sort(newestFirst);
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
    const project = await one(id);
    if (!project) return undefined;
    return {
      ...summary(id, project),
      description: project.description,
      photos: project.photos.flatMap((photo, index) =>
        photo.src ? [{ index, alt: photo.alt, url: photoUrl(id, index) }] : [],
      ),
    };
  }

  /** A file of the site, or undefined when the path would leave the folder it must be in */
  function inside(folder: string, path: string): string | undefined {
    const root = resolve(siteDir, folder);
    const file = resolve(siteDir, path);
    return file.startsWith(`${root}${sep}`) ? file : undefined;
  }

  /** A job's photo (or drawing), small: its bytes and type */
  async function picture(
    id: string,
    index: number,
  ): Promise<{ bytes: Buffer; type: string } | undefined> {
    const project = await one(id);
    if (!project) return undefined;
    const src = project.photos[index]?.src;
    if (src) {
      const file = inside(PHOTOS_DIRECTORY, photoFileOf(src));
      if (!file || !existsSync(file)) return undefined;
      const sharp = (await import('sharp')).default;
      const bytes = await sharp(file)
        .resize({ width: 640, withoutEnlargement: true })
        .jpeg()
        .toBuffer();
      return { bytes, type: 'image/jpeg' };
    }
    if (index === 0 && project.photos.length === 0 && project.image) {
      const file = inside(
        ILLUSTRATIONS_DIRECTORY,
        `${ILLUSTRATIONS_DIRECTORY}/${project.image}.svg`,
      );
      if (!file || !existsSync(file)) return undefined;
      return { bytes: await readFile(file), type: 'image/svg+xml' };
    }
    return undefined;
  }

  const uploadFile = (name: string) => join(uploadsDir, `${name}.jpg`);

  /** Photos of drafts never saved, past the time they wait */
  async function forgetOldUploads() {
    const now = Date.now();
    for (const name of await readdir(uploadsDir).catch(() => [] as string[])) {
      const file = join(uploadsDir, name);
      const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: now }));
      if (now - mtimeMs > UPLOAD_KEPT_MS) await rm(file, { force: true });
    }
  }

  /** A photo for a draft, made safe and kept until a save takes it */
  async function upload(
    bytes: Uint8Array,
  ): Promise<
    { ok: true; upload: string } | { ok: false; status: 400 | 413 | 500; message: string }
  > {
    const safe = await makePhotoSafe(bytes, 'photo.jpg', 'That photo');
    if (!safe.ok) return safe;
    await mkdir(uploadsDir, { recursive: true });
    await forgetOldUploads();
    const name = randomBytes(16).toString('base64url').slice(0, 22);
    await writeFile(uploadFile(name), safe.bytes, { flag: 'wx' });
    return { ok: true, upload: name };
  }

  async function uploaded(name: string): Promise<Buffer | undefined> {
    if (!UPLOAD_NAME.test(name)) return undefined;
    return readFile(uploadFile(name)).catch(() => undefined);
  }

  /** A new job's file name from its title, not one in use */
  async function newName(title: string): Promise<string> {
    const base = fileNameOf(title).split('-').slice(0, 8).join('-') || 'job';
    const taken = new Set((await all()).map(({ id }) => id));
    let name = base;
    for (let count = 2; taken.has(name); count++) name = `${base}-${count}`;
    return name;
  }

  /** Adds a job (no `id`) or changes one, after the projects' schema takes it */
  async function save(id: string | undefined, draft: JobDraft): Promise<SaveOutcome> {
    if (options.isPublishing())
      return {
        ok: false,
        status: 409,
        message: 'The site is being published. Wait until it is done, then save again.',
      };
    const existing = id === undefined ? undefined : await one(id);
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
        const bytes = await uploaded(photo.upload);
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
      .filter((file) => inside(PHOTOS_DIRECTORY, file) !== undefined);

    const orders = (await all()).map(({ project }) => project.order ?? 0);
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
    const written = await writeUpdate(siteDir, { additions, deletions });
    if (!written.ok) throw new Error(`A job's file would pass through a link: ${written.path}`);
    for (const taken of uploadsTaken) await rm(uploadFile(taken), { force: true });
    options.onSaved?.();
    return { ok: true, id: name };
  }

  /**
   * The home page's jobs put in `ids`' order: they take the positions they held between them, so
   * every other job stays where it is on the projects page
   */
  async function setHomeOrder(ids: readonly string[]): Promise<SaveOutcome> {
    if (options.isPublishing())
      return {
        ok: false,
        status: 409,
        message: 'The site is being published. Wait until it is done, then try again.',
      };
    const jobs = new Map((await all()).map(({ id, project }) => [id, project]));
    const shown = ids.filter((id) => jobs.get(id)?.featured);
    if (new Set(shown).size !== shown.length)
      return { ok: false, status: 400, message: 'A job is in the order twice.' };
    const positions = shown.map((id) => jobs.get(id)!.order ?? 0).sort((a, b) => a - b);
    // Positions that tie would leave the order to the file names: number them apart
    for (let index = 1; index < positions.length; index++)
      if (positions[index]! <= positions[index - 1]!) positions[index] = positions[index - 1]! + 1;
    const additions: Array<{ path: string; bytes: Buffer }> = [];
    for (const [index, id] of shown.entries()) {
      if ((jobs.get(id)!.order ?? 0) === positions[index]) continue;
      const path = `${PROJECTS_DIRECTORY}/${id}.yaml`;
      const text = await readFile(join(siteDir, path), 'utf8');
      const line = `order: ${positions[index]}`;
      const changed = /^order:.*$/m.test(text)
        ? text.replace(/^order:.*$/m, line)
        : `${text.replace(/\n?$/, '\n')}${line}\n`;
      additions.push({ path, bytes: Buffer.from(changed, 'utf8') });
    }
    if (additions.length > 0) {
      const written = await writeUpdate(siteDir, { additions, deletions: [] });
      if (!written.ok) throw new Error(`A job's file would pass through a link: ${written.path}`);
      options.onSaved?.();
    }
    return { ok: true, id: shown[0] ?? '' };
  }

  return { list, read, picture, upload, uploaded, save, setHomeOrder };
}

export type JobStore = ReturnType<typeof createJobStore>;
