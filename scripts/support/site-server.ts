/**
 * The site's own server as the tests, the benchmarks and the production check run it: on a build
 * (build.ts), storing quote requests in a database of its own, without the rate limit, as a child
 * process (server-process.ts). Node built-ins only, so it runs where only the run-time
 * dependencies are installed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireBuild } from './build.ts';
import {
  startServerProcess,
  type ServerProcess,
  type ServerProcessOptions,
} from './server-process.ts';

export interface SiteServerOptions extends Omit<ServerProcessOptions, 'env'> {
  /** The build to serve: requireBuild()'s when not given */
  distDir?: string | undefined;
  /** The SQLite file for quote requests: when not given, a new one in a temporary directory removed when this process exits */
  leadsDb?: string | undefined;
  /** More settings (SITE_URL, a notification channel, LEADS_RATE_LIMIT to turn the limit back on), over those above */
  env?: Record<string, string> | undefined;
}

export interface SiteServer extends ServerProcess {
  /** The SQLite file the server stores quote requests in */
  leadsDb: string;
}

/** The settings of a server that tests or measures the site: its build, its database, no rate limit */
export function siteServerEnv({
  distDir,
  leadsDb,
}: {
  distDir: string;
  leadsDb: string;
}): Record<string, string> {
  return { DIST_DIR: distDir, LEADS_DB: leadsDb, LEADS_RATE_LIMIT: '0' };
}

const tempDirs = new Set<string>();
process.once('exit', () => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function temporaryLeadsDb(): string {
  const dir = mkdtempSync(join(tmpdir(), 'site-server-'));
  tempDirs.add(dir);
  return join(dir, 'leads.sqlite');
}

export async function startSiteServer({
  distDir,
  leadsDb,
  env,
  ...options
}: SiteServerOptions = {}): Promise<SiteServer> {
  const dist = distDir ?? requireBuild();
  const db = leadsDb ?? temporaryLeadsDb();
  const server = await startServerProcess({
    ...options,
    env: { ...siteServerEnv({ distDir: dist, leadsDb: db }), ...env },
  });
  return { ...server, leadsDb: db };
}
