/**
 * A closure comes and goes by itself: on the fixture site (tests/support/publish-site.ts, whose
 * stand-in Astro writes on every page what the real src/lib/availability.ts says for the day the
 * server builds for), with the publisher and the closure schedule of the server on a fake clock
 * and timer. The owner publishes a closure from yesterday to tomorrow; the pages show its notice
 * and no emergency promise; the clock jumps past its end and the one timer fires late, as after a
 * sleep; the site is built again for the new day without anyone publishing, with neither, nothing
 * committed, and his unpublished change kept out of it and still there. A server that starts
 * during the closure with a build from before it builds again at once.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availabilityOn,
  addDays,
  dayAfter,
  emergencyHelpWords,
  type AvailabilityFacts,
} from '../../src/lib/availability.ts';
import { createLiveSite, type LiveSite } from '../../src/server/http/live-site.ts';
import { openSite } from '../../src/server/http/site-files.ts';
import {
  startClosureSchedule,
  type ClosureSchedule,
} from '../../src/server/publish/closure-schedule.ts';
import { BUSINESS_FILE } from '../../src/server/publish/content-paths.ts';
import { createPublisher, type Publisher } from '../../src/server/publish/publisher.ts';
import { nzDayStart } from '../../src/server/support/days.ts';
import { copyPublishSite } from '../support/publish-site.ts';
import { makeTempDir, repoRoot, sleep } from '../support/server.ts';

const TODAY = '2026-12-24';
const PROJECT = 'src/content/projects/switchboard-howick.yaml';
/** The business facts as the site ships them, read from src/content */
const shipped = JSON.parse(
  readFileSync(join(repoRoot, BUSINESS_FILE), 'utf8'),
) as AvailabilityFacts & Record<string, unknown>;
const closure = { from: addDays(TODAY, -1), to: dayAfter(TODAY), emergencies: false };
const facts = { ...shipped, closure };

let site: string;
let live: LiveSite;
let publisher: Publisher;
let schedule: ClosureSchedule;
/** The fake clock, at ten in the morning of TODAY in New Zealand */
let clock = new Date(nzDayStart(TODAY).getTime() + 10 * 3_600_000);
/** The one timer the schedule keeps waiting: its callback and when it is due */
let timer: { callback: () => void; at: number } | undefined;
const logged: string[] = [];

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: site, encoding: 'utf8' }).trim();
const home = async () => (await live.current.readPage('/'))!.html;
const noticeOf = (html: string) => /<p data-site-notice="">([^<]*)<\/p>/.exec(html)?.[1];
const emergencyLineOf = (html: string) => /<p data-emergency-line="">([^<]*)<\/p>/.exec(html)?.[1];
const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);

async function until(condition: () => Promise<boolean> | boolean, what: string) {
  const deadline = Date.now() + 30_000;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${what}: ${logged.join('\n')}`);
    await sleep(100);
  }
}

beforeAll(async () => {
  site = join(makeTempDir('closure'), 'site');
  copyPublishSite(site);
  // What was served before: a page of its own, built for no known day
  const served = join(site, 'served');
  mkdirSync(join(served, 'client'), { recursive: true });
  writeFileSync(join(served, 'client', 'index.html'), '<!doctype html><title>Before</title>');
  live = createLiveSite(await openSite(join(served, 'client')));
  publisher = createPublisher({
    siteDir: site,
    live,
    servedDir: served,
    authorEmail: 'owner@example.com',
    now: () => clock,
    log: (message, error) =>
      logged.push(`${message} ${error instanceof Error ? error.message : ''}`),
    logOutput: (text) => logged.push(text),
  });
  schedule = startClosureSchedule({
    publisher,
    now: () => clock,
    setTimer: (callback, ms) => {
      const set = { callback, at: clock.getTime() + ms };
      timer = set;
      return () => {
        if (timer === set) timer = undefined;
      };
    },
    log: (message) => logged.push(message),
  });
});

afterAll(() => {
  schedule.close();
  publisher.stop();
});

describe('a closure from yesterday to tomorrow', () => {
  it('shows on the pages once published, and says no emergency help is offered meanwhile', async () => {
    writeFileSync(join(site, BUSINESS_FILE), `${JSON.stringify(facts, null, 2)}\n`);
    expect(publisher.publish().started).toBe(true);
    await publisher.idle();
    expect(publisher.status().last, logged.join('\n')).toMatchObject({ ok: true });
    const html = await home();
    const said = availabilityOn(facts, TODAY);
    expect(said.notice).not.toBe('');
    expect(noticeOf(html)).toBe(escapeHtml(said.notice));
    expect(emergencyLineOf(html)).toBe(escapeHtml(emergencyHelpWords(said)));
    expect(emergencyLineOf(html)).not.toMatch(/24\/7|emergency help/i);
  });

  it('goes by itself after its last day: the site is built again without anyone publishing', async () => {
    await schedule.check();
    // Nothing to do on a day of the closure: the schedule waits, no longer than an hour
    expect(timer).toBeDefined();
    expect(timer!.at - clock.getTime()).toBeLessThanOrEqual(60 * 60_000);
    const commits = git('rev-list', '--count', 'HEAD');
    // An unpublished change of the owner's waits meanwhile
    const changedTitle = readFileSync(join(site, PROJECT), 'utf8').replace(
      /^title: .*$/m,
      'title: "Not published yet"',
    );
    writeFileSync(join(site, PROJECT), changedTitle);

    // The machine sleeps through the end of the closure; its timer fires late, once
    clock = new Date(nzDayStart(dayAfter(closure.to)).getTime() + 7 * 3_600_000);
    timer!.callback();
    await until(() => publisher.liveDay() === dayAfter(closure.to), 'the build for the new day');
    await publisher.idle();

    const html = await home();
    const after = availabilityOn(facts, dayAfter(closure.to));
    expect(noticeOf(html)).toBeUndefined();
    expect(emergencyLineOf(html)).toBe(escapeHtml(emergencyHelpWords(after)));
    expect(html).not.toContain(escapeHtml(closure.to));
    expect((await live.current.readPage('/projects'))!.html).not.toContain('Not published yet');
    // Nothing committed, and his change still waiting in the checkout
    expect(git('rev-list', '--count', 'HEAD')).toBe(commits);
    expect(readFileSync(join(site, PROJECT), 'utf8')).toBe(changedTitle);
    expect(await publisher.pending()).toEqual([expect.stringMatching(/^Changed project/)]);
    expect(git('stash', 'list')).toBe('');

    // Then a check finds nothing to do until the next one, at most an hour away
    await schedule.check();
    expect(publisher.status().running).toBeNull();
  });

  it('shows again at once when a server starts on one of its days with a build from before it', async () => {
    writeFileSync(join(site, PROJECT), git('show', `HEAD:${PROJECT}`) + '\n');
    clock = new Date(nzDayStart(TODAY).getTime() + 10 * 3_600_000);
    const restarted = createPublisher({
      siteDir: site,
      live,
      servedDir: join(site, 'served'),
      authorEmail: 'owner@example.com',
      servedDay: addDays(closure.from, -1),
      now: () => clock,
      log: (message) => logged.push(message),
      logOutput: (text) => logged.push(text),
    });
    const started = startClosureSchedule({
      publisher: restarted,
      now: () => clock,
      setTimer: () => () => undefined,
      log: (message) => logged.push(message),
    });
    try {
      await started.check();
      expect(restarted.liveDay()).toBe(TODAY);
      expect(noticeOf(await home())).toBe(escapeHtml(availabilityOn(facts, TODAY).notice));
    } finally {
      started.close();
      restarted.stop();
    }
  });
});
