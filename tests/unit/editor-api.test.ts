/**
 * The content editor's API while the site is being published: a save is refused with 409 and a
 * message the editor shows the owner, and nothing is written; reading goes on; once the publish
 * is over the same save goes through.
 */
import { mkdtempSync, readFileSync, rmSync, cpSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorConfig } from '../../src/editor/config.ts';
import { editorPaths } from '../../src/lib/editor-paths.ts';
import { createEditorApi } from '../../src/server/editor/api.ts';

const SITE_URL = 'https://www.example.com';
const PROJECT = 'src/content/projects/switchboard-howick.yaml';
const siteDir = mkdtempSync(join(tmpdir(), 'editor-api-'));
let publishing = true;
let server: Server;
let origin: string;

beforeAll(async () => {
  cpSync(resolve(import.meta.dirname, '../../src/content/projects'), join(siteDir, 'src/content/projects'), { recursive: true });
  const { api } = createEditorApi({
    config: editorConfig,
    siteUrl: SITE_URL,
    siteDir,
    isSignedIn: () => Promise.resolve(true),
    isPublishing: () => publishing,
  });
  server = createServer((req, res) => void api(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  rmSync(siteDir, { recursive: true, force: true });
});

const save = () =>
  fetch(`${origin}${editorPaths.api}update`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'no-cors': '1', Origin: SITE_URL },
    body: JSON.stringify({
      additions: [{ path: PROJECT, contents: Buffer.from('title: Changed while publishing\n').toString('base64') }],
      deletions: [],
    }),
  });

describe('while the site is being published', () => {
  it('a save is refused with 409 and a plain message, and nothing is written; reading goes on', async () => {
    const before = readFileSync(join(siteDir, PROJECT), 'utf8');
    const answer = await save();
    expect(answer.status).toBe(409);
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.text()).toBe('The site is being published. Wait until it is done, then save again.');
    expect(readFileSync(join(siteDir, PROJECT), 'utf8')).toBe(before);
    expect((await fetch(`${origin}${editorPaths.api}tree`, { headers: { 'no-cors': '1' } })).status).toBe(200);
  });

  it('the same save goes through once the publish is over', async () => {
    publishing = false;
    expect((await save()).status).toBe(200);
    expect(readFileSync(join(siteDir, PROJECT), 'utf8')).toBe('title: Changed while publishing\n');
  });
});
