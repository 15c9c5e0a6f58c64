/**
 * The owner's finished jobs, tried from outside against the real server on a copy of the site's
 * source (SITE_DIR): without a live session every job route answers 401 and writes nothing; a
 * change from another origin is refused with 403; a job the projects' schema refuses is refused
 * naming the field by the label his form shows, and writes nothing; a good one, with a photo sent
 * on its own first, is written where the editor writes projects, valid against the same schema,
 * its photo upright and without its hidden details; the home page's order moves only the jobs on
 * it, between the positions they held.
 */
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createReader } from '@keystatic/core/reader';
import { editorConfig } from '../../src/editor/forms.ts';
import { PHOTOS_DIRECTORY, projectSchema } from '../../src/lib/content-schemas.ts';
import { fieldLabels } from '../../src/lib/field-labels.ts';
import { PHOTO_MAX_SIDE } from '../../src/server/editor/photos.ts';
import { ownerPaths, type JobsBody, type PhotoUploaded } from '../../src/lib/owner-api.ts';
import { fileHashes } from '../support/file-hashes.ts';
import { makeInvite } from '../support/owner-invite.ts';
import { ownerClient } from '../support/owner.ts';
import { phonePhoto } from '../support/phone-photo.ts';
import {
  makeTempDir,
  repoRoot,
  requireBuild,
  startServer,
  type RunningServer,
} from '../support/server.ts';

requireBuild();

const SITE_URL = 'https://www.example.com';
const projects = 'src/content/projects';

let server: RunningServer;
let siteDir: string;
let owner: ReturnType<typeof ownerClient>;

/** Every file of the copy of the site's source, with its content's hash */
const snapshot = () => fileHashes(siteDir, join(siteDir, 'src'));

const job = {
  title: 'Outdoor sockets for a Howick deck',
  suburb: 'Howick',
  category: 'Residential',
  description:
    'The owners wanted power on their new deck for a heater and festoon lights. We ran a cable from the switchboard and fitted two weatherproof double sockets on their own RCD.',
  featured: true,
  focus: { x: 30, y: 80 },
  photos: [] as Array<{ upload: string; alt: string }>,
};

/** A project's file as the editor (and its YAML) reads it */
const readProject = async (name: string) =>
  (await createReader(siteDir, editorConfig).collections['projects']!.read(name)) as Record<
    string,
    unknown
  >;

beforeAll(async () => {
  siteDir = makeTempDir('jobs-site');
  cpSync(join(repoRoot, 'src'), join(siteDir, 'src'), { recursive: true });
  const leadsDb = `${makeTempDir('jobs')}/leads.sqlite`;
  server = await startServer({ leadsDb, env: { SITE_URL, TRUST_PROXY: '1', SITE_DIR: siteDir } });
  owner = ownerClient(server, SITE_URL);
  const { token } = await makeInvite(leadsDb, SITE_URL);
  expect((await owner.enrol(token, 'Phone')).status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
});

describe('the job routes', () => {
  it('answer 401 without a session and write nothing', async () => {
    const before = snapshot();
    const calls: Array<[string, string, unknown]> = [
      ['GET', ownerPaths.jobs, undefined],
      ['POST', ownerPaths.jobs, job],
      ['GET', '/api/owner/jobs/switchboard-howick', undefined],
      ['PUT', '/api/owner/jobs/switchboard-howick', job],
      ['GET', '/api/owner/jobs/switchboard-howick/photos/0', undefined],
      ['POST', ownerPaths.jobsOrder, { ids: ['switchboard-howick'] }],
    ];
    for (const [method, path, body] of calls) {
      const answer = await owner.call(method, path, { body, session: null });
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(answer.text(), `${method} ${path}`).not.toContain('Switchboard');
    }
    const upload = await owner.call('POST', ownerPaths.jobUploads, {
      rawBody: await phonePhoto(800, 600),
      contentType: 'image/jpeg',
      session: null,
    });
    expect(upload.status).toBe(401);
    expect(snapshot()).toEqual(before);
  });

  it('refuse a change from another origin with 403 and write nothing', async () => {
    const before = snapshot();
    for (const [method, path, body] of [
      ['POST', ownerPaths.jobs, job],
      ['PUT', '/api/owner/jobs/switchboard-howick', job],
      ['POST', ownerPaths.jobsOrder, { ids: ['switchboard-howick'] }],
    ] as const) {
      const answer = await owner.call(method, path, { body, origin: 'https://evil.example' });
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
    expect(snapshot()).toEqual(before);
  });

  it('refuse a job the projects’ schema does not take, naming the field by his form’s label', async () => {
    const before = snapshot();
    const schema = projectSchema(z.string);
    const answer = await owner.call('POST', ownerPaths.jobs, { body: { ...job, title: 'Fan' } });
    expect(answer.status).toBe(400);
    const body = JSON.parse(answer.text()) as { errors: Array<{ message: string }>; field: string };
    expect(body.field).toBe('title');
    expect(body.errors[0]!.message).toBe(
      `${fieldLabels(schema, 'title')!.join(' › ')} must be at least 5 characters`,
    );
    const noWords = await owner.call('POST', ownerPaths.jobs, {
      body: { ...job, description: 'Fixed it.' },
    });
    expect(noWords.status).toBe(400);
    expect((JSON.parse(noWords.text()) as { field: string }).field).toBe('description');
    expect(noWords.text()).toContain(fieldLabels(schema, 'description')![0]!);
    expect(snapshot()).toEqual(before);
  });

  it('write a good job with its photo where the editor does, valid against the projects’ schema', async () => {
    const sent = await owner.call('POST', ownerPaths.jobUploads, {
      rawBody: await phonePhoto(3000, 2000),
      contentType: 'image/jpeg',
    });
    expect(sent.status).toBe(201);
    const { upload } = JSON.parse(sent.text()) as PhotoUploaded;
    const answer = await owner.call('POST', ownerPaths.jobs, {
      body: { ...job, photos: [{ upload, alt: 'Two weatherproof sockets on a deck post' }] },
    });
    expect(answer.status).toBe(201);
    const { id } = JSON.parse(answer.text()) as { id: string };
    expect(id).toBe('outdoor-sockets-for-a-howick-deck');

    const stored = await readProject(id);
    const parsed = projectSchema(z.string).parse(stored);
    expect(parsed).toMatchObject({
      title: job.title,
      suburb: job.suburb,
      category: job.category,
      featured: true,
      focus: job.focus,
      photos: [{ alt: 'Two weatherproof sockets on a deck post' }],
    });
    const photo = join(siteDir, projects, String(parsed.photos[0]!.src));
    expect(photo).toBe(join(siteDir, PHOTOS_DIRECTORY, id, 'photos/0/src.jpg'));
    const metadata = await sharp(readFileSync(photo)).metadata();
    // The test photo is stored sideways with EXIF saying to turn it: upright now, and no EXIF left
    expect([metadata.width, metadata.height]).toEqual([
      (2000 * PHOTO_MAX_SIDE) / 3000,
      PHOTO_MAX_SIDE,
    ]);
    expect(metadata.exif).toBeUndefined();
    // First in the site's lists, and first in his
    const list = JSON.parse((await owner.call('GET', ownerPaths.jobs)).text()) as JobsBody;
    expect(list.jobs[0]).toMatchObject({ id, title: job.title, photoCount: 1 });
    expect(list.suburbs).toContain('Howick');

    // Changed: the title and the crop, the photo kept where it is
    const changed = await owner.call('PUT', `/api/owner/jobs/${id}`, {
      body: {
        ...job,
        title: 'Deck sockets in Howick',
        focus: { x: 50, y: 12 },
        photos: [{ kept: 0, alt: 'Two weatherproof sockets on a deck post' }],
      },
    });
    expect(changed.status).toBe(200);
    expect(await readProject(id)).toMatchObject({
      title: 'Deck sockets in Howick',
      focus: { x: 50, y: 10 },
    });
    expect(existsSync(photo)).toBe(true);
  });

  it('set the home page’s order among the jobs on it, leaving every other where it was', async () => {
    const list = JSON.parse((await owner.call('GET', ownerPaths.jobs)).text()) as JobsBody;
    const orders = async (ids: string[]) =>
      Promise.all(ids.map(async (id) => Number((await readProject(id))['order'])));
    const home = list.jobs.filter((entry) => entry.featured).map((entry) => entry.id);
    const others = list.jobs.filter((entry) => !entry.featured).map((entry) => entry.id);
    const positions = await orders(home);
    const otherPositions = await orders(others);
    const reversed = [...home].reverse();
    const answer = await owner.call('POST', ownerPaths.jobsOrder, { body: { ids: reversed } });
    expect(answer.status).toBe(200);
    expect(await orders(reversed)).toEqual(positions);
    expect(await orders(others)).toEqual(otherPositions);
    const after = (JSON.parse(answer.text()) as JobsBody).jobs.filter((entry) => entry.featured);
    expect(after.map((entry) => entry.id)).toEqual(reversed);
  });
});
