/**
 * `npm run serve`: serves the built site on PORT (default 4321) and HOST (default 127.0.0.1),
 * with the quote-request service. SIGTERM and SIGINT stop taking new connections, let requests
 * in flight finish, then close the lead store (so the database file holds every lead) and exit.
 */
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { siteOrigin } from '../lib/site-url.ts';
import { createSiteServer } from './site-server.ts';
import { createLeadService } from './leads/service.ts';

type AstroHandler = (req: IncomingMessage, res: ServerResponse, next: () => void, locals: App.Locals) => void;

const distDir = resolve(process.env['DIST_DIR'] ?? 'dist');
const port = Number(process.env['PORT'] ?? 4321);
const host = process.env['HOST'] ?? '127.0.0.1';
const shutdownGraceMs = 10_000;

const entry = join(distDir, 'server', 'entry.mjs');
if (!existsSync(entry)) {
  console.error(`No build at ${distDir}. Run \`npm run build\` first.`);
  process.exit(1);
}
const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };

// Deliveries still due from before a restart go out as soon as the service starts
const leads = createLeadService();

const server = createSiteServer({
  distDir,
  siteUrl: siteOrigin(),
  api: (req, res) =>
    handler(
      req,
      res,
      () => {
        res.writeHead(404, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ message: 'Not found' }] }));
      },
      { leads },
    ),
});
server.headersTimeout = 20_000;
server.requestTimeout = 30_000;

await leads.ready;
server.listen(port, host, () => {
  console.log(`Serving ${distDir} at http://${host.includes(':') ? `[${host}]` : host}:${port}`);
});

/** Closes the lead store last, so every lead acknowledged is in the database file */
async function exitAfterClosingLeads(): Promise<never> {
  try {
    await leads.close();
  } catch (error) {
    console.error('The lead store could not be closed cleanly', error);
  }
  process.exit(0);
}

function shutdown(signal: string) {
  console.log(`${signal}: finishing requests in flight`);
  server.close(() => void exitAfterClosingLeads());
  server.closeIdleConnections();
  setTimeout(() => {
    server.closeAllConnections();
    void exitAfterClosingLeads();
  }, shutdownGraceMs).unref();
}
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
