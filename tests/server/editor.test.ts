/**
 * The content editor, tried from outside against the real server, on a copy of the site's source
 * (SITE_DIR) so the repository is never written: without a live session (none, made up, signed
 * out, expired) its pages and every /api/keystatic/ path answer 401 with none of the content; a
 * save from another origin is refused and writes nothing; the owner's save of a project with a
 * phone's photo writes the photo upright, stripped and at most 2,400 px; a file that is not a
 * picture, or a path outside the editor's files, is refused with a message and writes nothing.
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest } from 'node:http';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PROJECT_PHOTOS, PHOTOS_DIRECTORY } from '../../src/lib/content-schemas.ts';
import { editorPaths } from '../../src/lib/editor-paths.ts';
import { ownerPaths } from '../../src/lib/owner-api.ts';
import { SIGNED_OUT_MESSAGE, UPDATE_MAX_BYTES } from '../../src/server/editor/api.ts';
import { PHOTO_MAX_SIDE } from '../../src/server/editor/photos.ts';
import { SESSION_COOKIE } from '../../src/server/owner/session-token.ts';
import { fileHashes } from '../support/file-hashes.ts';
import { makeInvite } from '../support/owner-invite.ts';
import { ownerClient } from '../support/owner.ts';
import { grainyPhonePhoto, phonePhoto } from '../support/phone-photo.ts';
import {
  makeTempDir,
  repoRoot,
  requireBuild,
  send,
  sleep,
  startServer,
  type Answer,
  type RunningServer,
} from '../support/server.ts';

requireBuild();

const SITE_URL = 'https://www.example.com';
const PROJECT = 'switchboard-howick';
const projectFile = `src/content/projects/${PROJECT}.yaml`;
const photoFile = (index: number) => `${PHOTOS_DIRECTORY}/${PROJECT}/photos/${index}/src.jpg`;

let server: RunningServer;
let siteDir: string;
let leadsDb: string;
let owner: ReturnType<typeof ownerClient>;

/** Every file of the copy of the site's source, with its content's hash */
const snapshot = () => fileHashes(siteDir);

/** A blob's id as git (and Keystatic) make it */
const blobSha = (contents: Buffer) =>
  createHash('sha1').update(`blob ${contents.length}\0`).update(contents).digest('hex');

const base64 = (contents: Buffer | string) => Buffer.from(contents).toString('base64');

/** A save as Keystatic's page sends it */
function updateCall(
  additions: Array<{ path: string; contents: Buffer | string }>,
  deletions: string[] = [],
) {
  return {
    method: 'POST',
    path: `${editorPaths.api}update`,
    body: {
      additions: additions.map(({ path, contents }) => ({ path, contents: base64(contents) })),
      deletions: deletions.map((path) => ({ path })),
    },
    headers: { 'no-cors': '1' },
  };
}

function expectNoContent(answer: Answer, what: string) {
  const text = answer.text();
  const project = readFileSync(join(repoRoot, projectFile), 'utf8');
  expect(text, what).not.toContain(project.slice(7, 40));
  expect(text, what).not.toContain('src/content');
  expect(text, what).not.toMatch(/Editor\.[\w-]+\.js/);
  expect(answer.headers['cache-control'], what).toBe('no-store');
  expect(answer.headers['x-robots-tag'], what).toBe('noindex, nofollow');
}

beforeAll(async () => {
  siteDir = makeTempDir('editor-site');
  cpSync(join(repoRoot, 'src'), join(siteDir, 'src'), { recursive: true });
  leadsDb = `${makeTempDir('editor')}/leads.sqlite`;
  server = await startServer({ leadsDb, env: { SITE_URL, TRUST_PROXY: '1', SITE_DIR: siteDir } });
  owner = ownerClient(server, SITE_URL);
  const { token } = await makeInvite(leadsDb, SITE_URL);
  expect((await owner.enrol(token, 'Phone')).status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
});

describe('without a live session', () => {
  it('the editor and every /api/keystatic/ path answer 401 with none of the content, and nothing is written', async () => {
    const before = snapshot();
    const project = readFileSync(join(siteDir, projectFile));
    // A session that signed out, and one left idle past its hour
    await owner.signIn();
    const signedOut = owner.session!;
    expect((await owner.call('POST', ownerPaths.signOut)).status).toBe(204);
    await owner.signIn();
    const idle = owner.session!;
    const db = new DatabaseSync(leadsDb);
    db.prepare('UPDATE owner_sessions SET last_seen_at = ? WHERE token_hash = ?').run(
      new Date(Date.now() - 2 * 3_600_000).toISOString(),
      createHash('sha256').update(idle).digest('hex'),
    );
    db.close();

    const sessions: Array<[string, string | null]> = [
      ['no cookie', null],
      ['a made-up token', 'A'.repeat(43)],
      ['a signed-out session', signedOut],
      ['an expired session', idle],
    ];
    const pages = [
      editorPaths.page,
      editorPaths.app,
      `${editorPaths.app}/collection/projects`,
      `${editorPaths.app}/singleton/business`,
    ];
    const calls: Array<{
      method: string;
      path: string;
      body?: unknown;
      headers?: Record<string, string>;
    }> = [
      { method: 'GET', path: `${editorPaths.api}tree`, headers: { 'no-cors': '1' } },
      {
        method: 'GET',
        path: `${editorPaths.api}blob/${blobSha(project)}/${projectFile}`,
        headers: { 'no-cors': '1' },
      },
      updateCall([{ path: projectFile, contents: 'title: Changed\n' }]),
      { method: 'DELETE', path: `${editorPaths.api}update` },
      { method: 'GET', path: `${editorPaths.api}no-such-thing` },
    ];
    for (const [what, token] of sessions) {
      for (const path of pages) {
        const answer = await owner.call('GET', path, { session: token });
        expect(answer.status, `${path} with ${what}`).toBe(401);
        expectNoContent(answer, `${path} with ${what}`);
        expect(answer.text()).toContain(`href="${ownerPaths.page}"`);
      }
      for (const { method, path, body, headers } of calls) {
        const answer = await owner.call(method, path, {
          body,
          headers: headers ?? {},
          session: token,
        });
        expect(answer.status, `${method} ${path} with ${what}`).toBe(401);
        expectNoContent(answer, `${method} ${path} with ${what}`);
        // Keystatic shows the text as it is: he is told what to do, not shown JSON
        expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
        expect(answer.text()).toBe(SIGNED_OUT_MESSAGE);
      }
    }
    expect(snapshot()).toEqual(before);
    // A new session for what follows
    expect((await owner.signIn()).status).toBe(200);
  });
});

describe('signed in', () => {
  it('the editor is sent at /owner/content and at every /keystatic address, never cached or indexed', async () => {
    for (const path of [
      editorPaths.page,
      editorPaths.app,
      `${editorPaths.app}/collection/projects/item/${PROJECT}`,
    ]) {
      const answer = await owner.call('GET', path);
      expect(answer.status, path).toBe(200);
      expect(answer.text(), path).toMatch(/Editor\.[\w-]+\.js/);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
  });

  it('Keystatic reads the copy of the site: its tree and a file', async () => {
    const tree = await owner.call('GET', `${editorPaths.api}tree`, { headers: { 'no-cors': '1' } });
    expect(tree.status).toBe(200);
    expect(tree.headers['cache-control']).toBe('no-store');
    const project = readFileSync(join(siteDir, projectFile));
    expect(JSON.parse(tree.text())).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: projectFile, sha: blobSha(project) }),
      ]),
    );
    const blob = await owner.call(
      'GET',
      `${editorPaths.api}blob/${blobSha(project)}/${projectFile}`,
      { headers: { 'no-cors': '1' } },
    );
    expect(blob.status).toBe(200);
    expect(blob.body.equals(project)).toBe(true);
  });

  it('a save from another origin is refused and writes nothing', async () => {
    const before = snapshot();
    const { method, path, body, headers } = updateCall([
      { path: projectFile, contents: 'title: From elsewhere\n' },
    ]);
    for (const origin of [
      'https://evil.example',
      'null',
      `${SITE_URL}.evil.example`,
      'http://www.example.com',
      null,
    ]) {
      const answer = await owner.call(method, path, { body, headers, origin });
      expect(answer.status, `from ${origin}`).toBe(403);
    }
    const crossSite = await owner.call(method, path, {
      body,
      headers: { ...headers, 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect(snapshot()).toEqual(before);
  });

  it('a project saved with a phone’s photo gets the photo upright, stripped of its GPS and camera, at most 2,400 px', async () => {
    const yaml = `${readFileSync(join(siteDir, projectFile), 'utf8')}photos:\n  - src: ../../assets/projects/${PROJECT}/photos/0/src.jpg\n    alt: The new switchboard with every circuit labelled\n`;
    const photo = await phonePhoto(3200, 2000);
    const { method, path, body, headers } = updateCall([
      { path: projectFile, contents: yaml },
      { path: photoFile(0), contents: photo },
    ]);
    const answer = await owner.call(method, path, { body, headers });
    expect(answer.status, answer.text()).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');

    expect(readFileSync(join(siteDir, projectFile), 'utf8')).toBe(yaml);
    const written = readFileSync(join(siteDir, photoFile(0)));
    const facts = await sharp(written).metadata();
    expect(facts).toMatchObject({
      format: 'jpeg',
      width: (2000 * PHOTO_MAX_SIDE) / 3200,
      height: PHOTO_MAX_SIDE,
    });
    expect(facts.exif).toBeUndefined();
    expect(facts.xmp).toBeUndefined();
    expect(facts.iptc).toBeUndefined();
    expect(facts.orientation).toBeUndefined();
    expect(written.toString('latin1')).not.toMatch(/PhoneMaker|GPS/);
    // Upright: the stored left half (red) is at the top
    const { data, info } = await sharp(written).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[(y * info.width + x) * info.channels]!;
    expect(at(info.width / 2, 10)).toBeGreaterThan(150);
    expect(at(info.width / 2, info.height - 10)).toBeLessThan(100);
    // Keystatic's answer, the new tree, names the photo as written
    expect(JSON.parse(answer.text())).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: photoFile(0), sha: blobSha(written) }),
      ]),
    );
  });

  it('a file that is not a picture is refused with a message for the owner, and nothing of the save is written', async () => {
    const before = snapshot();
    const { method, path, body, headers } = updateCall([
      {
        path: projectFile,
        contents: `title: Should not be written\nphotos:\n  - src: ../../assets/projects/${PROJECT}/photos/1/src.jpg\n`,
      },
      { path: photoFile(1), contents: 'Just notes about the job, saved as .jpg\n' },
    ]);
    const answer = await owner.call(method, path, { body, headers });
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.text()).toBe(
      'Photo 2: that file is not a photo the site can show. Choose a photo from your phone or camera.',
    );
    expect(existsSync(join(siteDir, photoFile(1)))).toBe(false);
    expect(snapshot()).toEqual(before);
  });

  it('a path outside the editor’s files is refused, and nothing is written', async () => {
    const before = snapshot();
    for (const target of [
      'src/config/business.ts',
      'src/server/main.ts',
      'src/content/projects/../../server/main.ts',
      'src/content/pages/home.yaml',
      'src/assets/illustrations/switchboard-howick.svg',
      'package.json',
    ]) {
      const { method, path, body, headers } = updateCall([
        { path: target, contents: 'export {};\n' },
      ]);
      const answer = await owner.call(method, path, { body, headers });
      expect(answer.status, target).toBe(400);
      expect(answer.text(), target).toContain(target);
      const deletion = updateCall([], [target]);
      expect(
        (
          await owner.call(deletion.method, deletion.path, {
            body: deletion.body,
            headers: deletion.headers,
          })
        ).status,
        `deleting ${target}`,
      ).toBe(400);
    }
    expect(snapshot()).toEqual(before);
  });

  it('a save over 30 MB is refused with 413 and a message, and nothing is written', async () => {
    const before = snapshot();
    const { method, path, body, headers } = updateCall([
      { path: photoFile(2), contents: Buffer.alloc(23 * 1024 * 1024, 1) },
    ]);
    const answer = await owner.call(method, path, { body, headers });
    expect(answer.status).toBe(413);
    expect(answer.text()).toMatch(/^That is more than 30 MB in one save/);
    expect(snapshot()).toEqual(before);
  });
});

describe('every spelling of the save route', () => {
  /** The spellings Keystatic's router reads as its update (the server refuses '//' and '.' parts before any route) */
  const spellings = ['update', 'update/', '%75pdate', '%75%70%64%61%74%65/'].map(
    (spelling) => `${editorPaths.api}${spelling}`,
  );

  /** A save sent to `path`, as Keystatic's page sends one */
  function saveAt(
    path: string,
    additions: Array<{ path: string; contents: Buffer | string }>,
    deletions: string[] = [],
  ) {
    const { method, body, headers } = updateCall(additions, deletions);
    return owner.call(method, path, { body, headers });
  }

  it('meets the same checks: no file outside the editor’s, no deletion of the facts, no photo left as sent, nothing over 30 MB', async () => {
    const before = snapshot();
    const business = readFileSync(join(siteDir, 'src/content/business.json'));
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const probes: Array<{
      what: string;
      status: number;
      additions: Array<{ path: string; contents: Buffer | string }>;
      deletions?: string[];
    }> = [
      {
        what: 'a code file',
        status: 400,
        additions: [{ path: 'src/content/business.ts', contents: 'export {};\n' }],
      },
      {
        what: 'a folder beside a collection',
        status: 400,
        additions: [{ path: 'src/content/projectsx/job.yaml', contents: 'title: x\n' }],
      },
      {
        what: 'an SVG as a photo',
        status: 400,
        additions: [{ path: `${PHOTOS_DIRECTORY}/${PROJECT}/photos/0/src.svg`, contents: svg }],
      },
      {
        what: 'HTML as a photo',
        status: 400,
        additions: [{ path: `${PHOTOS_DIRECTORY}/${PROJECT}/photos/0/src.html`, contents: svg }],
      },
      {
        what: 'deleting the facts',
        status: 400,
        additions: [],
        deletions: ['src/content/business.json'],
      },
      {
        what: 'a photo no job uses',
        status: 400,
        additions: [{ path: photoFile(5), contents: await phonePhoto(400, 300) }],
      },
    ];
    for (const path of spellings) {
      for (const { what, status, additions, deletions } of probes) {
        const answer = await saveAt(path, additions, deletions);
        expect(answer.status, `${what} through ${path}`).toBe(status);
      }
      // Read as far as the limit, then refused
      const tooLarge = await owner.call('POST', path, {
        rawBody: 'a'.repeat(UPDATE_MAX_BYTES + 1024),
        headers: { 'no-cors': '1' },
      });
      expect(tooLarge.status, `over 30 MB through ${path}`).toBe(413);
    }
    expect(readFileSync(join(siteDir, 'src/content/business.json')).equals(business)).toBe(true);
    expect(snapshot()).toEqual(before);
  });

  it('a photo sent through another spelling is stored made safe, not as sent', async () => {
    const yaml = `${readFileSync(join(siteDir, projectFile), 'utf8').replace(/photos:[\s\S]*$/, '')}photos:\n  - src: ../../assets/projects/${PROJECT}/photos/0/src.jpg\n    alt: The new switchboard with every circuit labelled\n`;
    const photo = await phonePhoto(3200, 2000);
    const answer = await saveAt(`${editorPaths.api}%75pdate/`, [
      { path: projectFile, contents: yaml },
      { path: photoFile(0), contents: photo },
    ]);
    expect(answer.status, answer.text()).toBe(200);
    const facts = await sharp(readFileSync(join(siteDir, photoFile(0)))).metadata();
    expect(facts.exif).toBeUndefined();
    expect(Math.max(facts.width, facts.height)).toBe(PHOTO_MAX_SIDE);
  });

  it('any path Keystatic would not read as one of its routes is refused, and writes nothing', async () => {
    const before = snapshot();
    for (const path of [
      'UPDATE',
      'Update',
      'update%2f',
      'updates',
      'update.json',
      'blob',
      '%zz/update',
      'tree/update',
      '/update',
      './update',
      '%2e/update',
    ]) {
      const answer = await saveAt(`${editorPaths.api}${path}`, [
        { path: projectFile, contents: 'title: Changed\n' },
      ]);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
    }
    expect(snapshot()).toEqual(before);
  });
});

describe('links on the server', () => {
  it('a save never writes through a symbolic link in the content folders', async () => {
    const outside = join(makeTempDir('editor-outside'), 'target.yaml');
    writeFileSync(outside, 'untouched\n');
    const linkedEntry = 'src/content/projects/linked-job.yaml';
    symlinkSync(outside, join(siteDir, linkedEntry));
    const linkedFolder = `${PHOTOS_DIRECTORY}/linked-folder`;
    symlinkSync(dirname(outside), join(siteDir, linkedFolder));
    try {
      const throughFile = updateCall([
        { path: linkedEntry, contents: 'title: Written through a link\n' },
      ]);
      const answer = await owner.call(throughFile.method, throughFile.path, {
        body: throughFile.body,
        headers: throughFile.headers,
      });
      expect(answer.status).toBe(400);
      expect(answer.text()).toContain(linkedEntry);
      const yaml = `title: A job\nphotos:\n  - src: ../../assets/projects/linked-folder/photos/0/src.jpg\n`;
      const throughFolder = updateCall([
        { path: 'src/content/projects/linked-folder.yaml', contents: yaml },
        { path: `${linkedFolder}/photos/0/src.jpg`, contents: await phonePhoto(400, 300) },
      ]);
      const second = await owner.call(throughFolder.method, throughFolder.path, {
        body: throughFolder.body,
        headers: throughFolder.headers,
      });
      expect(second.status).toBe(400);
      expect(readFileSync(outside, 'utf8')).toBe('untouched\n');
      expect(readdirSync(dirname(outside))).toEqual(['target.yaml']);
      expect(existsSync(join(siteDir, 'src/content/projects/linked-folder.yaml'))).toBe(false);
    } finally {
      rmSync(join(siteDir, linkedEntry));
      rmSync(join(siteDir, linkedFolder));
    }
  });
});

describe('a large save', () => {
  it('is checked off the thread that serves pages: once it is in, 9 pages in 10 are answered within 100 ms and none waits a second', async () => {
    // Phone photos whose grain makes them slow to decode and large to write as PNG, over 20 MiB in all
    const noisy = await Promise.all(
      Array.from({ length: MAX_PROJECT_PHOTOS }, () => grainyPhonePhoto()),
    );
    const yaml = `${readFileSync(join(siteDir, projectFile), 'utf8').replace(/photos:[\s\S]*$/, '')}photos:\n${noisy
      .map(
        (_, index) =>
          `  - src: ../../assets/projects/${PROJECT}/photos/${index}/src.png\n    alt: Photo ${index + 1} of the job\n`,
      )
      .join('')}`;
    const { body } = updateCall([
      { path: projectFile, contents: yaml },
      ...noisy.map((contents, index) => ({
        path: `${PHOTOS_DIRECTORY}/${PROJECT}/photos/${index}/src.png`,
        contents,
      })),
    ]);
    const bytes = Buffer.from(JSON.stringify(body));
    expect(bytes.length).toBeGreaterThan(20 * 1024 * 1024);
    // A phone's upload takes minutes; here it arrives at once, so pages are timed from when it is in
    const upload = postSave(bytes);
    await upload.sent;
    let saved = false;
    void upload.answer.finally(() => (saved = true));
    const waits: number[] = [];
    while (!saved) {
      const began = performance.now();
      const page = await send(server, { method: 'GET', path: '/about' });
      waits.push(performance.now() - began);
      expect(page.status).toBe(200);
      await sleep(20);
    }
    expect(await upload.answer).toBe(200);
    expect(waits.length).toBeGreaterThan(5);
    // On a busy machine the scheduler alone holds a page up now and then; a check on this thread
    // would hold every page up for the seconds it takes
    const took = `pages took ${waits.map(Math.round).join(', ')} ms`;
    const sorted = waits.toSorted((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length * 0.9)], took).toBeLessThan(100);
    expect(sorted.at(-1), took).toBeLessThan(1000);
  });
});

/** The owner's save of `bytes`: `sent` once the body is handed to the network, `answer` its status */
function postSave(bytes: Buffer): { sent: Promise<void>; answer: Promise<number> } {
  let sent!: () => void;
  const sentPromise = new Promise<void>((resolve) => (sent = resolve));
  const answer = new Promise<number>((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: `${editorPaths.api}update`,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': bytes.length,
          'no-cors': '1',
          Origin: SITE_URL,
          Cookie: `${SESSION_COOKIE}=${owner.session}`,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(bytes, sent);
  });
  return { sent: sentPromise, answer };
}
