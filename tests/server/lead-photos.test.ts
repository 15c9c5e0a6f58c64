/**
 * Photos with the full quote request, posted as a browser without JavaScript posts them (plain
 * multipart, the phone's own file) to the real server: kept beside the database shrunk to the
 * limit, upright, with no metadata; told to the owner as a count with the link, never attached;
 * shown only to his session; deleted with their request; in the backup. What must not be kept is
 * refused in words the visitor can act on, and nothing of it is stored.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/config/routes.ts';
import { ownerPaths, withId, type LeadBody } from '../../src/lib/owner-api.ts';
import {
  PHOTO_FIELD,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_EDGE,
  PHOTO_THUMBNAIL_EDGE,
  PHOTO_REQUEST_MAX_BYTES,
  PHOTOS_MAX,
} from '../../src/lib/photos.ts';
import { PHOTOS_FOLDER } from '../../src/server/db/lead-photos.ts';
import { THANKS_PATH } from '../../src/server/leads/responses.ts';
import { vapidKeysPath } from '../../src/server/notify/push-keys.ts';
import { HEIC_START, HTML_AS_JPEG, pngBomb, truncated } from '../support/bad-photos.ts';
import { multipartWithFiles, type FilePart } from '../support/form-bodies.ts';
import { quoteFormFields } from '../support/leads.ts';
import { makeInvite } from '../support/owner-invite.ts';
import { ownerClient } from '../support/owner.ts';
import { grainyPhonePhoto, phonePhoto, BLUE, RED } from '../support/phone-photo.ts';
import { startReceiver } from '../support/script-helpers.ts';
import {
  makeTempDir,
  rawExchange,
  repoRoot,
  requireBuild,
  send,
  startServer,
  type RunningServer,
} from '../support/server.ts';

requireBuild();

const SITE_URL = 'https://www.example.com';
const FIELDS = quoteFormFields({ message: 'The switchboard is buzzing; photos attached.' });

let server: RunningServer;
let leadsDb: string;
let photosFolder: string;
let webhook: Awaited<ReturnType<typeof startReceiver>>;
let owner: ReturnType<typeof ownerClient>;
let phoneJpeg: Buffer;

const photo = (bytes: Buffer, filename = 'IMG_0001.jpg', type = 'image/jpeg'): FilePart => ({
  name: PHOTO_FIELD,
  filename,
  type,
  bytes,
});

/** A native post of the quote form with `files`: the page's HTML answer unless `json` */
function post(files: readonly FilePart[], { json = false, fields = FIELDS } = {}) {
  const { body, contentType } = multipartWithFiles(fields, files);
  return send(server, {
    method: 'POST',
    path: apiPaths.leads,
    headers: {
      'Content-Type': contentType,
      Origin: SITE_URL,
      'X-Forwarded-For': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      ...(json ? { Accept: 'application/json' } : { Accept: 'text/html' }),
    },
    body,
    timeoutMs: 60_000,
  });
}

/** Every file under the photos folder, staged ones included */
function storedFiles(): string[] {
  if (!existsSync(photosFolder)) return [];
  return readdirSync(photosFolder, { recursive: true, encoding: 'utf8' }).sort();
}

async function leadIds(): Promise<number[]> {
  const answer = await owner.call('GET', ownerPaths.leads);
  return (owner.json(answer)['leads'] as Array<{ id: number }>).map(({ id }) => id);
}

/** The colour at a point of a JPEG, given as fractions of its width and height */
async function colourAt(jpeg: Buffer, x: number, y: number) {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const offset =
    (Math.floor(y * info.height) * info.width + Math.floor(x * info.width)) * info.channels;
  return { r: data[offset]!, g: data[offset + 1]!, b: data[offset + 2]! };
}

const near = (colour: { r: number; b: number }, expected: { r: number; b: number }) =>
  Math.abs(colour.r - expected.r) < 50 && Math.abs(colour.b - expected.b) < 50;

beforeAll(async () => {
  webhook = await startReceiver();
  leadsDb = join(makeTempDir('photos'), 'leads.sqlite');
  photosFolder = join(leadsDb, '..', PHOTOS_FOLDER);
  server = await startServer({
    leadsDb,
    env: { SITE_URL, TRUST_PROXY: '1', LEADS_WEBHOOK_URL: `${webhook.origin}/hook` },
  });
  owner = ownerClient(server, SITE_URL);
  const { token } = await makeInvite(leadsDb, SITE_URL);
  expect((await owner.enrol(token)).status).toBe(200);
  phoneJpeg = await grainyPhonePhoto();
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await webhook?.close();
});

describe('a quote request with photos, posted without JavaScript', () => {
  let id: number;

  it('is stored with each photo upright, at most 2,048 px, and with no EXIF or place', async () => {
    expect(phoneJpeg.length).toBeGreaterThan(2 * 1024 * 1024);
    const answer = await post([photo(phoneJpeg), photo(await phonePhoto(1200, 800), 'b.jpg')]);
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(THANKS_PATH);

    id = (await leadIds())[0]!;
    expect(storedFiles()).toEqual([String(id), `${id}/1.jpg`, `${id}/2.jpg`]);
    const stored = readFileSync(join(photosFolder, String(id), '1.jpg'));
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('jpeg');
    // 4,000 × 3,000 stored sideways with orientation 6: upright it stands 3,000 × 4,000
    expect(metadata.height).toBe(PHOTO_MAX_EDGE);
    expect(metadata.width).toBe(PHOTO_MAX_EDGE * 0.75);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
    // Turned upright: the left (red) half of the sideways pixels is now the top
    expect(near(await colourAt(stored, 0.5, 0.1), RED)).toBe(true);
    expect(near(await colourAt(stored, 0.5, 0.9), BLUE)).toBe(true);
  });

  it('tells the owner "2 photos" with the link to the request, never the photos', async () => {
    await expect.poll(() => webhook.hits.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const hit = webhook.hits.find((found) => found.body.includes(FIELDS.name))!;
    const body = JSON.parse(hit.body) as Record<string, unknown>;
    expect(body['photosText']).toBe('2 photos');
    expect(body['ownerUrl']).toBe(`${SITE_URL}/owner#lead/${id}`);
    expect(hit.body.length).toBeLessThan(4096);
  });

  it('shows the photos to the owner’s session alone, never kept by a cache', async () => {
    const lead = (
      owner.json(await owner.call('GET', withId(ownerPaths.lead, id))) as unknown as LeadBody
    ).lead;
    expect(lead.photos).toHaveLength(2);
    const [first] = lead.photos;
    const signedOut = await owner.call('GET', first!.url, { session: null });
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers['content-type']).not.toContain('image');

    const shown = await owner.call('GET', first!.url);
    expect(shown.status).toBe(200);
    expect(shown.headers['content-type']).toBe('image/jpeg');
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.body.equals(readFileSync(join(photosFolder, String(id), '1.jpg')))).toBe(true);
    expect((await owner.call('GET', first!.url.replace('/photos/1', '/photos/3'))).status).toBe(
      404,
    );
  });

  it('shows each photo small for its thumbnail, made once and kept beside it', async () => {
    const lead = (
      owner.json(await owner.call('GET', withId(ownerPaths.lead, id))) as unknown as LeadBody
    ).lead;
    const thumbnail = lead.photos[0]!.thumbnailUrl;
    expect((await owner.call('GET', thumbnail, { session: null })).status).toBe(401);

    const shown = await owner.call('GET', thumbnail);
    expect(shown.status).toBe(200);
    expect(shown.headers['content-type']).toBe('image/jpeg');
    expect(shown.headers['cache-control']).toBe('no-store');
    const { width, height } = await sharp(shown.body).metadata();
    expect(Math.max(width, height)).toBe(PHOTO_THUMBNAIL_EDGE);
    expect(shown.body.length).toBeLessThan(
      readFileSync(join(photosFolder, String(id), '1.jpg')).length / 4,
    );
    expect(storedFiles()).toContain(`${id}/1-small.jpg`);
    expect((await owner.call('GET', thumbnail)).body.equals(shown.body)).toBe(true);
  });

  it('is in the backup with its photos', async () => {
    const backup = join(makeTempDir('photo-backup'), 'leads-backup.sqlite');
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/backup.ts', backup], {
      cwd: repoRoot,
      env: { ...process.env, LEADS_DB: leadsDb },
    });
    expect(stdout).toContain('2 photos');
    // Thumbnails are made again when he looks: the photos alone are kept
    expect(readdirSync(join(`${backup}-photos`, String(id))).sort()).toEqual(['1.jpg', '2.jpg']);
    expect(readFileSync(join(`${backup}-photos`, String(id), '2.jpg')).length).toBeGreaterThan(0);
    // And the push keys, private to the file's owner: new ones would end every device's push
    const keys = `${backup}-vapid-keys.json`;
    expect(readFileSync(keys, 'utf8')).toBe(readFileSync(vapidKeysPath(leadsDb), 'utf8'));
    expect(statSync(keys).mode & 0o777).toBe(0o600);
  });

  it('loses its photos with it when the owner deletes it', async () => {
    const photoUrl = `${withId(ownerPaths.lead, id)}/photos/1`;
    expect((await owner.call('DELETE', withId(ownerPaths.lead, id))).status).toBe(204);
    expect(storedFiles()).toEqual([]);
    expect((await owner.call('GET', photoUrl)).status).toBe(404);
  });
});

describe('a quote request without photos', () => {
  it('posted with the photo input left empty (as browsers send it), is stored with none', async () => {
    const empty = { ...photo(Buffer.alloc(0), '', 'application/octet-stream') };
    const answer = await post([empty]);
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(THANKS_PATH);
    const lead = (
      owner.json(
        await owner.call('GET', withId(ownerPaths.lead, (await leadIds())[0]!)),
      ) as unknown as LeadBody
    ).lead;
    expect(lead).toMatchObject({ name: FIELDS.name, photos: [], photosNotKept: 0 });
    expect(storedFiles()).toEqual([]);
  });
});

describe('photos that must not be kept', () => {
  const refusals: Array<[string, () => Promise<FilePart[]>, number, RegExp]> = [
    [
      'a PNG bomb (a tiny file of a gigapixel)',
      async () => [photo(pngBomb(), 'bomb.png', 'image/png')],
      422,
      /too many pixels/,
    ],
    [
      'a JPEG cut short',
      async () => [photo(truncated(await phonePhoto()))],
      422,
      /damaged or incomplete/,
    ],
    [
      'a web page named .jpg',
      async () => [photo(HTML_AS_JPEG, 'switchboard.jpg')],
      422,
      /is not a photo/,
    ],
    [
      'a HEIC from a Mac',
      async () => [photo(HEIC_START, 'IMG_0002.heic', 'image/heic')],
      422,
      /Please send photos as JPEG/,
    ],
    [
      `${PHOTOS_MAX + 1} photos`,
      async () =>
        Array.from({ length: PHOTOS_MAX + 1 }, (_, index) =>
          photo(phoneJpeg.subarray(0, 1000), `${index}.jpg`),
        ),
      422,
      new RegExp(`at most ${PHOTOS_MAX} photos`),
    ],
    [
      'a photo over the size limit',
      async () => [
        photo(Buffer.concat([phoneJpeg.subarray(0, 4), Buffer.alloc(PHOTO_MAX_BYTES + 1)])),
      ],
      413,
      /over 10 MB/,
    ],
  ];

  for (const [label, files, status, words] of refusals) {
    it(`refuses ${label} in plain words, and stores nothing`, async () => {
      const before = await leadIds();
      const answer = await post(await files(), { json: true });
      expect(answer.status).toBe(status);
      const { errors } = JSON.parse(answer.text()) as { errors: Array<{ message: string }> };
      expect(errors.map(({ message }) => message).join(' ')).toMatch(words);
      expect(await leadIds()).toEqual(before);
      expect(storedFiles()).toEqual([]);
      await expectStillServing();
    });
  }

  it('refuses a whole request over the limit before storing anything, and says so on a page', async () => {
    const before = await leadIds();
    const eightMb = Buffer.concat([phoneJpeg.subarray(0, 4), Buffer.alloc(8 * 1024 * 1024)]);
    const { body, contentType } = multipartWithFiles(
      FIELDS,
      Array.from({ length: 4 }, (_, index) => photo(eightMb, `${index}.jpg`)),
    );
    expect(body.length).toBeGreaterThan(PHOTO_REQUEST_MAX_BYTES);
    const answer = await rawPost(server.port, contentType, body);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain('Please send fewer or smaller photos');
    expect(await leadIds()).toEqual(before);
    expect(storedFiles()).toEqual([]);
  });
});

describe('a photo upload that breaks off', () => {
  const upload = async () => {
    const { body, contentType } = multipartWithFiles(FIELDS, [photo(phoneJpeg)]);
    return { contentType, body, cut: body.subarray(0, body.indexOf(phoneJpeg) + 1000) };
  };
  const head = (contentType: string, length: number) =>
    `POST ${apiPaths.leads} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${SITE_URL}\r\n` +
    `Accept: application/json\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\n\r\n`;

  it('ending inside a photo is refused with 400, and the site goes on serving', async () => {
    const before = await leadIds();
    const { contentType, cut } = await upload();
    const exchange = await rawExchange(server.port, [head(contentType, cut.length), cut], {
      timeoutMs: 10_000,
    });
    expect(exchange.statuses).toEqual([400]);
    expect(await leadIds()).toEqual(before);
    expect(storedFiles()).toEqual([]);
    await expectStillServing();
  });

  it('dropped by the phone mid-photo stores nothing, and the site goes on serving', async () => {
    const before = await leadIds();
    const { contentType, body, cut } = await upload();
    const socket = connect(server.port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise((connected) => socket.once('connect', connected));
    socket.write(head(contentType, body.length));
    socket.write(cut);
    await new Promise((wait) => setTimeout(wait, 300));
    socket.destroy();
    await expectStillServing();
    expect(await leadIds()).toEqual(before);
    expect(storedFiles()).toEqual([]);
  });
});

/** The server process is still running a moment later, and answers a page */
async function expectStillServing() {
  await new Promise((wait) => setTimeout(wait, 300));
  expect(server.child.exitCode, server.output().slice(-2000)).toBeNull();
  expect((await send(server, { path: '/' })).status).toBe(200);
}

/**
 * Posts `body` on a socket of its own as a browser does, sending until the server answers, and
 * gives the answer as text; a refusal before the end is read, not lost to a reset connection
 */
function rawPost(port: number, contentType: string, body: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => resolve(Buffer.concat(received).toString('utf8')));
    socket.once('connect', () => {
      socket.write(
        `POST ${apiPaths.leads} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${SITE_URL}\r\nAccept: text/html\r\n` +
          `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      );
      let offset = 0;
      const pump = () => {
        while (offset < body.length && received.length === 0 && !socket.destroyed) {
          const chunk = body.subarray(offset, offset + 64 * 1024);
          offset += chunk.length;
          if (!socket.write(chunk)) return void socket.once('drain', pump);
        }
      };
      pump();
    });
    setTimeout(() => socket.destroy(), 20_000).unref();
  });
}
