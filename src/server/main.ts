/**
 * `npm run serve`: serves the built site on PORT (default 4321) and HOST (default 127.0.0.1),
 * with the quote-request service: DIST_DIR's build (default dist/) or the owner's newest publish
 * of SITE_DIR (default the working directory), whichever was built later. Deliveries to the owner start once the port is taken, so a
 * second server started by mistake claims nothing before it fails. SIGTERM, SIGINT, SIGHUP and
 * SIGUSR2 stop taking new connections, let requests in flight finish, then close the lead store
 * (so the database file holds every lead) and exit. SIGUSR1 does not open Node's inspector,
 * which any local user could reach and read the SMTP password from.
 */
import { join, resolve } from 'node:path';
import { editorPaths } from '../lib/editor-paths.ts';
import { ownerPaths } from '../lib/owner-api.ts';
import { siteOrigin } from '../lib/site-url.ts';
import { createApp } from './app.ts';
import { createLiveSite } from './http/live-site.ts';
import { openSite } from './http/site-files.ts';
import { createSiteServer } from './http/site-server.ts';
import { startingBuild } from './publish/builds.ts';

// `npm run serve` also starts Node with --disable-sigusr1; this covers any other way of starting it
process.on('SIGUSR1', () => console.log('SIGUSR1 ignored: the inspector stays closed'));

const distDir = resolve(process.env['DIST_DIR'] ?? 'dist');
const port = Number(process.env['PORT'] ?? 4321);
const host = process.env['HOST'] ?? '127.0.0.1';
const shutdownGraceMs = 10_000;

// DIST_DIR's build or the owner's last publish, whichever is newer
const build = startingBuild(process.env);
if (!build) {
  console.error(`No build at ${distDir}. Run \`npm run build\` first.`);
  process.exit(1);
}

const live = createLiveSite(await openSite(join(build.dir, 'client')));
const app = createApp(process.env, {
  // Each read goes to the build live at that moment
  site: {
    isPage: (path) => live.current.isPage(path),
    readPage: (path) => live.current.readPage(path),
  },
  built: build.builtAt.toISOString(),
  publishing: { live, servedDir: build.dir },
});
const server = createSiteServer({
  site: live,
  siteUrl: siteOrigin(),
  api: app.api,
  onPageView: app.countView,
  filledPages: app.filledPages,
  privatePages: {
    allows: app.isOwnerSignedIn,
    areas: [
      // The content editor: its page, and Keystatic's own addresses, each sent the same page
      { prefix: editorPaths.page, signedOut: editorPaths.signedOut },
      { prefix: editorPaths.app, page: editorPaths.page, signedOut: editorPaths.signedOut },
      { prefix: ownerPaths.page },
    ],
  },
});
server.headersTimeout = 20_000;

await app.ready;
server.once('error', (error) => {
  console.error(`Cannot listen on ${host}:${port}`, error);
  void exitAfterClosingApp(1);
});
server.listen(port, host, () => {
  console.log(`Serving ${build.dir} at http://${host.includes(':') ? `[${host}]` : host}:${port}`);
  // Deliveries still due from before a restart go out now
  app.start();
});

/** Closes the lead store last, so every lead acknowledged is in the database file */
async function exitAfterClosingApp(code = 0): Promise<never> {
  try {
    await app.close();
  } catch (error) {
    console.error('The lead store could not be closed cleanly', error);
  }
  process.exit(code);
}

function shutdown(signal: string) {
  console.log(`${signal}: finishing requests in flight`);
  server.close(() => void exitAfterClosingApp());
  server.closeIdleConnections();
  setTimeout(() => {
    server.closeAllConnections();
    void exitAfterClosingApp();
  }, shutdownGraceMs).unref();
}
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGUSR2'] as const)
  process.once(signal, () => shutdown(signal));
