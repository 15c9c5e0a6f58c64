/**
 * Photos with the quote request, on a phone's screen against the real server: the visitor picks
 * photos on /quote (a phone's photo, stored sideways with EXIF orientation 6 and GPS), removes
 * one, sends, and sees the progress and the thank-you; the photo kept is at most 2,048 px,
 * upright and without EXIF; the owner sees it in the request, large in a dialog that Escape closes
 * back to its thumbnail. Then the same on a weak link (400 kbit/s up, through the CDP's network
 * emulation): three photos sent with the progress in view, and the time it took noted.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { quotePath } from '../../src/config/routes.ts';
import { PHOTO_MAX_EDGE, PHOTO_THUMBNAIL_EDGE } from '../../src/lib/photos.ts';
import { FIELDS } from '../../src/lib/validation.ts';
import { PHOTOS_FOLDER } from '../../src/server/db/lead-photos.ts';
import { ownerLeadsDb, storedLead, uniqueEmail } from '../support/e2e-leads.ts';
import { ownerTest as test } from '../support/e2e-servers.ts';
import { makeInvite } from '../support/owner-invite.ts';
import { BLUE, grainyPhonePhoto, phonePhoto, RED } from '../support/phone-photo.ts';
import { addVirtualAuthenticator } from '../support/virtual-authenticator.ts';

test.describe.configure({ mode: 'serial' });
// A phone of its own to the server's sign-in limit, apart from owner.spec.ts's ceremonies
test.use({ extraHTTPHeaders: { 'X-Forwarded-For': '192.0.2.41' } });

/** Where a photo of request `id` is kept: lead-photos/ beside the owner's server's database */
const storedPhoto = (id: number, n: number) =>
  readFileSync(join(dirname(ownerLeadsDb), PHOTOS_FOLDER, String(id), `${n}.jpg`));

async function colourAt(jpeg: Buffer, x: number, y: number) {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const offset =
    (Math.floor(y * info.height) * info.width + Math.floor(x * info.width)) * info.channels;
  return { r: data[offset]!, b: data[offset + 2]! };
}
const near = (colour: { r: number; b: number }, expected: { r: number; b: number }) =>
  Math.abs(colour.r - expected.r) < 50 && Math.abs(colour.b - expected.b) < 50;

/** The quote form on /quote, hydrated, filled in by a visitor of this run */
async function filledQuoteForm(page: Page, label: string) {
  await page.goto(quotePath);
  const form = page.getByRole('form', { name: 'Quote request' });
  await form.hover();
  await expect(form).toHaveAttribute('novalidate', '');
  const visitor = { name: `Aroha ${label} ${Date.now().toString(36)}`, email: uniqueEmail(label) };
  await form.getByLabel(FIELDS.name.labels.quote).fill(visitor.name);
  await form.getByLabel(FIELDS.email.labels.quote).fill(visitor.email);
  await form.getByLabel(FIELDS.phone.labels.quote).fill('021 555 0188');
  await form.getByLabel(FIELDS.address.labels.quote).fill('12 Cook Street, Howick');
  await form.getByLabel(FIELDS.service.labels.quote).selectOption({ index: 1 });
  await form
    .getByLabel(FIELDS.message.labels.quote)
    .fill('The switchboard buzzes and the lights flicker. Photos of it attached.');
  return { form, visitor, photos: form.getByLabel('Photos of the job (optional)') };
}

const jpegFile = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/jpeg', buffer });

let leadId: number;
let visitorName: string;

test('a visitor picks photos on /quote, removes one and sends; the photo is kept upright, shrunk and without EXIF', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const { form, visitor, photos } = await filledQuoteForm(page, 'photos');
  visitorName = visitor.name;
  await photos.setInputFiles([
    jpegFile('IMG_4001.jpg', await phonePhoto(4032, 3024)),
    jpegFile('IMG_4002.jpg', await phonePhoto(1200, 900)),
  ]);
  const chosen = form.getByRole('list', { name: 'Photos to send' }).getByRole('listitem');
  await expect(chosen).toHaveCount(2);
  await form.getByRole('button', { name: 'Remove photo 2' }).click();
  await expect(chosen).toHaveCount(1);
  await expect(photos).toBeFocused();
  // The thumbnail shows the photo itself, upright (the page's CSP lets it be drawn)
  const thumbnail = chosen.first().getByRole('img', { name: 'Photo 1: IMG_4001.jpg' });
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await chosen.first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('1-form-with-photos.png'), fullPage: false });

  await form.getByRole('button', { name: 'Request My Free Quote' }).click();
  await expect(page.locator('.toast')).toContainText('Quote Request Submitted', {
    timeout: 30_000,
  });
  await page.screenshot({ path: testInfo.outputPath('3-thank-you.png') });
  // The form clears with its photos once the visitor has seen what was sent
  await expect(chosen).toHaveCount(0);

  const row = storedLead(visitor.email, ownerLeadsDb)!;
  leadId = Number(row['id']);
  expect(row['photos']).toBe(1);
  const kept = storedPhoto(leadId, 1);
  const metadata = await sharp(kept).metadata();
  expect(Math.max(metadata.width, metadata.height)).toBeLessThanOrEqual(PHOTO_MAX_EDGE);
  // 4,032 × 3,024 stored sideways with orientation 6: upright, it stands taller than wide
  expect(metadata.height).toBeGreaterThan(metadata.width);
  expect(metadata.exif).toBeUndefined();
  expect(metadata.orientation).toBeUndefined();
  expect(kept.includes(Buffer.from('PhoneMaker'))).toBe(false);
  expect(near(await colourAt(kept, 0.5, 0.1), RED)).toBe(true);
  expect(near(await colourAt(kept, 0.5, 0.9), BLUE)).toBe(true);
});

test('the owner sees the photo in the request, large in a dialog that Escape closes', async ({
  page,
  baseURL,
}, testInfo) => {
  await addVirtualAuthenticator(page);
  await page.goto((await makeInvite(ownerLeadsDb, baseURL!)).link);
  await page.getByRole('button', { name: 'Set up your passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await page.goto(`/owner#lead/${leadId}`);
  await expect(page.getByRole('heading', { level: 1, name: visitorName })).toBeVisible();

  const panel = page.getByRole('region', { name: 'Photos' });
  const thumbnail = panel.getByRole('button', { name: 'Photo 1 of 1, open it large' });
  const naturalSize = (img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight];
  const stored = await sharp(storedPhoto(leadId, 1)).metadata();
  // The thumbnail is the photo small, so a phone does not fetch 2,048 px for each
  await expect(thumbnail.locator('img')).toHaveJSProperty('complete', true);
  const small = PHOTO_THUMBNAIL_EDGE / Math.max(stored.width, stored.height);
  expect(await thumbnail.locator('img').evaluate(naturalSize)).toEqual([
    Math.round(stored.width * small),
    Math.round(stored.height * small),
  ]);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('4-owner-request.png') });

  await thumbnail.click();
  const dialog = page.getByRole('dialog', { name: 'Photo 1 of 1' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await expect(dialog.locator('img')).toHaveJSProperty('complete', true);
  expect(await dialog.locator('img').evaluate(naturalSize)).toEqual([stored.width, stored.height]);
  await page.screenshot({ path: testInfo.outputPath('5-owner-lightbox.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(thumbnail).toBeFocused();

  // Signed out, the photo is not to be had
  const photoPath = `/api/owner/leads/${leadId}/photos/1`;
  expect((await page.request.get(photoPath)).headers()['cache-control']).toBe('no-store');
  const stranger = await page.context().browser()!.newContext();
  expect((await stranger.request.get(`${baseURL!}${photoPath}`)).status()).toBe(401);
  await stranger.close();
});

test('on a weak link (400 kbit/s up), three photos go with the progress in view', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const { form, visitor, photos } = await filledQuoteForm(page, 'weak-link');
  const photo = await grainyPhonePhoto(4032, 3024);
  await photos.setInputFiles([1, 2, 3].map((n) => jpegFile(`IMG_50${n}.jpg`, photo)));
  await expect(
    form.getByRole('list', { name: 'Photos to send' }).getByRole('listitem'),
  ).toHaveCount(3);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 300,
    downloadThroughput: (1600 * 1000) / 8,
    uploadThroughput: (400 * 1000) / 8,
  });
  const started = Date.now();
  const sent = page.waitForResponse((answer) => answer.url().endsWith('/api/leads'), {
    timeout: 280_000,
  });
  await form.getByRole('button', { name: 'Request My Free Quote' }).click();
  const progress = form.getByRole('progressbar', { name: 'Sent so far' });
  await expect(progress).toBeVisible({ timeout: 30_000 });
  await expect(form.getByText(/^\d+% \(/)).toBeVisible();
  // A third of the way there, as the visitor sees it
  await expect
    .poll(
      async () =>
        Number(await progress.getAttribute('value')) / Number(await progress.getAttribute('max')),
      { timeout: 120_000 },
    )
    .toBeGreaterThan(1 / 3);
  await form.getByRole('button', { name: 'Submitting...' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('2-progress.png') });
  const uploadBytes = Number(await progress.getAttribute('max'));
  expect((await sent).status()).toBe(200);
  await expect(page.locator('.toast')).toContainText('Quote Request Submitted');
  const seconds = (Date.now() - started) / 1000;
  const row = storedLead(visitor.email, ownerLeadsDb)!;
  expect(row['photos']).toBe(3);
  const bytes = [1, 2, 3].reduce((total, n) => total + storedPhoto(Number(row['id']), n).length, 0);
  const note = `3 photos sent at 400 kbit/s up in ${seconds.toFixed(1)} s, shrinking included: ${(uploadBytes / 1024 / 1024).toFixed(2)} MB sent, ${(bytes / 1024 / 1024).toFixed(2)} MB kept`;
  console.log(note);
  testInfo.annotations.push({ type: 'weak link', description: note });
});
