/**
 * `npm run test:launch`: launch day, rehearsed. Copies the repository to a temporary directory,
 * writes another business's identity over every placeholder of src/content/business.json (and 32
 * years of experience), then in the copy builds the site, looks through every built file for what
 * of the replaced identity it still shows, crawls the site on its own server (every page of the
 * sitemap and every page they link to answers, and shows the new business where the layout puts
 * it: scripts/support/launch-crawl.ts), and runs `npm run check:launch`. It passes when the build
 * passes, no page still shows the identity it replaced, every page shows the new one, and the
 * launch check names nothing but sample content.
 *
 * What the facts become in words, head tags and structured data is unit tested on this same other
 * business in `npm run test:unit` (the unit-launch-identity project of vitest.config.ts); the rest
 * of the suites do not depend on whose business it is.
 *
 * The copy (scripts/support/repository-copy.ts) holds the tracked and the untracked-but-not-ignored
 * files, and links to this repository's packages and image cache, so nothing is installed; Astro's
 * content cache stays the copy's own, so the fixture is never carried back.
 *
 * Options: --keep keeps the copy (it is kept anyway when something fails), --verbose streams
 * every step's output instead of printing only the end of a failing one.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { business as current } from '../src/config/business.ts';
import {
  applyFixture,
  findTraces,
  fixtureIdentity,
  identityTraces,
} from './support/launch-fixture.ts';
import { crawlSite } from './support/launch-crawl.ts';
import { copyRepository } from './support/repository-copy.ts';
import { startServerProcess } from './support/server-process.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const keep = process.argv.includes('--keep');
const verbose = process.argv.includes('--verbose');
const STEP_TIMEOUT_MS = 20 * 60_000;

const started = performance.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const say = (text: string) => console.log(`launch rehearsal: ${text}`);

interface StepResult {
  name: string;
  ok: boolean;
  ms: number;
  summary: string;
}
const results: StepResult[] = [];

// ------------------------------------------------------------------ steps

let running: ChildProcess | undefined;
function stopRunning() {
  try {
    if (running?.pid) process.kill(-running.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopRunning();
    console.error(`launch rehearsal: stopped by ${signal}`);
    process.exit(130);
  });
}

/**
 * Runs `npm run <script>` in the copy, in its own process group; the whole output goes to a log file
 */
function npmRun(
  site: string,
  logs: string,
  script: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const log = createWriteStream(join(logs, `${script.replaceAll(':', '-')}.log`));
    let output = '';
    const child = spawn('npm', ['run', script], {
      cwd: site,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    running = child;
    const timer = setTimeout(() => {
      output += `\n[launch rehearsal: npm run ${script} took longer than ${seconds(STEP_TIMEOUT_MS)}; stopped]\n`;
      stopRunning();
    }, STEP_TIMEOUT_MS);
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      log.write(chunk);
      if (verbose) process.stdout.write(chunk);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running = undefined;
      log.end();
      done({ code: code ?? (signal ? 128 : 1), output });
    });
  });
}

const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, ''); // eslint-disable-line no-control-regex

function lastLines(text: string, count: number): string {
  return plain(text).trimEnd().split('\n').slice(-count).join('\n');
}

interface StepOutcome {
  ok: boolean;
  summary: string;
  detail?: string;
}

/** Runs one step of the rehearsal (its work done at once or awaited), timed and reported */
async function step(name: string, run: () => StepOutcome | Promise<StepOutcome>): Promise<boolean> {
  const begin = performance.now();
  say(`${name} …`);
  let outcome: StepOutcome;
  try {
    outcome = await run();
  } catch (error) {
    outcome = { ok: false, summary: (error as Error).message };
  }
  const ms = performance.now() - begin;
  results.push({ name, ok: outcome.ok, ms, summary: outcome.summary });
  say(
    `${name}: ${outcome.ok ? 'ok' : 'FAILED'} in ${seconds(ms)}${outcome.summary ? ` (${outcome.summary})` : ''}`,
  );
  if (!outcome.ok && outcome.detail && !verbose) console.log(outcome.detail.replace(/^/gm, '  | '));
  return outcome.ok;
}

// ------------------------------------------------------------------ the rehearsal

const work = mkdtempSync(join(tmpdir(), 'launch-rehearsal-'));
const site = join(work, 'site');
const logs = join(work, 'logs');
mkdirSync(site);
mkdirSync(logs);
say(`copying ${root} to ${site}`);

const env: NodeJS.ProcessEnv = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
// The fixture's defaultOrigin is the origin under test, and the copy keeps its own files
for (const name of [
  'SITE_URL',
  'PUBLIC_FORM_ENDPOINT',
  'DIST_DIR',
  'LEADS_DB',
  'E2E_LEADS_DB',
  'E2E_OWNER_LEADS_DB',
  'E2E_OWNER_PORT',
  'PORT',
  'HOST',
])
  delete env[name];

await step('copy the repository', () => {
  const copied = copyRepository(site, root);
  return {
    ok: copied > 0,
    summary: `${copied} files; node_modules linked from ${join(root, 'node_modules')}`,
  };
});

const businessFile = join(site, 'src', 'content', 'business.json');
await step('write the fixture identity into src/content/business.json', () => {
  const { text, replaced } = applyFixture(readFileSync(businessFile, 'utf8'));
  writeFileSync(businessFile, text);
  // Load the copy's facts the way the build will, and ask the launch check about them
  const probe = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { business, yearsClaim } from './src/config/business.ts';
       import { placeholderProblems } from './src/lib/launch-check.ts';
       import { siteOrigin } from './src/lib/site-url.ts';
       console.log(JSON.stringify({ business, yearsClaim, problems: placeholderProblems(business, siteOrigin()) }));`,
    ],
    { cwd: site, env, encoding: 'utf8' },
  );
  if (probe.status !== 0)
    return { ok: false, summary: 'the changed business.json does not load', detail: probe.stderr };
  const facts = JSON.parse(probe.stdout) as {
    business: typeof current;
    yearsClaim: string;
    problems: string[];
  };
  const expected: [string, unknown, unknown][] = [
    ['name', facts.business.name, fixtureIdentity.name],
    ['owner', facts.business.owner, fixtureIdentity.owner],
    ['phone', facts.business.phone, fixtureIdentity.phone],
    ['e-mail', facts.business.email, fixtureIdentity.email],
    ['origin', facts.business.defaultOrigin, fixtureIdentity.defaultOrigin],
    ['registration', facts.business.registration.number, fixtureIdentity.registrationNumber],
    ['years', facts.business.claims.yearsExperience, fixtureIdentity.yearsExperience],
  ];
  const wrong = expected
    .filter(([, actual, wanted]) => JSON.stringify(actual) !== JSON.stringify(wanted))
    .map(([label]) => label);
  if (wrong.length > 0)
    return { ok: false, summary: `business.json does not hold the fixture's ${wrong.join(', ')}` };
  if (facts.problems.length > 0)
    return { ok: false, summary: 'placeholders left', detail: facts.problems.join('\n') };
  return {
    ok: true,
    summary: `${replaced.length} values: ${facts.business.name}, ${facts.business.owner}, ${facts.business.phone.display}, ${facts.business.email}, ${facts.business.defaultOrigin}, ${facts.business.registration.number}, "${facts.yearsClaim}"`,
  };
});
const fixtureOk = results.every((result) => result.ok);

if (fixtureOk) {
  const built = await step('npm run build', async () => {
    const { code, output } = await npmRun(site, logs, 'build', env);
    const pages = /(?<!\d)(\d+) URLs in sitemap\.xml/.exec(output)?.[1];
    if (code !== 0) return { ok: false, summary: `exit ${code}`, detail: lastLines(output, 60) };
    const found = findTraces(
      join(site, 'dist', 'client'),
      identityTraces(current, fixtureIdentity),
    );
    if (found.length > 0) {
      return {
        ok: false,
        summary: `${found.length} place(s) in the build still show the replaced identity`,
        detail: [
          ...found.slice(0, 40),
          ...(found.length > 40 ? [`… and ${found.length - 40} more`] : []),
        ].join('\n'),
      };
    }
    return {
      ok: true,
      summary: `${pages ?? '?'} pages in the sitemap; no trace of the replaced identity in dist/client`,
    };
  });

  if (built) {
    await step('crawl the site on its own server', async () => {
      // The copy's own server, on the copy's build and facts, with a database of its own
      const server = await startServerProcess({
        command: [process.execPath, '--disable-sigusr1', join(site, 'src', 'server', 'main.ts')],
        env: {
          DIST_DIR: join(site, 'dist'),
          LEADS_DB: join(work, 'leads.sqlite'),
          LEADS_RATE_LIMIT: '0',
        },
      });
      try {
        const { pages, problems } = await crawlSite(
          server.origin,
          fixtureIdentity,
          identityTraces(current, fixtureIdentity),
        );
        if (problems.length > 0) {
          return {
            ok: false,
            summary: `${problems.length} problem(s) on ${pages} pages`,
            detail: [
              ...problems.slice(0, 40),
              ...(problems.length > 40 ? [`… and ${problems.length - 40} more`] : []),
            ].join('\n'),
          };
        }
        return {
          ok: true,
          summary: `${pages} pages answered and show ${fixtureIdentity.name}, ${fixtureIdentity.phone.display}; no trace of the replaced identity`,
        };
      } finally {
        await server.stop();
      }
    });
  } else {
    results.push({
      name: 'crawl the site on its own server',
      ok: false,
      ms: 0,
      summary: 'not run: the build failed',
    });
  }

  await step('npm run check:launch', async () => {
    const { code, output } = await npmRun(site, logs, 'check:launch', env);
    const text = plain(output);
    const problems = [...text.matchAll(/^- (.+)$/gm)].map((match) => match[1]!);
    const notSample = problems.filter((problem) => !/ is sample content$/.test(problem));
    // What it printed: the verdict, anything but sample content in full, the sample entries counted
    const samples = new Map<string, number>();
    for (const problem of problems) {
      const collection = / is sample content$/.test(problem) ? problem.split('/')[0]! : undefined;
      if (collection) samples.set(collection, (samples.get(collection) ?? 0) + 1);
    }
    const verdict = text.split('\n').find((line) => /^(?:Not ready|Ready)/.test(line));
    // The fixture is an identity a real owner could type in: nothing of it should look wrong either
    const warnings = text.split('\n').filter((line) => line.startsWith('Warning: '));
    for (const line of [
      `exit ${code}: ${verdict ?? '(no verdict line)'}`,
      ...warnings,
      ...notSample.map((problem) => `- ${problem}`),
      ...[...samples].map(
        ([collection, count]) => `- ${count} × "${collection}/… is sample content"`,
      ),
    ])
      console.log(`  | ${line}`);
    if (warnings.length > 0)
      return {
        ok: false,
        summary: `it warns about the fixture identity`,
        detail: warnings.join('\n'),
      };
    if (code === 0)
      return { ok: true, summary: 'ready for launch: no placeholder and no sample content left' };
    if (problems.length === 0 || notSample.length > 0) {
      return {
        ok: false,
        summary:
          notSample.length > 0
            ? `it names ${notSample.length} thing(s) besides sample content`
            : `exit ${code} without a list`,
        detail: notSample.length > 0 ? notSample.join('\n') : lastLines(output, 30),
      };
    }
    return {
      ok: true,
      summary: `fails as expected, naming only ${problems.length} sample entries`,
    };
  });
}

// ------------------------------------------------------------------ report

const ok = results.every((result) => result.ok);
console.log('');
console.log(
  `launch rehearsal ${ok ? 'passed' : 'FAILED'} in ${seconds(performance.now() - started)}`,
);
for (const result of results) {
  console.log(
    `  ${result.ok ? 'ok  ' : 'FAIL'}  ${result.name.padEnd(56)} ${seconds(result.ms).padStart(8)}  ${result.summary}`,
  );
}
if (ok && !keep) rmSync(work, { recursive: true, force: true });
else console.log(`  the copy and the logs of each step are in ${work}`);
process.exitCode = ok ? 0 : 1;
