/**
 * `npm run bench:publish`: how long the owner waits between Publish and his change being live,
 * while the server serves. In a temporary checkout (scripts/support/repository-copy.ts) it
 * changes a project's title and publishes it twice (a first publish in a new checkout, then one
 * as every later publish is), with the site's server answering pages and assets meanwhile, and
 * prints each step's time and how quickly pages were answered during the build. The owner is
 * promised at most 60 s from Publish to live.
 *
 * Env: DIST_DIR (default dist): the build served before the first publish.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { business } from '../../src/config/business.ts';
import { PUBLISH_STEP_LABELS, type PublishResult } from '../../src/lib/owner-api.ts';
import { createLiveSite } from '../../src/server/http/live-site.ts';
import { openSite } from '../../src/server/http/site-files.ts';
import { createSiteServer } from '../../src/server/http/site-server.ts';
import { createPublisher } from '../../src/server/publish/publisher.ts';
import { requireBuild } from '../support/build.ts';
import { copyAsCheckout } from '../support/repository-copy.ts';
import { HOST, table, tempDir } from './support.ts';

const LIMIT_MS = 60_000;
const PROJECT = 'src/content/projects/switchboard-howick.yaml';

const distDir = requireBuild();
const site = join(tempDir('publish'), 'site');
console.log(`bench:publish: copying the repository to ${site}`);
copyAsCheckout(site);

const live = createLiveSite(await openSite(join(distDir, 'client')));
const server = createSiteServer({ site: live, siteUrl: business.defaultOrigin });
await new Promise<void>((listening) => server.listen(0, HOST, listening));
const origin = `http://${HOST}:${(server.address() as AddressInfo).port}`;
const publisher = createPublisher({
  siteDir: site,
  live,
  servedDir: distDir,
  authorEmail: business.email,
  log: (message) => console.log(`  [log] ${message.split('\n')[0]}`),
});

/** Asks for a page and one of its assets about 20 times a second (a busy hour for this site, and more) until told to stop; the latencies */
async function serveMeanwhile(
  stop: () => boolean,
): Promise<{ latencies: number[]; failures: number }> {
  const latencies: number[] = [];
  let failures = 0;
  const paths = ['/', '/projects', '/services', '/about'];
  for (let index = 0; !stop(); index++) {
    const began = performance.now();
    const response = await fetch(`${origin}${paths[index % paths.length]}`).catch(() => null);
    const html = response ? await response.text() : '';
    if (response?.status !== 200) failures++;
    latencies.push(performance.now() - began);
    const asset = /(?:src|href)="(\/_astro\/[^"]+)"/.exec(html)?.[1];
    if (asset) {
      const answer = await fetch(`${origin}${asset}`).catch(() => null);
      await answer?.arrayBuffer();
      if (answer?.status !== 200) failures++;
    }
    await new Promise((wait) => setTimeout(wait, 50));
  }
  return { latencies, failures };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ??
  0;
const seconds = (ms: number | null) => (ms === null ? '–' : `${(ms / 1000).toFixed(1)} s`);

async function publishOnce(title: string): Promise<{
  result: PublishResult;
  totalMs: number;
  served: Awaited<ReturnType<typeof serveMeanwhile>>;
}> {
  const file = join(site, PROJECT);
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, `title: "${title}"`));
  const began = performance.now();
  const started = publisher.publish();
  if (!started.started) throw new Error(started.error);
  let done = false;
  const serving = serveMeanwhile(() => done);
  await publisher.idle();
  const totalMs = performance.now() - began;
  done = true;
  const result = publisher.status().last!;
  if (!result.ok)
    throw new Error(`The publish failed: ${result.message}\n${result.problems.join('\n')}`);
  const page = await (await fetch(`${origin}/projects`)).text();
  if (!page.includes(title))
    throw new Error(`/projects does not show "${title}" after the publish`);
  return { result, totalMs, served: await serving };
}

const runs = [
  {
    name: 'first publish of a new checkout',
    ...(await publishOnce('Switchboard upgrade in Howick, first publish')),
  },
  {
    name: 'a later publish',
    ...(await publishOnce('Switchboard upgrade in Howick, second publish')),
  },
];
server.close();

for (const run of runs) {
  console.log(`\n${run.name}: ${run.result.message}`);
  console.log(
    table(
      ['step', 'time'],
      [
        ...run.result.steps.map((step) => [PUBLISH_STEP_LABELS[step.name], seconds(step.ms)]),
        ['Publish to live (all steps)', seconds(run.totalMs)],
      ],
    ),
  );
  const { latencies, failures } = run.served;
  console.log(
    `  meanwhile: ${latencies.length} pages answered, median ${percentile(latencies, 0.5).toFixed(0)} ms, ` +
      `p99 ${percentile(latencies, 0.99).toFixed(0)} ms, slowest ${Math.max(...latencies).toFixed(0)} ms, ${failures} not 200`,
  );
}
const slowest = Math.max(...runs.map((run) => run.totalMs));
console.log(
  `\nPublish to live took at most ${seconds(slowest)}: ${slowest <= LIMIT_MS ? 'within' : 'OVER'} the ${LIMIT_MS / 1000} s promised`,
);
process.exitCode = slowest <= LIMIT_MS ? 0 : 1;
