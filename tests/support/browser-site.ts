/**
 * The site's server for the Firefox and WebKit tests (their global setup): the build, served as in
 * production, storing into a database of its own
 */
import type { TestProject } from 'vitest/node';
import { startSiteServer } from '../../scripts/support/site-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:PORT of the server */
    origin: string;
    /** The SQLite file it stores quote requests in */
    leadsDb: string;
  }
}

export default async function startSite(project: TestProject) {
  const server = await startSiteServer();
  project.provide('origin', server.origin);
  project.provide('leadsDb', server.leadsDb);
  return async () => {
    await server.stop();
  };
}
