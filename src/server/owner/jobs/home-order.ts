/**
 * The order of the jobs the home page shows, which he sets by moving them: only their `order`
 * lines change, so every other job stays where it is on the projects page.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  PROJECTS_DIRECTORY,
  type JobFileOptions,
  type ProjectFiles,
  type SaveOutcome,
  whilePublishing,
} from './project-files.ts';

export function homeOrder(options: JobFileOptions, files: ProjectFiles) {
  const { siteDir } = options;

  /**
   * The home page's jobs put in `ids`' order: they take the positions they held between them, so
   * every other job stays where it is on the projects page
   */
  async function setHomeOrder(ids: readonly string[]): Promise<SaveOutcome> {
    if (options.isPublishing()) return whilePublishing('try again');
    const jobs = new Map((await files.all()).map(({ id, project }) => [id, project]));
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
    if (additions.length > 0) await files.write({ additions, deletions: [] });
    return { ok: true, id: shown[0] ?? '' };
  }

  return { setHomeOrder };
}
