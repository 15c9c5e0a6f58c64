/**
 * `npm run check:production`: checks a production install in this directory (after `npm run
 * build` and `npm prune --omit=dev`): no test, lint or benchmark tool is installed; `npm run serve`
 * serves every page of the sitemap, answers the health check and stores a quote request; and the
 * owner's Publish works with only these packages: in a git copy of this directory, a changed
 * project title is checked, built, swapped into a served site and committed. Prints the installed
 * size. Uses a database and the copy in temporary folders, and port CHECK_PORT (4390).
 */
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { DatabaseSync } from 'node:sqlite';
import { business } from '../src/config/business.ts';
import { createLiveSite } from '../src/server/http/live-site.ts';
import { openSite } from '../src/server/http/site-files.ts';
import { createSiteServer } from '../src/server/http/site-server.ts';
import { createPublisher } from '../src/server/publish/publisher.ts';
import { buildFile, distDir } from './support/build.ts';
import { copyAsCheckout } from './support/repository-copy.ts';
import { startSiteServer, type SiteServer } from './support/site-server.ts';

const port = Number(process.env['CHECK_PORT'] ?? 4390);
/** What a server must not carry: they are for testing, linting and benchmarks (it does build: the owner publishes) */
const DEV_TOOLS = [
  'typescript',
  'vitest',
  '@playwright/test',
  'puppeteer-core',
  'lighthouse',
  'eslint',
  'prettier',
  'fast-check',
  'vnu-jar',
  'autocannon',
];

/** Bytes under `path`, each file once (the Node binary is hard-linked twice) */
function sizeOf(path: string, seen = new Set<string>()): number {
  const stats = lstatSync(path, { throwIfNoEntry: false });
  if (!stats || stats.isSymbolicLink() || seen.has(`${stats.dev}:${stats.ino}`)) return 0;
  seen.add(`${stats.dev}:${stats.ino}`);
  if (!stats.isDirectory()) return stats.size;
  return readdirSync(path).reduce((total, entry) => total + sizeOf(join(path, entry), seen), 0);
}

const problems: string[] = [];
const installed = DEV_TOOLS.filter((tool) => existsSync(join('node_modules', tool)));
if (installed.length > 0)
  problems.push(`build and test tools are installed: ${installed.join(', ')}`);
const nodeOnly = sizeOf(join('node_modules', 'node'));
const total = sizeOf('node_modules');
console.log(
  `node_modules: ${(total / 1e6).toFixed(1)} MB, of which Node.js itself ${(nodeOnly / 1e6).toFixed(1)} MB`,
);

let server: SiteServer | undefined;

async function checkServing(origin: string) {
  const sitemap = readFileSync(buildFile('client', 'sitemap.xml'), 'utf8');
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1]!).pathname,
  );
  for (const path of paths) {
    const status = (await fetch(`${origin}${path}`)).status;
    if (status !== 200) problems.push(`GET ${path} answered ${status}`);
  }
  console.log(`pages: ${paths.length} from the sitemap checked`);

  const health = await fetch(`${origin}/api/health`);
  if (health.status !== 200)
    problems.push(`GET /api/health answered ${health.status}: ${await health.text()}`);

  const name = `Production check ${new Date().toISOString()}`;
  const post = await fetch(`${origin}/api/leads`, {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: new URLSearchParams({
      form_source: 'Hero Form',
      name,
      email: 'check@example.com',
      message: 'Checking that the production install stores this request.',
    }),
  });
  const answer = await post.text();
  if (post.status !== 200) problems.push(`POST /api/leads answered ${post.status}: ${answer}`);
  return name;
}

try {
  server = await startSiteServer({ command: ['npm', 'run', '--silent', 'serve'], port });
  const name = await checkServing(server.origin);
  await server.stop();
  const db = new DatabaseSync(server.leadsDb, { readOnly: true });
  const stored = db.prepare('SELECT COUNT(*) AS count FROM leads WHERE name = ?').get(name) as {
    count: number;
  };
  db.close();
  if (stored.count !== 1) problems.push(`the quote request was not stored (found ${stored.count})`);
  else console.log('quote request: stored');
} catch (error) {
  problems.push(error instanceof Error ? error.message : String(error));
} finally {
  await server?.stop();
}

/** A changed project title, published from a git copy of this install, is live on a served site and committed */
async function checkPublishing() {
  const site = join(mkdtempSync(join(tmpdir(), 'check-production-')), 'site');
  try {
    copyAsCheckout(site, process.cwd());
    const project = join(site, 'src/content/projects/switchboard-howick.yaml');
    const title = `Production check ${Date.now().toString(36)}`;
    writeFileSync(
      project,
      readFileSync(project, 'utf8').replace(/^title: .*$/m, `title: "${title}"`),
    );

    const live = createLiveSite(await openSite(join(distDir, 'client')));
    const siteServer = createSiteServer({ site: live, siteUrl: business.defaultOrigin });
    await new Promise<void>((listening) => siteServer.listen(0, '127.0.0.1', listening));
    const origin = `http://127.0.0.1:${(siteServer.address() as AddressInfo).port}`;
    const publisher = createPublisher({
      siteDir: site,
      live,
      servedDir: distDir,
      authorEmail: business.email,
      log: () => {},
    });
    const began = performance.now();
    const started = publisher.publish();
    if (!started.started) throw new Error(`Publish did not start: ${started.error}`);
    await publisher.idle();
    const seconds = ((performance.now() - began) / 1000).toFixed(1);
    const result = publisher.status().last;
    if (!result?.ok) {
      problems.push(
        `Publish failed: ${result?.message ?? 'no result'} ${result?.problems.join('; ') ?? ''}`,
      );
    } else {
      const page = await (await fetch(`${origin}/projects`)).text();
      if (!page.includes(title))
        problems.push('the published title is not on the served /projects page');
      const log = spawnSync('git', ['log', '-1', '--format=%an: %s'], {
        cwd: site,
        encoding: 'utf8',
      }).stdout.trim();
      if (!log.includes(title))
        problems.push(`the publish was not committed in words (last commit: ${log})`);
      console.log(`publish: live in ${seconds} s and committed ("${log}")`);
    }
    await new Promise((closed) => siteServer.close(closed));
  } finally {
    rmSync(join(site, '..'), { recursive: true, force: true });
  }
}

try {
  await checkPublishing();
} catch (error) {
  problems.push(`publishing: ${error instanceof Error ? error.message : String(error)}`);
}

if (problems.length > 0) {
  console.error(
    `FAIL:\n- ${problems.join('\n- ')}\n\nServer output:\n${server?.output() ?? '(it did not start)'}`,
  );
  process.exit(1);
}
console.log(
  "OK: the production install serves every page, stores quote requests and publishes the owner's edits",
);
