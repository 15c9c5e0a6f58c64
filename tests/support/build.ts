/** What the after-build tests share: where the build is (scripts/support/build.ts), and the origin it was made for */
import { readFileSync } from 'node:fs';
import { buildFile } from './script-helpers.ts';

export { buildFile, clientDir, distDir } from './script-helpers.ts';

/** The origin the build was made for (SITE_URL at build time), from robots.txt's Sitemap line */
export function builtOrigin(): string {
  const robots = readFileSync(buildFile('client', 'robots.txt'), 'utf8');
  const sitemap = /^Sitemap: (\S+)$/m.exec(robots)?.[1];
  if (!sitemap) throw new Error('robots.txt of the build has no Sitemap line');
  return new URL(sitemap).origin;
}
