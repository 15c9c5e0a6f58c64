/**
 * A job as the files the content editor writes: src/content/projects/NAME.yaml, held to the
 * projects' own schema, its photos under src/assets/projects/NAME/photos/N/. Read with the
 * editor's own reader; written in the schema's key order.
 */
import { resolve, posix, sep } from 'node:path';
import { createReader } from '@keystatic/core/reader';
import { z } from 'zod';
import { editorConfig } from '../../../editor/forms.ts';
import { projectSchema } from '../../../lib/content-schemas.ts';
import type { CheckedUpdate } from '../../editor/updates.ts';
import { writeUpdate } from '../../editor/write-update.ts';

export const PROJECTS_DIRECTORY = 'src/content/projects';
const JOB_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The schema the build holds a project to, its photos as the paths the file stores */
export const schema = projectSchema(z.string);

/** A project as the editor's reader gives it */
export interface StoredProject {
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

/** What a change to his jobs' files is given */
export interface JobFileOptions {
  /** The site's source directory, holding src/ */
  siteDir: string;
  /** Whether the site is being published, when no file may change */
  isPublishing: () => boolean;
  /** Told after each save, as the changes waiting to be published are now others */
  onSaved?: () => void;
}

export type SaveOutcome =
  | { ok: true; id: string }
  | { ok: false; status: 400 | 404 | 409; message: string; field?: string };

/** A change refused while the site is being published; `then` says what to do once it is done */
export const whilePublishing = (then: string): SaveOutcome => ({
  ok: false,
  status: 409,
  message: `The site is being published. Wait until it is done, then ${then}.`,
});

/** The path of a photo file, relative to the site, from the path a project file stores */
export const photoFileOf = (src: string) => posix.join(PROJECTS_DIRECTORY, src);
/** The path a project file stores for a photo file of the site */
export const storedPathOf = (file: string) => posix.relative(PROJECTS_DIRECTORY, file);

/** YAML of a project in the schema's key order; every text double-quoted as JSON writes it, which YAML reads alike */
export function projectYaml(project: Record<string, unknown>): string {
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

/** The jobs in the site, read and written as the editor reads and writes them */
export function projectFiles({ siteDir, onSaved }: JobFileOptions) {
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

  /** A file of the site, or undefined when the path would leave the folder it must be in */
  function inside(folder: string, path: string): string | undefined {
    const root = resolve(siteDir, folder);
    const file = resolve(siteDir, path);
    return file.startsWith(`${root}${sep}`) ? file : undefined;
  }

  /** Writes a change as the editor does (editor/write-update.ts): never through a link, each file whole or not at all */
  async function write(update: CheckedUpdate) {
    const written = await writeUpdate(siteDir, update);
    if (!written.ok) throw new Error(`A job's file would pass through a link: ${written.path}`);
    onSaved?.();
  }

  return { all, one, inside, write };
}

export type ProjectFiles = ReturnType<typeof projectFiles>;
