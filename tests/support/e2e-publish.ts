/**
 * The publish project's server (tests/support/e2e-servers.ts): the checkout it edits and publishes, and
 * its database, kept apart from the visitors' and the owner's servers
 */
import { resolve } from 'node:path';

const repoRoot = resolve(import.meta.dirname, '../..');

/** The git copy of the repository the server publishes from (SITE_DIR), made afresh at each start */
export const publishSiteDir = resolve(repoRoot, 'test-results/e2e-publish-site');

/** The database of the publish project's server, where its owner's invites and sessions are kept */
export const publishLeadsDb = resolve(
  repoRoot,
  process.env['E2E_PUBLISH_LEADS_DB'] ?? 'test-results/e2e-publish-leads.sqlite',
);

/**
 * The area page whose Markdown, in the copy, holds every injection a stolen session could save
 * (tests/support/hostile-markdown.ts): publish-server.ts writes it into the developer's commit, so
 * every publish of the suite builds it, and publish.spec.ts opens the page as the signed-in owner
 */
export const hostileArea = {
  file: 'src/content/areas/electrician-howick.md',
  path: '/areas/electrician-howick',
} as const;
