/**
 * Where the site's build is, and one clear failure when it is not there, for the command-line
 * tools, the benchmarks and the tests that read a build or serve it. Node built-ins only, so it
 * runs where only the run-time dependencies are installed (`npm run check:production`).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../..');

/** The build: DIST_DIR when set (from the working directory, as the server reads it), otherwise dist/ of the repository */
export const distDir = resolve(process.env['DIST_DIR'] ?? join(repoRoot, 'dist'));

/** The pages and files of the build, as they are served */
export const clientDir = join(distDir, 'client');

/**
 * distDir, once each of `files` (paths inside it; the home page when not given) is there;
 * otherwise an error that names what is missing and says to run `npm run build`.
 */
export function requireBuild(files: readonly string[] = [join('client', 'index.html')]): string {
  const missing = files.map((file) => join(distDir, file)).filter((path) => !existsSync(path));
  if (missing.length > 0) {
    const verb = missing.length === 1 ? 'is' : 'are';
    throw new Error(
      `No build at ${distDir}: ${missing.join(', ')} ${verb} missing. Run \`npm run build\` first, or set DIST_DIR to a build.`,
    );
  }
  return distDir;
}

/** The path of one file of the build (`buildFile('client', 'robots.txt')`), or requireBuild's error */
export function buildFile(...segments: string[]): string {
  return join(requireBuild([join(...segments)]), ...segments);
}

/** For a command-line tool: requireBuild's answer, or its message on stderr and exit status 1 */
export function requireBuildOrExit(files?: readonly string[]): string {
  try {
    return requireBuild(files);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
