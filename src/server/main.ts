/**
 * `npm run serve`: serves the built site on PORT (default 4321) and HOST (default 127.0.0.1),
 * with the quote-request service. Deliveries to the owner start once the port is taken, so a
 * second server started by mistake claims nothing before it fails. SIGTERM, SIGINT, SIGHUP and
 * SIGUSR2 stop taking new connections, let requests in flight finish, then close the lead store
 * (so the database file holds every lead) and exit. SIGUSR1 does not open Node's inspector,
 * which any local user could reach and read the SMTP password from.
 */
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { siteOrigin } from '../lib/site-url.ts';
import { apiHandler } from './http/api.ts';
import { createLeadService, rateLimitAddress } from './app.ts';
import { createSiteServer } from './http/site-server.ts';
import { createRepeatViewFilter, isCountedVisit } from './stats/visits.ts';

// `npm run serve` also starts Node with --disable-sigusr1; this covers any other way of starting it
process.on('SIGUSR1', () => console.log('SIGUSR1 ignored: the inspector stays closed'));

const distDir = resolve(process.env['DIST_DIR'] ?? 'dist');
const port = Number(process.env['PORT'] ?? 4321);
const host = process.env['HOST'] ?? '127.0.0.1';
const shutdownGraceMs = 10_000;

const home = statSync(join(distDir, 'client', 'index.html'), { throwIfNoEntry: false });
if (!home) {
  console.error(`No build at ${distDir}. Run \`npm run build\` first.`);
  process.exit(1);
}

const leads = createLeadService();
// Behind the reverse proxy (TRUST_PROXY=1) a visitor is the address it forwards, as for the rate limit
const repeatViews = createRepeatViewFilter({
  clientAddress: (req) => rateLimitAddress(String(req.headers['x-forwarded-for'] ?? ''), req.socket.remoteAddress ?? 'unknown'),
});

const server = createSiteServer({
  distDir,
  siteUrl: siteOrigin(),
  api: apiHandler(leads, { built: home.mtime.toISOString() }),
  onPageView: (path, req) => {
    if (isCountedVisit(req.headers) && repeatViews.isFirstView(req, path)) leads.counter.count(path, 'view');
  },
});
server.headersTimeout = 20_000;
server.requestTimeout = 30_000;

await leads.ready;
server.once('error', (error) => {
  console.error(`Cannot listen on ${host}:${port}`, error);
  void exitAfterClosingLeads(1);
});
server.listen(port, host, () => {
  console.log(`Serving ${distDir} at http://${host.includes(':') ? `[${host}]` : host}:${port}`);
  // Deliveries still due from before a restart go out now
  leads.start();
});

/** Closes the lead store last, so every lead acknowledged is in the database file */
async function exitAfterClosingLeads(code = 0): Promise<never> {
  try {
    await leads.close();
  } catch (error) {
    console.error('The lead store could not be closed cleanly', error);
  }
  process.exit(code);
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
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGUSR2'] as const) process.once(signal, () => shutdown(signal));
