/** What the after-build tests share: where the build is, and a clear failure when it is missing */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const distDir = resolve(process.env['DIST_DIR'] ?? 'dist');
export const clientDir = join(distDir, 'client');

/** A file of the build, or an error that says to build first */
export function buildFile(...segments: string[]): string {
  const path = join(distDir, ...segments);
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` before \`npm run test:build\``);
  return path;
}

/** The origin the build was made for (SITE_URL at build time), from robots.txt's Sitemap line */
export function builtOrigin(): string {
  const robots = readFileSync(buildFile('client', 'robots.txt'), 'utf8');
  const sitemap = /^Sitemap: (\S+)$/m.exec(robots)?.[1];
  if (!sitemap) throw new Error('robots.txt of the build has no Sitemap line');
  return new URL(sitemap).origin;
}
