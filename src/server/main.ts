/**
 * `npm run serve`: serves the built site on PORT (default 4321) and HOST (default 127.0.0.1).
 * SIGTERM and SIGINT stop taking new connections and let requests in flight finish.
 */
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { siteOrigin } from '../lib/site-url.ts';
import { createSiteServer } from './site-server.ts';
import { startLeadNotifications } from './leads/runtime.ts';

type AstroHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

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

const server = createSiteServer({
  distDir,
  siteUrl: siteOrigin(),
  api: (req, res) =>
    handler(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ errors: [{ message: 'Not found' }] }));
    }),
});
server.headersTimeout = 20_000;
server.requestTimeout = 30_000;

// Requests stored while e-mail was failing are sent again now, not only after the next request
startLeadNotifications();

server.listen(port, host, () => {
  console.log(`Serving ${distDir} at http://${host.includes(':') ? `[${host}]` : host}:${port}`);
});

function shutdown(signal: string) {
  console.log(`${signal}: finishing requests in flight`);
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => {
    server.closeAllConnections();
    process.exit(0);
  }, shutdownGraceMs).unref();
}
process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
