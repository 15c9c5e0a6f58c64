/**
 * Publishing the owner's edits, against the real server and a checkout of its own (the small
 * fixture site of tests/support/publish-site.ts in three of the developer's commits, as SITE_DIR)
 * that pushes to a bare repository (CONTENT_GIT_REMOTE); the owner's edits are saved through the
 * editor, as his page saves them. The developer's commits are listed as site updates that Undo
 * refuses; a changed title goes live while pages and assets keep answering, each page wholly from
 * one build; a second publish meanwhile is refused; a content error names the entry and field, is
 * logged in full, and changes nothing; the commit is the owner's, in words, and reaches the
 * remote; Undo, started as soon as the publish is live, brings the old title back. The real
 * site's build is published by the browser test (tests/e2e/publish.spec.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { business } from '../../src/config/business.ts';
import { projectsPath } from '../../src/config/routes.ts';
import { editorPaths } from '../../src/lib/editor-paths.ts';
import {
  ownerPaths,
  type BusyBody,
  type DiscardBody,
  type ErrorBody,
  type SiteBody,
} from '../../src/lib/owner-api.ts';
import { AUTHOR_NAME } from '../../src/server/publish/history.ts';
import { topLevelField } from '../../src/server/publish/entry-labels.ts';
import { makeInvite } from '../support/owner-invite.ts';
import { ownerClient } from '../support/owner.ts';
import { copyPublishSite } from '../support/publish-site.ts';
import { clientDir } from '../support/script-helpers.ts';
import {
  makeTempDir,
  requireBuild,
  send,
  sleep,
  startServer,
  type Answer,
  type RunningServer,
} from '../support/server.ts';

requireBuild();

const SITE_URL = 'https://www.example.com';
const PROJECT = 'src/content/projects/switchboard-howick.yaml';
const BUILD_MS = 30_000;
/** The developer's commits after the first: one of content and other files together, one of content by another author */
const DEVELOPERS = [
  {
    author: 'Developer',
    files: ['src/content/testimonials/02-raj.yaml', 'README.md'],
    subject: 'Reviews and the README',
  },
  {
    author: 'A Contractor',
    files: ['src/content/testimonials/03-mei.yaml'],
    subject: 'A review checked',
  },
];

let server: RunningServer;
let owner: ReturnType<typeof ownerClient>;
let site: string;
let remote: string;
/** The commits of the checkout as the developer left it, newest first */
let developerCommits: string[];

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
const projectFile = () => join(site, PROJECT);
const titleNow = () => topLevelField(readFileSync(projectFile(), 'utf8'), 'title')!;

/** Saves `text` as the file at `path` through the editor, as its Save button does */
async function save(path: string, text: string) {
  const body = {
    additions: [{ path, contents: Buffer.from(text).toString('base64') }],
    deletions: [],
  };
  const answer = await owner.call('POST', `${editorPaths.api}update`, {
    body,
    headers: { 'no-cors': '1' },
  });
  expect(answer.status, answer.text()).toBe(200);
}

const setTitle = (title: string) =>
  save(
    PROJECT,
    readFileSync(projectFile(), 'utf8').replace(/^title: .*$/m, `title: ${JSON.stringify(title)}`),
  );

async function siteState(): Promise<SiteBody> {
  const answer = await owner.call('GET', ownerPaths.site);
  expect(answer.status).toBe(200);
  return JSON.parse(answer.text()) as SiteBody;
}

/** Waits for the publish or undo under way to end; how it ended */
async function finished(): Promise<SiteBody> {
  const deadline = Date.now() + BUILD_MS;
  for (;;) {
    const state = await siteState();
    if (!state.running) return state;
    if (Date.now() > deadline) throw new Error(`Still running: ${JSON.stringify(state.running)}`);
    await sleep(500);
  }
}

const page = (path: string) => send(server, { path, headers: { Host: new URL(SITE_URL).host } });

beforeAll(async () => {
  const root = makeTempDir('publish');
  site = join(root, 'site');
  copyPublishSite(site);
  for (const { author, files, subject } of DEVELOPERS) {
    for (const file of files)
      writeFileSync(join(site, file), `${readFileSync(join(site, file), 'utf8')}\n# checked\n`);
    git(
      site,
      '-c',
      `user.name=${author}`,
      '-c',
      'user.email=developer@example.com',
      'commit',
      '--quiet',
      '-m',
      subject,
      '--',
      ...files,
    );
  }
  developerCommits = git(site, 'rev-list', 'HEAD').split('\n');
  remote = join(root, 'remote.git');
  execFileSync('git', ['init', '--quiet', '--bare', remote]);
  git(site, 'push', '--quiet', remote, 'main');
  const leadsDb = join(root, 'leads.sqlite');
  server = await startServer({
    leadsDb,
    env: { SITE_URL, TRUST_PROXY: '1', SITE_DIR: site, CONTENT_GIT_REMOTE: remote },
  });
  owner = ownerClient(server, SITE_URL);
  expect((await owner.enrol((await makeInvite(leadsDb, SITE_URL)).token)).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('the site routes', () => {
  it('answer 401 without a session and 403 from another origin, and change nothing', async () => {
    for (const [method, path, body] of [
      ['GET', ownerPaths.site, undefined],
      ['POST', ownerPaths.publish, {}],
      ['POST', ownerPaths.undo, { commit: git(site, 'rev-parse', 'HEAD') }],
      ['POST', ownerPaths.discard, {}],
    ] as const) {
      const answer = await owner.call(method, path, { body, session: null });
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(answer.text()).not.toMatch(/history|pending/);
      if (method === 'POST')
        expect(
          (await owner.call(method, path, { body, origin: 'https://evil.example' })).status,
        ).toBe(403);
    }
    expect((await siteState()).running).toBeNull();
    expect(git(site, 'rev-list', 'HEAD').split('\n')).toEqual(developerCommits);
  });

  it('refuse a body that is not what the contract says', async () => {
    expect((await owner.call('POST', ownerPaths.publish, { body: { now: true } })).status).toBe(
      400,
    );
    expect((await owner.call('POST', ownerPaths.undo, { body: { commit: 'HEAD~1' } })).status).toBe(
      400,
    );
    expect((await siteState()).running).toBeNull();
  });
});

describe('the developer’s commits', () => {
  it('are listed as site updates without Undo, and undoing one is refused in words and changes nothing', async () => {
    const { history } = await siteState();
    expect(
      history.map(({ commit, message, byOwner, canUndo }) => ({
        commit,
        message,
        byOwner,
        canUndo,
      })),
    ).toEqual(
      developerCommits.map((commit) => ({
        commit,
        message: git(site, 'log', '-1', '--format=%s', commit),
        byOwner: false,
        canUndo: false,
      })),
    );
    for (const commit of developerCommits) {
      const refused = await owner.call('POST', ownerPaths.undo, { body: { commit } });
      expect(refused.status, git(site, 'log', '-1', '--format=%s', commit)).toBe(409);
      expect((JSON.parse(refused.text()) as ErrorBody).errors[0]?.message).toMatch(
        /^Only changes made from this page can be undone here\./,
      );
    }
    expect((await siteState()).running).toBeNull();
    expect(git(site, 'rev-list', 'HEAD').split('\n')).toEqual(developerCommits);
    expect(git(site, 'status', '--porcelain')).toBe('');
  });
});

describe('a content error', () => {
  it('names the entry and the field, leaves the live site as it was, and commits nothing', async () => {
    const before = (await page('/projects')).text();
    const original = readFileSync(projectFile(), 'utf8');
    await setTitle('Tiny');
    try {
      expect((await siteState()).pending).toEqual(["Changed project 'Tiny'"]);
      expect((await owner.call('POST', ownerPaths.publish, { body: {} })).status).toBe(202);
      const { last } = await finished();
      expect(last?.ok).toBe(false);
      // In the form's words: the entry by its title, the field by its label, and no file
      expect(last?.problems).toEqual([
        expect.stringMatching(/^Project 'Tiny': Title must be at least \d+ characters$/),
      ]);
      expect(last?.steps.map((step) => step.state)).toEqual([
        'failed',
        'waiting',
        'waiting',
        'waiting',
      ]);
      expect(JSON.stringify(last)).not.toMatch(/Stack trace|InvalidContentEntryDataError|\/tmp\//);
      // The log has all Astro said, to the end: where the entry is, and the stack
      expect(server.output()).toMatch(
        /Location:\s+\S*src\/content\/projects\/switchboard-howick\.yaml[\s\S]*Stack trace:/,
      );
      expect((await page('/projects')).text()).toBe(before);
      expect(git(site, 'rev-list', 'HEAD').split('\n')).toEqual(developerCommits);
    } finally {
      await save(PROJECT, original);
    }
  });
});

describe('a publish', () => {
  let oldTitle: string;
  let newTitle: string;

  it(
    'goes live while every page and asset keeps answering from one build, and is committed in words by the owner',
    async () => {
      oldTitle = titleNow();
      newTitle = `${oldTitle}, rewired`;
      const oldPage = readFileSync(join(clientDir, 'projects', 'index.html'), 'utf8');
      const oldAsset = /(?:src|href)="(\/_astro\/[^"]+)"/.exec(oldPage)![1]!;
      await setTitle(newTitle);
      expect((await siteState()).pending).toEqual([`Changed project '${newTitle}'`]);

      const started = await owner.call('POST', ownerPaths.publish, { body: {} });
      expect(started.status).toBe(202);
      const again = await owner.call('POST', ownerPaths.publish, { body: {} });
      expect(again.status).toBe(409);
      expect((JSON.parse(again.text()) as BusyBody).running.steps.map((step) => step.name)).toEqual(
        ['check', 'build', 'live', 'save'],
      );

      // Visitors meanwhile: pages, a conditional request, the old page's asset
      const answers: { path: string; answer: Answer }[] = [];
      let publishing = true;
      const visitors = (async () => {
        let etag: string | undefined;
        while (publishing) {
          for (const path of ['/projects', '/', oldAsset]) {
            const headers: Record<string, string> = {
              Host: new URL(SITE_URL).host,
              ...(path === '/projects' && etag ? { 'If-None-Match': etag } : {}),
            };
            const answer = await send(server, { path, headers });
            if (path === '/projects' && answer.status === 200) etag = String(answer.headers.etag);
            answers.push({ path, answer });
          }
          await sleep(100);
        }
      })();
      let state: SiteBody;
      try {
        state = await finished();
      } finally {
        publishing = false;
        await visitors;
      }

      expect(state.last?.ok, JSON.stringify(state.last)).toBe(true);
      expect(state.last?.message).toBe(`Live: Changed project '${newTitle}'`);
      expect(state.last?.pages).toEqual([projectsPath]);
      expect(state.pending).toEqual([]);
      const live = await page('/projects');
      expect(live.text()).toContain(newTitle);

      // Every answer was whole, from the old build or the new one
      const published = git(site, 'rev-parse', '--show-toplevel');
      const builds = execFileSync('ls', [join(published, '.published')], { encoding: 'utf8' })
        .trim()
        .split('\n');
      const newPage = readFileSync(
        join(site, '.published', builds.at(-1)!, 'client', 'projects', 'index.html'),
        'utf8',
      );
      expect(answers.length).toBeGreaterThan(10);
      for (const { path, answer } of answers) {
        expect([200, 304], path).toContain(answer.status);
        if (path === '/projects' && answer.status === 200)
          expect([oldPage, newPage]).toContain(answer.text());
      }
      expect((await page(oldAsset)).status).toBe(200);

      const [author, email, subject] = git(site, 'log', '-1', '--format=%an%n%ae%n%s').split('\n');
      expect({ author, email, subject }).toEqual({
        author: AUTHOR_NAME,
        email: business.email,
        subject: `Changed project '${newTitle}'`,
      });
      expect(git(site, 'show', '--name-only', '--format=', 'HEAD')).toBe(PROJECT);
      const history = (await siteState()).history;
      // The owner's change can be undone; the developer's commits are listed, but not his to undo
      expect(history.map((change) => [change.message, change.byOwner, change.canUndo])).toEqual([
        [`Changed project '${newTitle}'`, true, true],
        ...developerCommits.map((commit) => [
          git(site, 'log', '-1', '--format=%s', commit),
          false,
          false,
        ]),
      ]);
      await expect
        .poll(async () => (await siteState()).last?.backup, { timeout: 20_000 })
        .toBe('sent');
      expect(git(remote, 'rev-parse', 'main')).toBe(git(site, 'rev-parse', 'HEAD'));
    },
    BUILD_MS + 30_000,
  );

  const testimonial = () =>
    join(
      site,
      'src/content/testimonials',
      execFileSync('ls', [join(site, 'src/content/testimonials')], { encoding: 'utf8' }).split(
        '\n',
      )[0]!,
    );

  it('cannot be undone while edits wait to be published', async () => {
    const original = readFileSync(testimonial(), 'utf8');
    writeFileSync(testimonial(), `${original}quote: A new word\n`);
    try {
      const [change] = (await siteState()).history;
      const refused = await owner.call('POST', ownerPaths.undo, {
        body: { commit: change!.commit },
      });
      expect(refused.status).toBe(409);
      expect((JSON.parse(refused.text()) as ErrorBody).errors[0]?.message).toMatch(
        /not published yet/,
      );
    } finally {
      writeFileSync(testimonial(), original);
    }
  });

  it('has nothing waiting after a save that lays a file out anew but says the same', async () => {
    const original = readFileSync(testimonial(), 'utf8');
    // Its lines in another order, each value quoted: what the editor may write for an unchanged review
    const relaidOut = `${original
      .trim()
      .split('\n')
      .reverse()
      .map((line) =>
        line.replace(/^(\w+): (.*)$/, (_, key: string, value: string) => `${key}: "${value}"`),
      )
      .join('\n')}\n`;
    expect(relaidOut).not.toBe(original);
    await save(testimonial().slice(site.length + 1), relaidOut);
    expect(git(site, 'status', '--porcelain')).not.toBe('');
    expect((await siteState()).pending).toEqual([]);
    // Left so: the undo next is not refused for it
  });

  it(
    'is undone by Undo: the old title is live again, and the undoing is committed and pushed',
    async () => {
      const [change] = (await siteState()).history;
      expect(
        (await owner.call('POST', ownerPaths.undo, { body: { commit: change!.commit } })).status,
      ).toBe(202);
      const state = await finished();
      expect(state.last?.ok, JSON.stringify(state.last)).toBe(true);
      expect(state.last?.message).toBe(`Live: Undid: Changed project '${newTitle}'`);
      const live = (await page('/projects')).text();
      expect(live).toContain(oldTitle);
      expect(live).not.toContain(newTitle);
      expect(titleNow()).toBe(oldTitle);
      expect(git(site, 'log', '-1', '--format=%an %s')).toBe(
        `${AUTHOR_NAME} Undid: Changed project '${newTitle}'`,
      );
      expect(git(site, 'status', '--porcelain')).toBe('');
      await expect
        .poll(() => git(remote, 'rev-parse', 'main'), { timeout: 20_000 })
        .toBe(git(site, 'rev-parse', 'HEAD'));
    },
    BUILD_MS + 30_000,
  );

  it('is not undone twice: the change shows as undone, and a second undo is refused in words and changes nothing', async () => {
    const head = git(site, 'rev-parse', 'HEAD');
    const original = (await siteState()).history.find(
      (change) => change.message === `Changed project '${newTitle}'`,
    )!;
    expect(original).toMatchObject({ canUndo: false, undone: true });
    const again = await owner.call('POST', ownerPaths.undo, { body: { commit: original.commit } });
    expect(again.status).toBe(409);
    expect(again.text()).toContain('already been undone');
    expect(git(site, 'rev-parse', 'HEAD')).toBe(head);
    expect(git(site, 'status', '--porcelain')).toBe('');
    expect((await page('/projects')).text()).toContain(oldTitle);
  });
});

describe('discarding the unpublished changes', () => {
  const ADDED = 'src/content/testimonials/04-aroha.yaml';
  const REMOVED = 'src/content/testimonials/01-margaret.yaml';

  it('puts the content and git status back as the live commit has them, after a step-up from the site itself', async () => {
    const head = git(site, 'rev-parse', 'HEAD');
    const liveTitle = titleNow();
    const removedText = readFileSync(join(site, REMOVED), 'utf8');
    // A changed project, a new review and a removed one, as the editor saves them
    await setTitle('A title not published');
    await save(ADDED, readFileSync(join(site, REMOVED), 'utf8').replace(/Margaret/g, 'Aroha'));
    const removal = await owner.call('POST', `${editorPaths.api}update`, {
      body: { additions: [], deletions: [{ path: REMOVED }] },
      headers: { 'no-cors': '1' },
    });
    expect(removal.status, removal.text()).toBe(200);
    const { pending } = await siteState();
    expect(pending).toHaveLength(3);
    expect(git(site, 'status', '--porcelain')).not.toBe('');

    // Only from the site's own origin, and only once he has confirmed with his passkey
    expect(
      (await owner.call('POST', ownerPaths.discard, { body: {}, origin: 'https://evil.example' }))
        .status,
    ).toBe(403);
    const unconfirmed = await owner.call('POST', ownerPaths.discard, { body: {} });
    expect(unconfirmed.status).toBe(403);
    expect(JSON.parse(unconfirmed.text())).toMatchObject({ stepUp: true });
    expect((await siteState()).pending).toEqual(pending);

    expect((await owner.stepUp()).status).toBe(204);
    const discarded = await owner.call('POST', ownerPaths.discard, { body: {} });
    expect(discarded.status, discarded.text()).toBe(200);
    expect((JSON.parse(discarded.text()) as DiscardBody).discarded).toEqual(pending);

    expect(git(site, 'status', '--porcelain', '--untracked-files=all')).toBe('');
    expect(git(site, 'rev-parse', 'HEAD')).toBe(head);
    expect(titleNow()).toBe(liveTitle);
    expect(readFileSync(join(site, REMOVED), 'utf8')).toBe(removedText);
    expect(existsSync(join(site, ADDED))).toBe(false);
    expect((await siteState()).pending).toEqual([]);
  });
});
