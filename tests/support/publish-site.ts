/**
 * A checkout of the fixture site (tests/fixtures/publish-site) for the server tests of publishing:
 * its files in one commit of the developer's, on `main`, and its stand-in for Astro as
 * `node_modules/.bin/astro`, run by this Node and checking titles by the real project schema. A
 * publish of it takes a second or two, through the publisher's real steps.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './server.ts';

export const PUBLISH_FIXTURE = join(repoRoot, 'tests', 'fixtures', 'publish-site');

/** Makes `site` a new checkout of the fixture site */
export function copyPublishSite(site: string): void {
  cpSync(PUBLISH_FIXTURE, site, { recursive: true });
  const astro = join(site, 'node_modules', '.bin', 'astro');
  mkdirSync(join(site, 'node_modules', '.bin'), { recursive: true });
  const schemas = join(repoRoot, 'src', 'lib', 'content-schemas.ts');
  const availability = join(repoRoot, 'src', 'lib', 'availability.ts');
  writeFileSync(
    astro,
    `#!/bin/sh\nSITE_SCHEMAS='${schemas}' SITE_AVAILABILITY='${availability}' exec '${process.execPath}' '${join(site, 'astro.ts')}' "$@"\n`,
    {
      mode: 0o755,
    },
  );
  const git = (...args: string[]) => execFileSync('git', args, { cwd: site, encoding: 'utf8' });
  git('init', '--quiet', '--initial-branch=main');
  git('add', '--all');
  git(
    '-c',
    'user.name=Developer',
    '-c',
    'user.email=developer@example.com',
    'commit',
    '--quiet',
    '--no-verify',
    '-m',
    'The site as the developer left it',
  );
}
