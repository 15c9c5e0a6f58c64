/**
 * How long a body may take to arrive, tried over a raw socket against the site server with a
 * short deadline: a body that trickles in past the deadline has its connection closed and its
 * handler finds it broken off, while one that arrives in time is read; the owner's save, once his
 * session and Origin pass, may take longer than a visitor's form, so photos sent over a weak
 * signal arrive.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/config/routes.ts';
import { editorPaths } from '../../src/lib/editor-paths.ts';
import {
  startEditorSite,
  ownersSave,
  postHead,
  trickle,
  type EditorSite,
} from '../support/editor-site.ts';
import { FORM } from '../support/form-bodies.ts';
import { requireBuild } from '../support/server.ts';

requireBuild();

const DEADLINE_MS = 400;
const PROJECT = 'src/content/projects/switchboard-howick.yaml';

let site: EditorSite;

beforeAll(async () => {
  site = await startEditorSite(DEADLINE_MS);
});

afterAll(() => site.close());

describe('a body that takes too long', () => {
  it('has its connection closed at the deadline, and its handler finds it broken off', async () => {
    const body = Buffer.alloc(2000, 'x');
    const { received, cutOff } = await trickle(
      site.port,
      postHead(apiPaths.leads, FORM, body.length),
      body,
      20,
      DEADLINE_MS * 4,
    );
    expect(cutOff).toBe(true);
    expect(received).toBe('');
    await expect.poll(() => site.quoteReads.at(-1)).toBe('unreadable');
  });

  it('while one that arrives in time is read in full', async () => {
    const body = Buffer.alloc(2000, 'x');
    const { received, cutOff } = await trickle(
      site.port,
      postHead(apiPaths.leads, FORM, body.length),
      body,
      4,
      DEADLINE_MS / 2,
    );
    expect(cutOff).toBe(false);
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(site.quoteReads.at(-1)).toBe(`read ${body.length} bytes`);
  });
});

describe('the owner’s save', () => {
  it('may take longer than a visitor’s form, and is written', async () => {
    const title = 'Switchboard upgrade sent over a weak signal';
    const contents = readFileSync(join(site.siteDir, PROJECT), 'utf8').replace(
      /^title: .*$/m,
      `title: ${title}`,
    );
    const body = ownersSave([{ path: PROJECT, contents }]);
    const head = postHead(`${editorPaths.api}update`, 'application/json', body.length, true);
    const { received, cutOff } = await trickle(site.port, head, body, 10, DEADLINE_MS * 4);
    expect(cutOff).toBe(false);
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(readFileSync(join(site.siteDir, PROJECT), 'utf8')).toContain(`title: ${title}`);
  });
});
