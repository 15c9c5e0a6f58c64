/**
 * Which build the server serves at start, and the swap: the newest complete one of DIST_DIR's and
 * the published ones, whichever was built later; a swapped-in build answers the hashed assets of
 * the one before it, and only of that one
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLiveSite, missingPages, REQUIRED_PAGES } from '../../src/server/http/live-site.ts';
import type { Site, SiteFile } from '../../src/server/http/site-files.ts';
import {
  freshBuildFolder,
  markComplete,
  newestBuild,
  publishedBuilds,
  startingBuild,
} from '../../src/server/publish/builds.ts';
import { createPublisher } from '../../src/server/publish/publisher.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function siteDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'publish-builds-'));
  dirs.push(dir);
  return dir;
}

const at = (iso: string) => new Date(iso);

/** A build at `dir` whose home page was written at `time` */
function writeBuild(dir: string, time: Date) {
  mkdirSync(join(dir, 'client'), { recursive: true });
  writeFileSync(join(dir, 'client', 'index.html'), '<!doctype html>');
  utimesSync(join(dir, 'client', 'index.html'), time, time);
}

/** A published build completed at `time` */
async function publish(site: string, time: Date, { complete = true } = {}): Promise<string> {
  const dir = await freshBuildFolder(site, time);
  writeBuild(dir, time);
  if (complete) {
    await markComplete(dir);
    utimesSync(join(dir, 'complete'), time, time);
  }
  return dir;
}

describe('the build served at start', () => {
  it("is DIST_DIR's when the developer built after the last publish (he pulled the owner's commits)", async () => {
    const site = siteDir();
    await publish(site, at('2026-11-20T10:00:00Z'));
    const dist = join(site, 'dist');
    writeBuild(dist, at('2026-11-21T09:00:00Z'));
    expect(newestBuild({ distDir: dist, siteDir: site })?.dir).toBe(dist);
  });

  it('is the last publish when it came after the developer’s build', async () => {
    const site = siteDir();
    const dist = join(site, 'dist');
    writeBuild(dist, at('2026-11-21T09:00:00Z'));
    await publish(site, at('2026-11-20T10:00:00Z'));
    const latest = await publish(site, at('2026-11-22T08:00:00Z'));
    expect(newestBuild({ distDir: dist, siteDir: site })?.dir).toBe(latest);
  });

  it('is never a publish that did not complete', async () => {
    const site = siteDir();
    const dist = join(site, 'dist');
    writeBuild(dist, at('2026-11-21T09:00:00Z'));
    await publish(site, at('2026-11-23T08:00:00Z'), { complete: false });
    expect(newestBuild({ distDir: dist, siteDir: site })?.dir).toBe(dist);
    expect(publishedBuilds(site)).toEqual([]);
  });

  it('is none when there is no build at all', () => {
    const site = siteDir();
    expect(newestBuild({ distDir: join(site, 'dist'), siteDir: site })).toBeNull();
  });

  it('keeps the one before it on disk and removes the older and unfinished ones', async () => {
    const site = siteDir();
    const oldest = await publish(site, at('2026-11-18T08:00:00Z'));
    const before = await publish(site, at('2026-11-19T08:00:00Z'));
    const unfinished = await publish(site, at('2026-11-20T08:00:00Z'), { complete: false });
    const latest = await publish(site, at('2026-11-21T08:00:00Z'));
    const chosen = startingBuild({ SITE_DIR: site, DIST_DIR: join(site, 'dist') });
    expect(chosen?.dir).toBe(latest);
    expect(publishedBuilds(site).map((build) => build.dir)).toEqual([latest, before]);
    expect([oldest, unfinished, before, latest].map((dir) => existsSync(dir))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});

/** A site of the given paths, each file named after the build it is from */
function fakeSite(build: string, paths: readonly string[]): Site {
  const file = (path: string): SiteFile => ({
    absolutePath: `/${build}${path}`,
    contentType: 'text/html; charset=utf-8',
    size: 1,
    mtime: new Date(0),
    lastModified: new Date(0).toUTCString(),
    etag: `"${build}"`,
    bodies: {
      identity: { coding: null, path: `/${build}${path}`, size: 1, etag: `"${build}"` },
    },
    status: 200,
    cacheControl: 'no-cache',
  });
  return {
    files: new Map(paths.map((path) => [path, file(path)])),
    isPage: () => true,
    readPage: async () => null,
  };
}

describe('the live site', () => {
  it('swaps to the new build at once, still answering the hashed assets of the one before', () => {
    const first = fakeSite('first', [...REQUIRED_PAGES, '/_astro/first.js', '/old-page']);
    const second = fakeSite('second', [...REQUIRED_PAGES, '/_astro/second.js']);
    const third = fakeSite('third', [...REQUIRED_PAGES, '/_astro/third.js']);
    const live = createLiveSite(first);
    live.swap(second);
    const served = live.current;
    expect(served.files.get('/')?.absolutePath).toBe('/second/');
    expect(served.files.get('/_astro/first.js')?.absolutePath).toBe('/first/_astro/first.js');
    // A page the new build dropped is gone at once: only hashed assets are carried over
    expect(served.files.has('/old-page')).toBe(false);
    live.swap(third);
    expect(live.current.files.has('/_astro/second.js')).toBe(true);
    expect(live.current.files.has('/_astro/first.js')).toBe(false);
    // A request that read the site before the swap keeps its own
    expect(served.files.get('/')?.absolutePath).toBe('/second/');
  });

  it('names the pages a build lacks that the server needs', () => {
    expect(missingPages(fakeSite('bad', ['/', '/_astro/x.js']))).toEqual(
      REQUIRED_PAGES.filter((path) => path !== '/'),
    );
    expect(missingPages(fakeSite('good', REQUIRED_PAGES))).toEqual([]);
  });
});

describe('the publisher', () => {
  it('does not begin while the editor is writing a save, and begins once it is written', async () => {
    let saving = true;
    const publisher = createPublisher({
      siteDir: siteDir(),
      live: createLiveSite(fakeSite('served', REQUIRED_PAGES)),
      servedDir: '/served',
      authorEmail: 'owner@example.com',
      isSaving: () => saving,
      log: () => {},
      checkTimeoutMs: 1,
    });
    const refused = publisher.publish();
    expect(refused).toMatchObject({ started: false, status: 409 });
    expect(refused.started || refused.error).toMatch(/being saved/);
    expect(publisher.isBusy()).toBe(false);
    saving = false;
    expect(publisher.publish().started).toBe(true);
    await publisher.idle();
    // Not a checkout with the site's sources: the publish fails, and the site served stays
    expect(publisher.status().last?.ok).toBe(false);
  });
});
