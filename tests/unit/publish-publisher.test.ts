/**
 * The publisher on a small git checkout of its own, with a stand-in for Astro (a shell script that
 * writes the pages the server needs, waits until the test lets it finish, or fails saying what the
 * test gave it): which commits the owner may undo, publishing twice in a row while the cleanup of
 * the first runs, the owner's page asking each second without starting git, and a failed build's
 * whole reason in the log
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLiveSite, REQUIRED_PAGES } from '../../src/server/http/live-site.ts';
import { openSite } from '../../src/server/http/site-files.ts';
import { BUILDS_DIR } from '../../src/server/publish/builds.ts';
import { AUTHOR_NAME } from '../../src/server/publish/history.ts';
import { createPublisher, type PublisherOptions } from '../../src/server/publish/publisher.ts';
import { createThrottledLog } from '../../src/server/support/log.ts';

const PROJECT = 'src/content/projects/switchboard-howick.yaml';
const REVIEW = 'src/content/testimonials/01-margaret.yaml';
const CODE = 'tests/unit/editor-schema.test.ts';
/** Written by the stand-in once its pages are written; it then waits for RELEASE */
const STARTED = 'build-started';
const RELEASE = 'release-build';
/** What the stand-in says, and its failure, when this file exists */
const FAILS = 'build-fails.txt';

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Each git command a minute after the one before, so the history's order is that of the commits */
let minutes = 0;
function run(cwd: string, ...args: string[]): string {
  const at = new Date(Date.UTC(2026, 10, 1, 9, minutes++)).toISOString();
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_DATE: at, GIT_COMMITTER_DATE: at },
  }).trim();
}
const as = (name: string) => [
  '-c',
  `user.name=${name}`,
  '-c',
  `user.email=${name.toLowerCase().replace(/\W/g, '')}@example.com`,
];

/** The file a required page is built as: `/` → index.html, `/gone` → gone/index.html */
const pageFile = (path: string) =>
  path === '/'
    ? 'index.html'
    : path.endsWith('.html')
      ? path.slice(1)
      : `${path.slice(1)}/index.html`;

function writeFile(root: string, path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** Writes the pages the server needs into `clientDir` */
function writePages(clientDir: string) {
  for (const path of REQUIRED_PAGES)
    writeFile(clientDir, pageFile(path), '<!doctype html><title>Built</title>');
}

const STAND_IN = `#!/bin/sh
[ "$1" = build ] || exit 0
if [ -f ${FAILS} ]; then cat ${FAILS}; exit 1; fi
for page in ${REQUIRED_PAGES.map(pageFile).join(' ')}; do
  mkdir -p "$(dirname "$3/$page")"
  echo '<!doctype html><title>Built</title>' > "$3/$page"
done
touch ${STARTED}
while [ ! -f ${RELEASE} ]; do sleep 0.02; done
rm -f ${RELEASE} ${STARTED}
`;

/** A checkout with a project, a review and a test file, committed by the developer, and the stand-in for Astro */
function makeSite(): string {
  const site = mkdtempSync(join(tmpdir(), 'publish-publisher-'));
  dirs.push(site);
  writeFile(site, PROJECT, 'title: "Switchboard upgrade in Howick"\n');
  writeFile(site, REVIEW, 'author: Margaret\n');
  writeFile(site, CODE, '// the editor schema\n');
  writeFile(
    site,
    '.gitignore',
    `${BUILDS_DIR}/\nnode_modules/\n${STARTED}\n${RELEASE}\n${FAILS}\n`,
  );
  writeFile(site, 'node_modules/.bin/astro', STAND_IN);
  chmodSync(join(site, 'node_modules/.bin/astro'), 0o755);
  run(site, 'init', '--quiet', '--initial-branch=main');
  run(site, 'add', '--all');
  run(site, ...as('Developer'), 'commit', '--quiet', '-m', 'The site as the developer left it');
  return site;
}

/** A publisher of `site`, serving a build of its own in BUILDS_DIR/served */
async function publisherOf(site: string, options: Partial<PublisherOptions> = {}) {
  const servedDir = join(site, BUILDS_DIR, 'served');
  writePages(join(servedDir, 'client'));
  const live = createLiveSite(await openSite(join(servedDir, 'client')));
  const publisher = createPublisher({
    siteDir: site,
    live,
    servedDir,
    authorEmail: 'owner@example.com',
    log: () => {},
    ...options,
  });
  return { publisher, live, servedDir };
}

const append = (site: string, path: string, text: string) =>
  writeFile(site, path, `${readFileSync(join(site, path), 'utf8')}${text}`);

describe('the history', () => {
  it('offers Undo only for the owner’s own changes of content, and refuses to undo any other in words', async () => {
    const site = makeSite();
    const { publisher } = await publisherOf(site);
    // The developer's change of content and code together, and another's of content alone
    append(site, REVIEW, 'location: Howick\n');
    append(site, CODE, '// a second test\n');
    run(
      site,
      ...as('Developer'),
      'commit',
      '--quiet',
      '-am',
      'The editor schema test checks reviews',
    );
    append(site, REVIEW, '# checked\n');
    run(site, ...as('Someone Else'), 'commit', '--quiet', '-am', 'Reviews say where');
    // Two of the owner's changes on two branches, and their merge
    run(site, 'checkout', '--quiet', '-b', 'side');
    append(site, PROJECT, 'suburb: Howick\n');
    run(site, ...as(AUTHOR_NAME), 'commit', '--quiet', '-am', 'Changed project on a branch');
    run(site, 'checkout', '--quiet', 'main');
    append(site, REVIEW, 'rating: 5\n');
    run(site, ...as(AUTHOR_NAME), 'commit', '--quiet', '-am', 'Changed review by Margaret');
    run(site, ...as(AUTHOR_NAME), 'merge', '--quiet', '--no-ff', '-m', 'Merged the branch', 'side');
    // The owner's own, as the publisher makes it
    append(site, PROJECT, 'category: Residential\n');
    run(
      site,
      ...as(AUTHOR_NAME),
      'commit',
      '--quiet',
      '-m',
      "Changed project 'Switchboard upgrade in Howick'",
      '--',
      PROJECT,
    );

    const history = await publisher.history(30);
    expect(history.map(({ message, byOwner, canUndo }) => ({ message, byOwner, canUndo }))).toEqual(
      [
        {
          message: "Changed project 'Switchboard upgrade in Howick'",
          byOwner: true,
          canUndo: true,
        },
        { message: 'Merged the branch', byOwner: false, canUndo: false },
        { message: 'Changed review by Margaret', byOwner: true, canUndo: true },
        { message: 'Changed project on a branch', byOwner: true, canUndo: true },
        { message: 'Reviews say where', byOwner: false, canUndo: false },
        { message: 'The editor schema test checks reviews', byOwner: false, canUndo: false },
        { message: 'The site as the developer left it', byOwner: false, canUndo: false },
      ],
    );

    const head = run(site, 'rev-parse', 'HEAD');
    for (const change of history.filter((each) => !each.byOwner)) {
      const refused = await publisher.undo(change.commit);
      expect(refused, change.message).toMatchObject({ started: false, status: 409 });
      expect(refused.started || refused.error).toMatch(
        /^Only changes made from this page can be undone here\./,
      );
    }
    expect(publisher.isBusy()).toBe(false);
    expect(run(site, 'rev-parse', 'HEAD')).toBe(head);
    expect(run(site, 'status', '--porcelain')).toBe('');
  });
});

/**
 * Puts a `git` first on the PATH for the rest of the test that notes each run and runs the real
 * one; the runs so far, each as its arguments
 */
function countGitRuns(): () => string[] {
  const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  const bin = mkdtempSync(join(tmpdir(), 'publish-git-'));
  dirs.push(bin);
  const runs = join(bin, 'runs.txt');
  writeFileSync(runs, '');
  writeFileSync(join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${runs}'\nexec '${realGit}' "$@"\n`, {
    mode: 0o755,
  });
  vi.stubEnv('PATH', `${bin}:${process.env['PATH']}`);
  return () => readFileSync(runs, 'utf8').split('\n').filter(Boolean);
}

describe('the changes waiting and the history, as the owner’s page asks each second', () => {
  it('are read from git on first use, then again only after a save in the editor or a publish, never during one', async () => {
    const site = makeSite();
    const calls = countGitRuns();
    const { publisher } = await publisherOf(site);
    const ask = async () => ({
      pending: await publisher.pending(),
      history: await publisher.history(30),
    });

    writeFile(site, PROJECT, 'title: "Switchboard upgrade in Howick, rewired"\n');
    const first = await ask();
    expect(first.pending).toEqual(["Changed project 'Switchboard upgrade in Howick, rewired'"]);
    const readOnce = calls().length;
    expect(readOnce).toBeGreaterThan(0);
    // A file written without the editor is not looked for on each ask
    writeFile(site, REVIEW, 'author: Margaret\nlocation: Howick\n');
    for (let second = 0; second < 5; second++) expect(await ask()).toEqual(first);
    expect(calls().slice(readOnce)).toEqual([]);

    // The editor tells of its save: the next ask reads again, once
    publisher.contentChanged();
    const saved = await ask();
    expect(saved.pending).toEqual([
      "Changed project 'Switchboard upgrade in Howick, rewired'",
      'Changed review by Margaret',
    ]);
    const readTwice = calls().length;
    expect(readTwice).toBeGreaterThan(readOnce);
    expect(await ask()).toEqual(saved);

    // While the build runs, the asks start no git
    expect(publisher.publish().started).toBe(true);
    await until(() => existsSync(join(site, STARTED)), 'the build to start');
    const beforeAsks = calls().length;
    for (let second = 0; second < 3; second++) expect(await ask()).toEqual(saved);
    expect(calls().slice(beforeAsks)).toEqual([]);
    writeFileSync(join(site, RELEASE), '');
    await publisher.idle();

    // Its end: what it committed heads the history, and nothing waits
    const published = publisher.status().last!;
    expect(published.ok).toBe(true);
    const after = await ask();
    expect(after.pending).toEqual([]);
    expect(after.history[0]).toMatchObject({
      message: published.message.replace(/^Live: /, ''),
      byOwner: true,
    });
  });
});

/** Waits until `check` holds, for up to 10 s */
async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what}`);
    await sleep(20);
  }
}

describe('publishing', () => {
  it('works twice in a row, though the cleanup after the first runs while the second is being built', async () => {
    const site = makeSite();
    const graceMs = 1500;
    let wentLive = 0;
    const { publisher, live, servedDir } = await publisherOf(site, {
      removeAfterMs: graceMs,
      onLive: () => (wentLive = Date.now()),
    });
    // A build left from long ago, which the cleanup removes
    const stale = join(site, BUILDS_DIR, 'stale');
    writePages(join(stale, 'client'));

    writeFile(site, PROJECT, 'title: "Switchboard upgrade in Howick, first"\n');
    writeFileSync(join(site, RELEASE), '');
    expect(publisher.publish().started).toBe(true);
    await publisher.idle();
    expect(publisher.status().last).toMatchObject({
      ok: true,
      message: "Live: Changed project 'Switchboard upgrade in Howick, first'",
    });
    const first = live.current.files.get('/')!.absolutePath;

    // Published again at once; its build is held until the cleanup of the first has run
    writeFile(site, PROJECT, 'title: "Switchboard upgrade in Howick, second"\n');
    expect(publisher.publish().started).toBe(true);
    await until(() => existsSync(join(site, STARTED)), 'the second build to start');
    expect(Date.now() - wentLive).toBeLessThan(graceMs);
    await until(() => !existsSync(stale), 'the cleanup after the first publish');
    writeFileSync(join(site, RELEASE), '');
    await publisher.idle();

    expect(publisher.status().last).toMatchObject({
      ok: true,
      message: "Live: Changed project 'Switchboard upgrade in Howick, second'",
    });
    const second = live.current.files.get('/')!.absolutePath;
    expect(second).not.toBe(first);
    expect(existsSync(second)).toBe(true);
    expect(run(site, 'log', '--format=%s', '-2').split('\n')).toEqual([
      "Changed project 'Switchboard upgrade in Howick, second'",
      "Changed project 'Switchboard upgrade in Howick, first'",
    ]);
    // The build before the live one stays for the pages still reading it
    expect(existsSync(first)).toBe(true);
    expect(existsSync(servedDir)).toBe(true);
  });

  it('that fails logs Astro’s whole output, tells the owner its first lines, and removes only its own build', async () => {
    const site = makeSite();
    const written: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((text: string) => written.push(text));
    const { publisher, live, servedDir } = await publisherOf(site, {
      log: createThrottledLog({ write: (line) => written.push(line) }),
    });
    const served = live.current;
    const progress = Array.from(
      { length: 20 },
      (_, index) => `04:00:${String(index).padStart(2, '0')} [build] Building page ${index}`,
    );
    const photo = `${site}/src/assets/projects/switchboard-howick/photos/0/src.jpg`;
    const reason = `[NoImageMetadata] Could not process image metadata for \`${photo}\`.`;
    writeFileSync(
      join(site, FAILS),
      [
        ...progress,
        '04:00:21 [ERROR] [vite] ✗ Build failed in 2.10s',
        reason,
        '  Hint:',
        '    This is often caused by a corrupted or malformed image.',
        '  Stack trace:',
        `    at getImageMetadata (file://${site}/node_modules/astro/dist/assets/utils.js:10:5)`,
      ].join('\n'),
    );

    writeFile(site, PROJECT, 'title: "Switchboard upgrade in Howick, rewired"\n');
    expect(publisher.publish().started).toBe(true);
    await publisher.idle();

    const logged = written.join('\n');
    expect(logged.indexOf(reason)).toBeGreaterThan(500);
    expect(logged).toContain('at getImageMetadata');
    const last = publisher.status().last!;
    expect(last.ok).toBe(false);
    expect(last.message).toContain(
      '“[vite] ✗ Build failed in 2.10s [NoImageMetadata] Could not process image metadata for `src/assets/projects/switchboard-howick/photos/0/src.jpg`. This is often caused by a corrupted or malformed image.”',
    );
    expect(last.message).not.toContain(site);
    expect(live.current).toBe(served);
    expect(readdirSync(join(site, BUILDS_DIR))).toEqual([servedDir.split('/').at(-1)]);
    expect(run(site, 'rev-list', '--count', 'HEAD')).toBe('1');
  });
  it('is refused while a link sits among the content, naming it, and nothing is built or committed', async () => {
    const site = makeSite();
    const elsewhere = mkdtempSync(join(tmpdir(), 'publish-elsewhere-'));
    dirs.push(elsewhere);
    const outside = join(elsewhere, 'outside.md');
    writeFileSync(outside, 'A file elsewhere on the server\n');
    symlinkSync(outside, join(site, 'src/content/projects/linked.yaml'));
    const { publisher, live, servedDir } = await publisherOf(site);
    const served = live.current;
    writeFile(site, PROJECT, 'title: "Switchboard upgrade in Howick, rewired"\n');
    expect(publisher.publish().started).toBe(true);
    await publisher.idle();
    const last = publisher.status().last!;
    expect(last.ok).toBe(false);
    expect(last.message).toMatch(/a link to another file on the server/);
    expect(last.problems).toEqual(['src/content/projects/linked.yaml']);
    expect(live.current).toBe(served);
    expect(readdirSync(join(site, BUILDS_DIR))).toEqual([servedDir.split('/').at(-1)]);
    expect(run(site, 'rev-list', '--count', 'HEAD')).toBe('1');
  });
});
