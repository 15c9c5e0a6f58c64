/**
 * A quote request with photos on a server whose disk is full: the request is stored without them
 * (the visitor is thanked as for any request), nothing is left half-written, and the owner is told
 * on the lead and in every notification what was sent and not kept. Photos kept are told as a count
 * with the link to the request.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PHOTO_FIELD } from '../../src/lib/photos.ts';
import { inProcessStore } from '../../src/server/db/async-store.ts';
import { leadPhotoFiles } from '../../src/server/db/lead-photos.ts';
import type { LeadStore } from '../../src/server/db/records.ts';
import { openLeadStore } from '../../src/server/db/store.ts';
import { handleLeadRequest } from '../../src/server/leads/handler.ts';
import { leadEmailText } from '../../src/server/notify/channels/email.ts';
import { ntfyMessage } from '../../src/server/notify/channels/ntfy.ts';
import { leadPush } from '../../src/server/notify/channels/push-message.ts';
import { webhookBody } from '../../src/server/notify/channels/webhook.ts';
import { quoteFormFields } from '../support/leads.ts';
import { phonePhoto } from '../support/phone-photo.ts';

const SITE = 'https://sparky.test';
let dir: string;
let store: LeadStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lead-photos-'));
  store = openLeadStore(join(dir, 'leads.sqlite'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function postWithPhotos(count: number, write?: Parameters<typeof leadPhotoFiles>[1]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(quoteFormFields())) form.append(name, value);
  const photo = await phonePhoto(600, 400);
  for (let index = 0; index < count; index++)
    form.append(
      PHOTO_FIELD,
      new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }),
      `${index}.jpg`,
    );
  const request = new Request(`${SITE}/api/leads`, {
    method: 'POST',
    body: form,
    headers: { Accept: 'application/json' },
  });
  return handleLeadRequest(request, '203.0.113.7', {
    siteUrl: SITE,
    store: inProcessStore(store),
    log: () => {},
    photoFiles: leadPhotoFiles(join(dir, 'lead-photos'), write),
  });
}

/** What each channel tells the owner of the lead */
function notifications(id: number): string[] {
  const lead = store.getLead(id)!;
  return [
    leadEmailText(lead, SITE),
    ntfyMessage(lead, 'topic', SITE).message,
    JSON.stringify(leadPush(lead, SITE).message),
    webhookBody(lead, SITE),
  ];
}

describe('photos with a quote request', () => {
  it('are told to the owner as "3 photos" on every channel, with the link, never attached', async () => {
    const answer = await postWithPhotos(3);
    expect(answer.status).toBe(200);
    const { id } = (await answer.json()) as { id: number };
    expect(readdirSync(join(dir, 'lead-photos', String(id))).sort()).toEqual([
      '1.jpg',
      '2.jpg',
      '3.jpg',
    ]);
    for (const text of notifications(id)) {
      expect(text).toContain('3 photos');
      expect(text).not.toMatch(/\/9j\/|base64|image\/jpeg/);
    }
    expect(leadEmailText(store.getLead(id)!, SITE)).toContain(`${SITE}/owner#lead/${id}`);
  });

  it('says "1 photo" for one', async () => {
    const { id } = (await (await postWithPhotos(1)).json()) as { id: number };
    for (const text of notifications(id)) {
      expect(text).toContain('1 photo');
      expect(text).not.toContain('1 photos');
    }
  });

  it('on a full disk, stores the request without them and tells the owner', async () => {
    const diskFull = () =>
      Promise.reject(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
    const answer = await postWithPhotos(2, diskFull);
    expect(answer.status).toBe(200);
    const { id } = (await answer.json()) as { id: number };
    const lead = store.getLead(id)!;
    expect(lead).toMatchObject({ photos: 0, photosNotKept: 2 });
    expect(lead.notes.map(({ text }) => text).join(' ')).toMatch(/2 photos.*disk was full/);
    expect(readdirSync(join(dir, 'lead-photos'))).toEqual([]);
    for (const text of notifications(id)) expect(text).toMatch(/2 photos were sent but not kept/);
  });
});
