/**
 * The content editor's API while the site is being published: a save, by any spelling of its
 * route, is refused with 409 and a message the editor shows the owner, and nothing is written;
 * reading goes on; once the publish is over the same save goes through. Past the bytes it may
 * write in a day, a save is refused in words.
 */
import { mkdtempSync, readFileSync, rmSync, cpSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorPaths } from '../../src/lib/editor-paths.ts';
import { createEditorApi, OVER_QUOTA_MESSAGE } from '../../src/server/editor/api.ts';
import { apiRouter } from '../../src/server/http/api.ts';
import { createDailyQuota } from '../../src/server/editor/daily-quota.ts';

const SITE_URL = 'https://www.example.com';
const PROJECT = 'src/content/projects/switchboard-howick.yaml';
const siteDir = mkdtempSync(join(tmpdir(), 'editor-api-'));
let publishing = true;
let server: Server;
let origin: string;
let closeEditor: () => Promise<void>;

beforeAll(async () => {
  cpSync(
    resolve(import.meta.dirname, '../../src/content/projects'),
    join(siteDir, 'src/content/projects'),
    { recursive: true },
  );
  const { routes, close } = createEditorApi({
    siteUrl: SITE_URL,
    siteDir,
    isSignedIn: () => Promise.resolve(true),
    isPublishing: () => publishing,
  });
  const api = apiRouter(routes, { clientKey: () => 'test' });
  closeEditor = close;
  server = createServer((req, res) => void api(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.close();
  await closeEditor();
  rmSync(siteDir, { recursive: true, force: true });
});

const save = (spelling = 'update') =>
  fetch(`${origin}${editorPaths.api}${spelling}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'no-cors': '1', Origin: SITE_URL },
    body: JSON.stringify({
      additions: [
        {
          path: PROJECT,
          contents: Buffer.from('title: Changed while publishing\n').toString('base64'),
        },
      ],
      deletions: [],
    }),
  });

describe('while the site is being published', () => {
  it('a save is refused with 409 and a plain message, and nothing is written; reading goes on', async () => {
    const before = readFileSync(join(siteDir, PROJECT), 'utf8');
    // Every spelling Keystatic reads as its update
    for (const spelling of ['update', 'update/', '%75pdate', '%75pdate/']) {
      const answer = await save(spelling);
      expect(answer.status, spelling).toBe(409);
      expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(await answer.text()).toBe(
        'The site is being published. Wait until it is done, then save again.',
      );
    }
    expect(readFileSync(join(siteDir, PROJECT), 'utf8')).toBe(before);
    expect(
      (await fetch(`${origin}${editorPaths.api}tree`, { headers: { 'no-cors': '1' } })).status,
    ).toBe(200);
  });

  it('the same save goes through once the publish is over', async () => {
    publishing = false;
    expect((await save()).status).toBe(200);
    expect(readFileSync(join(siteDir, PROJECT), 'utf8')).toBe('title: Changed while publishing\n');
  });
});

describe('the daily quota', () => {
  it('refuses a save past the bytes the editor writes in a day, in words, and writes nothing of it', async () => {
    publishing = false;
    const entry = Buffer.from('title: A save within the day’s quota\n');
    const { routes, close } = createEditorApi({
      siteUrl: SITE_URL,
      siteDir,
      isSignedIn: () => Promise.resolve(true),
      isPublishing: () => false,
      bytesPerDay: entry.length + 10,
    });
    const api = apiRouter(routes, { clientKey: () => 'test' });
    const small = createServer((req, res) => void api(req, res));
    await new Promise<void>((done) => small.listen(0, '127.0.0.1', done));
    const at = `http://127.0.0.1:${(small.address() as AddressInfo).port}${editorPaths.api}update`;
    const saveText = (text: Buffer) =>
      fetch(at, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'no-cors': '1', Origin: SITE_URL },
        body: JSON.stringify({
          additions: [{ path: PROJECT, contents: text.toString('base64') }],
          deletions: [],
        }),
      });
    try {
      expect((await saveText(entry)).status).toBe(200);
      const over = await saveText(Buffer.from('title: One save too many\n'));
      expect(over.status).toBe(429);
      expect(await over.text()).toBe(OVER_QUOTA_MESSAGE);
      expect(readFileSync(join(siteDir, PROJECT))).toEqual(entry);
    } finally {
      small.close();
      await close();
    }
  });

  it('forgets what was written a day ago, by a clock that cannot jump', () => {
    let now = 0;
    const quota = createDailyQuota(100, () => now);
    quota.spend(80);
    expect(quota.remaining()).toBe(20);
    now = 24 * 60 * 60 * 1000 - 1;
    expect(quota.remaining()).toBe(20);
    now += 1;
    expect(quota.remaining()).toBe(100);
  });
});
