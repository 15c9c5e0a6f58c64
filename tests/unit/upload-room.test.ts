/**
 * Photos held while quote requests arrive: one client sends two requests with photos at once, a
 * third is refused at once; all requests together hold the room's bytes, and a request past them
 * is refused with a time to try again, giving back what it held.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PHOTO_FIELD } from '../../src/lib/photos.ts';
import { inProcessStore } from '../../src/server/db/async-store.ts';
import { leadPhotoFiles } from '../../src/server/db/lead-photos.ts';
import type { LeadStore } from '../../src/server/db/records.ts';
import { handleLeadRequest } from '../../src/server/leads/handler.ts';
import {
  createUploadRoom,
  UPLOADS_PER_CLIENT,
  type UploadRoom,
} from '../../src/server/leads/upload-room.ts';
import { multipartWithFiles } from '../support/form-bodies.ts';
import { leadStorePerTest, quoteFormFields } from '../support/leads.ts';
import { phonePhoto } from '../support/phone-photo.ts';

const SITE = 'https://sparky.test';
const fields = quoteFormFields();
let dir: string;
let store: LeadStore;
leadStorePerTest('upload-room-', (opened) => ({ dir, store } = opened));

const post = (uploads: UploadRoom, client: string, body: BodyInit, contentType: string) =>
  handleLeadRequest(
    new Request(`${SITE}/api/leads`, {
      method: 'POST',
      body,
      headers: { Accept: 'application/json', 'Content-Type': contentType },
      duplex: 'half',
    } as RequestInit),
    client,
    {
      siteUrl: SITE,
      store: inProcessStore(store),
      log: () => {},
      photoFiles: leadPhotoFiles(join(dir, 'lead-photos')),
      uploads,
    },
  );

/** The quote form with `photo` attached, as a phone posts it */
const withPhoto = (photo: Buffer) =>
  multipartWithFiles(fields, [
    { name: PHOTO_FIELD, filename: 'board.jpg', type: 'image/jpeg', bytes: photo },
  ]);

/** A request with a photo whose last bytes never come, until `end` */
function hangingUpload(photo: Buffer) {
  const { body, contentType } = withPhoto(photo);
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(opened) {
      controller = opened;
      opened.enqueue(new Uint8Array(body.subarray(0, body.length - 100)));
    },
  });
  return { stream, contentType, end: () => controller.error(new Error('gone')) };
}

describe('the upload room', () => {
  it(`gives one client ${UPLOADS_PER_CLIENT} places at once, and each back when its request ends`, async () => {
    const uploads = createUploadRoom();
    const photo = await phonePhoto(600, 400);
    const hanging = Array.from({ length: UPLOADS_PER_CLIENT }, () => hangingUpload(photo));
    const answers = hanging.map(({ stream, contentType }) =>
      post(uploads, '203.0.113.7', stream, contentType),
    );
    const { body, contentType } = withPhoto(photo);
    const third = await post(uploads, '203.0.113.7', new Uint8Array(body), contentType);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBeTruthy();
    // Another client, and a form without photos from the same one, are not held up
    expect((await post(uploads, '198.51.100.2', new Uint8Array(body), contentType)).status).toBe(
      200,
    );
    const text = new URLSearchParams(fields).toString();
    expect(
      (await post(uploads, '203.0.113.7', text, 'application/x-www-form-urlencoded')).status,
    ).toBe(200);

    for (const { end } of hanging) end();
    expect((await Promise.all(answers)).map((answer) => answer.status)).toEqual(
      hanging.map(() => 400),
    );
    expect((await post(uploads, '203.0.113.7', new Uint8Array(body), contentType)).status).toBe(
      200,
    );
  });

  it('refuses a request whose photos would overfill it, with a time to try again, and takes that request back out', async () => {
    const photo = await phonePhoto(600, 400);
    const uploads = createUploadRoom({ bytes: photo.length * 1.5 });
    const waiting = hangingUpload(photo);
    const answer = post(uploads, '203.0.113.7', waiting.stream, waiting.contentType);
    const { body, contentType } = withPhoto(photo);
    const refused = await post(uploads, '198.51.100.2', new Uint8Array(body), contentType);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(JSON.stringify(await refused.json())).toMatch(/try again in a minute/);
    expect(store.countLeads()).toBe(0);

    waiting.end();
    await answer;
    // Both gave back what they held: the room takes the same photo now
    expect((await post(uploads, '198.51.100.2', new Uint8Array(body), contentType)).status).toBe(
      200,
    );
    expect(store.countLeads()).toBe(1);
  });
});
