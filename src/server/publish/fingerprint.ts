/**
 * A cheap sign of whether the changes waiting and the site's history may have changed: the size
 * and times of every file under the content paths, and of git's HEAD, index and HEAD's log (which
 * a commit, a checkout, a reset or `git add` rewrite). Read with the file system alone, so the
 * owner's page can ask each second without starting git.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CONTENT_PATHS } from './content-paths.ts';

const GIT_FILES = ['HEAD', 'index', join('logs', 'HEAD')];

async function stampOf(path: string): Promise<string> {
  const found = await stat(path).catch(() => undefined);
  return found ? `${path} ${found.size} ${found.mtimeMs} ${found.ctimeMs}` : `${path} -`;
}

/** Every file and folder under `root`, itself first; only itself when it is a file or missing */
async function pathsUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true }).catch(() => []);
  return [root, ...entries.map((entry) => join(root, entry))];
}

/** Differs from the last one whenever a content file or git's state may have changed; `gitDir` is the checkout's git directory */
export async function contentFingerprint(siteDir: string, gitDir: string | undefined): Promise<string> {
  const content = (await Promise.all(CONTENT_PATHS.map((path) => pathsUnder(join(siteDir, path))))).flat();
  const gitFiles = gitDir ? GIT_FILES.map((file) => join(gitDir, file)) : [];
  return (await Promise.all([...content, ...gitFiles].map(stampOf))).join('\n');
}
