/**
 * The owner edits his site on his phone (390 px) and publishes it, through the real editor
 * (Keystatic at /owner/content), the real build and the swap, on the publish project's server and
 * its git copy of the repository (tests/support/publish-server.ts). He adds a project with two
 * phone photos (GPS, orientation, camera in their EXIF), which the lightbox steps through; changes
 * the hours; sets a notice; adds a review; publishes the lot at once (a build is the slow part, so
 * one publish and one undo carry every effect); and undoes it, which takes each back out. He is
 * refused an entry without a title and a file that is not a picture, before any build. One area
 * page's Markdown in the copy holds every injection a stolen session could save
 * (tests/support/hostile-markdown.ts): built by each publish, it runs nothing when he opens it.
 * Visitors read the site throughout, and none of their requests fails. Each step leaves a
 * screenshot in test-results/publish-shots/.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { publishTest as test } from '../support/e2e-servers.ts';
import sharp from 'sharp';
import { PHOTOS_DIRECTORY } from '../../src/lib/content-schemas.ts';
import { SIGNED_OUT_MESSAGE } from '../../src/server/editor/api.ts';
import { editorPaths } from '../../src/lib/editor-paths.ts';
import { ownerPaths } from '../../src/lib/owner-api.ts';
import type { Business } from '../../src/config/business.ts';
import { WEEK_DAYS } from '../../src/config/fact-formats.ts';
import { CREATED_WORDS } from '../../src/editor/created-toast.ts';
import { availabilityOn, dayAfter, nzDateOf } from '../../src/lib/availability.ts';
import { hoursLines } from '../../src/lib/opening-hours.ts';
import { contentCountsIn } from '../support/content.ts';
import { hostileArea, publishLeadsDb, publishSiteDir as site } from '../support/e2e-publish.ts';
import { HOSTILE_HEADING, OVERLAY_TEXT } from '../support/hostile-markdown.ts';
import { builtSitemapPaths, textOf } from '../support/e2e-site.ts';
import { expectNoticeAtTop } from '../support/notice-layout.ts';
import { makeInvite } from '../support/owner-invite.ts';
import { startPageRequestLoop, type PageRequestLoop } from '../support/page-requests.ts';
import { phonePhoto } from '../support/phone-photo.ts';
import { addVirtualAuthenticator } from '../support/virtual-authenticator.ts';

test.describe.configure({ mode: 'serial' });

/** A publish or an undo: a build of half a minute or more on a busy machine */
const PUBLISH_MS = 120_000;
const STEP_MS = 4 * PUBLISH_MS;
const SHOTS = 'test-results/publish-shots';

const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: site, encoding: 'utf8' }).trim();
const commitCount = () => Number(git('rev-list', '--count', 'HEAD'));
const counts = () => contentCountsIn(site);
const business = () =>
  JSON.parse(readFileSync(join(site, 'src/content/business.json'), 'utf8')) as BusinessFacts;

type BusinessFacts = Business;

let context: BrowserContext;
let page: Page;
let visitors: PageRequestLoop;
let shotNumber = 0;

/** A screenshot of the phone's screen (or the whole page) as test-results/publish-shots/NN-name.png */
async function shot(
  name: string,
  { fullPage = false, of = page }: { fullPage?: boolean; of?: Page } = {},
) {
  mkdirSync(SHOTS, { recursive: true });
  shotNumber++;
  await of.screenshot({
    path: `${SHOTS}/${String(shotNumber).padStart(2, '0')}-${name}.png`,
    fullPage,
  });
}

/** Scrolls to `target` and waits until it has faded in, where the page reveals it on scrolling */
async function scrollTo(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  for (const revealed of await target.locator('xpath=ancestor-or-self::*[@data-reveal]').all()) {
    await expect(revealed).toHaveCSS('opacity', '1');
  }
}

/**
 * A page of the live site as a visitor's browser gets it, sent again if the server closes the
 * kept-alive connection just as it sets out (Playwright's client keeps idle ones without limit)
 */
async function live(path: string): Promise<string> {
  const answer = await page.request.get(path, { maxRetries: 1 });
  expect(answer.status(), path).toBe(200);
  return answer.text();
}

/** The JSON-LD objects of a page (each script's, and each of a @graph) */
function structuredData(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap(
    (match) => {
      const data = JSON.parse(match[1]!) as Record<string, unknown>;
      return Array.isArray(data['@graph'])
        ? (data['@graph'] as Array<Record<string, unknown>>)
        : [data];
    },
  );
}

/** Every page of the live sitemap, as text */
async function sitemapTexts(): Promise<Array<{ path: string; text: string }>> {
  const xml = await live('/sitemap.xml');
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1]!).pathname,
  );
  expect(paths.length).toBeGreaterThan(10);
  return Promise.all(paths.map(async (path) => ({ path, text: textOf(await live(path)) })));
}

/** A picture carries none of the phone's hidden details: no EXIF, XMP or IPTC, and not the camera's name anywhere in it */
async function expectNoHiddenDetails(bytes: Buffer, what: string) {
  const metadata = await sharp(bytes).metadata();
  expect({ exif: metadata.exif, xmp: metadata.xmp, iptc: metadata.iptc }, what).toEqual({
    exif: undefined,
    xmp: undefined,
    iptc: undefined,
  });
  expect(bytes.includes('PhoneMaker'), `${what} names the camera`).toBe(false);
}

/** The editor at one of Keystatic's addresses, as the owner reaches it from his page */
async function openEditor(path: string = editorPaths.app) {
  await page.goto(editorPaths.page);
  await expect(page).toHaveURL(new RegExp(`${editorPaths.app}$`));
  if (path !== editorPaths.app) await page.goto(path);
}

/** Presses the editor's Create or Save and waits for the server to take the save */
async function saveInEditor(button: 'Create' | 'Save') {
  const saved = page.waitForResponse((answer) => answer.url().endsWith(`${editorPaths.api}update`));
  await page.getByRole('button', { name: button, exact: true }).click();
  expect((await saved).status()).toBe(200);
}

/** The Site tab's panel of that name */
const panel = (name: string): Locator => page.getByRole('region', { name, exact: true });

/**
 * The changes in one line, as the site's history and the publish's result name them: "Added project
 * 'X', changed the business details (hours) and added review by Aroha"
 */
function inOneLine(changes: readonly string[]): string {
  const phrases = changes.map((change, index) =>
    index === 0 ? change : change.charAt(0).toLowerCase() + change.slice(1),
  );
  return phrases.length === 1
    ? phrases[0]!
    : `${phrases.slice(0, -1).join(', ')} and ${phrases.at(-1)!}`;
}

/**
 * From the editor to the Site tab (its "Publish the changes" link), Publish, the steps ticking
 * over, and the site live; returns the changes waiting, as the list named them, and what went live
 */
async function publish(name: string): Promise<{ changes: string[]; live: string }> {
  await page.getByRole('link', { name: 'Publish the changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your site' })).toBeVisible();
  const waiting = panel('Waiting to be published').getByRole('listitem');
  await expect(waiting.first()).toBeVisible();
  const changes = await waiting.allInnerTexts();
  await shot(`${name}-waiting`);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const live = inOneLine(changes);
  await finished('Publishing', 'Last publish', `Live: ${live}`, name);
  await expect(panel('Waiting to be published')).toContainText('Nothing is waiting');
  return { changes, live };
}

/** Waits for the publish or undo under way (its panel `running`) to end with `message` in the panel `done` */
async function finished(running: string, done: string, message: string, name: string) {
  const steps = panel(running).getByRole('listitem');
  await expect(steps).toHaveCount(4);
  // A step ticked, the others under way or waiting
  await expect(panel(running).locator('li[data-state="done"]').first()).toBeVisible({
    timeout: PUBLISH_MS,
  });
  await shot(`${name}-steps`);
  const result = panel(done);
  await expect(result.or(page.getByRole('alert'))).toBeVisible({ timeout: PUBLISH_MS });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(result).toContainText(message);
  await shot(`${name}-live`);
}

test.beforeAll(async ({ browser, baseURL }) => {
  // The visitors, from before the first change to after the last
  const sitemap = builtSitemapPaths();
  const paths = [
    '/',
    '/projects',
    '/testimonials',
    '/about',
    ...sitemap.filter((path) => path.startsWith('/services/')).slice(0, 3),
    ...sitemap.filter((path) => path.startsWith('/areas/')).slice(0, 3),
  ];
  visitors = startPageRequestLoop(baseURL!, paths);

  // One phone for every step, its passkey enrolled from an invite
  context = await browser.newContext();
  page = await context.newPage();
  await addVirtualAuthenticator(page);
  await page.goto((await makeInvite(publishLeadsDb, baseURL!)).link);
  await page.getByRole('button', { name: 'Set up your passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
});

test.afterAll(async () => {
  await visitors?.stop();
  await context?.close();
});

const project = {
  title: 'Outdoor sockets for a Howick deck',
  slug: 'outdoor-sockets-for-a-howick-deck',
  description:
    'The owners wanted power on their new deck for a patio heater and festoon lights. We ran a cable from the switchboard, fitted two weatherproof double sockets on their own RCD and tested every circuit before handing over the certificate.',
  suburb: 'Howick',
  category: { value: 'Maintenance', label: 'Handyman and maintenance' },
  photos: [
    // As the camera stored them: sideways, with EXIF saying to turn them upright
    {
      file: 'IMG_2041.jpg',
      width: 1600,
      height: 1200,
      alt: 'Two weatherproof double sockets on a post of a new timber deck',
    },
    {
      file: 'IMG_2042.jpg',
      width: 2000,
      height: 1500,
      alt: 'Festoon lights along the deck rail, lit at dusk',
    },
  ],
} as const;

const review = {
  quote:
    'Dave came the same afternoon when half our house lost power, found the fault in the garage and had everything back on before dinner.',
  author: 'Aroha',
  suburb: 'Cockle Bay',
  job: 'Power fault found and fixed',
};
/** Closed from today to tomorrow, New Zealand's days, emergency call-outs going on */
const today = nzDateOf(new Date());
const closure = { from: today, to: dayAfter(today), emergencies: true };

test('the business details form has the hours day by day and a closure with its days, and nothing else to type the hours into (screenshots)', async () => {
  await openEditor(`${editorPaths.app}/singleton/business`);
  const hours = page.getByRole('group', { name: /^Opening hours/ });
  await expect(hours).toBeVisible();
  for (const day of WEEK_DAYS) {
    const group = hours.getByRole('group', { name: day, exact: true });
    await expect(group.getByRole('checkbox', { name: 'Open' })).toHaveCount(1);
    await expect(group.getByRole('textbox', { name: 'From' })).toHaveValue(
      business().hours[day.toLowerCase() as keyof Business['hours']].from,
    );
  }
  await expect(
    page.getByRole('textbox', { name: /As the page shows it|Opens|Closes/ }),
  ).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await hours.evaluate((group) => group.scrollIntoView({ block: 'start' }));
  await shot('business-hours-form');
  const closing = page.getByRole('group', { name: /^Closed for a while/ });
  await closing.evaluate((group) => group.scrollIntoView({ block: 'start' }));
  await expect(
    closing.getByRole('checkbox', { name: 'Still taking emergency call-outs' }),
  ).toBeChecked();
  await shot('business-closure-form');
});

test('a project with a phone’s photos, new hours, a closure and a review go live in one publish, each where visitors and search engines see it, and Undo takes them all back out', async () => {
  test.setTimeout(STEP_MS);
  const before = counts();
  const commits = commitCount();
  const first = business().hours.monday;
  const closes = first.to === '17:30' ? '17:00' : '17:30';
  const newHours = { ...business().hours, monday: { open: true, from: first.from, to: closes } };
  const [firstLine] = hoursLines(business().hours);
  const hoursLine = hoursLines(newHours)[0]!;
  const notice = availabilityOn({ ...business(), closure }, today).notice;
  expect(business().closure).toEqual({ emergencies: true });

  // A project, with two photos from his phone
  await openEditor();
  await shot('editor');
  await page.getByRole('link', { name: /^Projects/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Projects/ })).toBeVisible();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('textbox', { name: 'Title' }).fill(project.title);
  await page.getByRole('textbox', { name: 'What we did' }).fill(project.description);
  await page.getByRole('textbox', { name: 'Suburb' }).fill(project.suburb);
  await page.getByRole('button', { name: /Kind of job/ }).click();
  await page.getByRole('option', { name: project.category.label }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await shot('project-form');
  for (const [index, photo] of project.photos.entries()) {
    await page.getByRole('group', { name: 'Photos' }).getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add item' });
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      dialog.getByRole('button', { name: 'Choose file' }).click(),
    ]);
    await chooser.setFiles({
      name: photo.file,
      mimeType: 'image/jpeg',
      buffer: await phonePhoto(photo.width, photo.height),
    });
    await dialog.getByRole('textbox', { name: 'What the picture shows' }).fill(photo.alt);
    if (index === 0) await shot('project-photo');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toBeHidden();
  }
  await saveInEditor('Create');
  await expect(page).toHaveURL(new RegExp(`/collection/projects/item/${project.slug}$`));
  await expect(page.getByText(CREATED_WORDS)).toBeVisible();
  await shot('project-created');

  // The photo as stored in the site's source: upright, without its hidden details
  const storedDir = join(site, PHOTOS_DIRECTORY, project.slug);
  for (const [index, photo] of project.photos.entries()) {
    const stored = readFileSync(join(storedDir, `photos/${index}/src.jpg`));
    await expectNoHiddenDetails(stored, `stored photo ${index + 1}`);
    expect(await sharp(stored).metadata()).toMatchObject({
      width: photo.height,
      height: photo.width,
    });
  }

  // Monday's closing time, and a closure from today to tomorrow, in the business details
  await openEditor(`${editorPaths.app}/singleton/business`);
  const monday = page
    .getByRole('group', { name: /^Opening hours/ })
    .getByRole('group', { name: 'Monday' });
  await monday.getByRole('textbox', { name: 'To' }).fill(closes);
  await shot('hours-form');
  const closing = page.getByRole('group', { name: /^Closed for a while/ });
  await closing.getByLabel('First day closed').fill(closure.from);
  await closing.getByLabel('Last day closed').fill(closure.to);
  await shot('closure-form');
  await saveInEditor('Save');
  expect(business().hours).toEqual(newHours);
  expect(business().closure).toEqual(closure);

  // A review
  await openEditor(`${editorPaths.app}/collection/testimonials`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('textbox', { name: 'What the customer said' }).fill(review.quote);
  await page.getByRole('textbox', { name: 'First name' }).fill(review.author);
  await page.getByRole('textbox', { name: 'Suburb' }).fill(review.suburb);
  await page.getByRole('textbox', { name: 'The job' }).fill(review.job);
  await shot('review-form');
  await saveInEditor('Create');

  // One publish of the three, each named in the list waiting and in what went live
  const { changes, live: message } = await publish('all');
  expect([...changes].sort()).toEqual(
    [
      `Added project '${project.title}'`,
      'Changed the business details (closure, hours)',
      `Added review by ${review.author}`,
    ].sort(),
  );
  expect(commitCount()).toBe(commits + 1);

  // The projects page counts the new one, in each tab and in its structured data
  const after = counts();
  expect(after.projects).toBe(before.projects + 1);
  expect(after.projectsIn('Maintenance')).toBe(before.projectsIn('Maintenance') + 1);
  await page.goto('/projects');
  const cards = page.getByRole('list', { name: 'Projects' }).getByRole('article');
  await expect(cards).toHaveCount(after.projects);
  const labels = page.getByRole('group', { name: 'Filter projects' }).locator('label');
  await expect(labels).toHaveText([
    new RegExp(`^All\\s*${after.projects}$`),
    new RegExp(`^Residential\\s*${after.projectsIn('Residential')}$`),
    new RegExp(`^Maintenance\\s*${after.projectsIn('Maintenance')}$`),
  ]);
  const card = cards.filter({ has: page.getByRole('heading', { name: project.title }) });
  await expect(card).toHaveCount(1);
  await scrollTo(card);
  await expect(card.locator('img')).toHaveJSProperty('complete', true);
  await shot('projects-page');
  const html = await live('/projects');
  const gallery = structuredData(html).find((item) => item['@type'] === 'ImageGallery')?.[
    'image'
  ] as Array<Record<string, unknown>>;
  // Each of the new project's photos, and each other project's pictures
  expect(after.projectPictures).toBe(before.projectPictures + project.photos.length);
  expect(gallery).toHaveLength(after.projectPictures);
  expect(
    gallery
      .filter((image) => image['caption'] === project.title)
      .map((image) => image['description']),
  ).toEqual(project.photos.map((photo) => photo.alt));

  // Every version of the photo the card offers: AVIF, WebP and the fallback, none with hidden details
  const sources = await card.locator('source').evaluateAll((elements) =>
    elements.map((source) => ({
      type: source.getAttribute('type'),
      srcset: source.getAttribute('srcset') ?? '',
    })),
  );
  expect(sources.map((source) => source.type).sort()).toEqual(['image/avif', 'image/webp']);
  const image = card.locator('img');
  await expect(image).toHaveAttribute('alt', project.photos[0].alt);
  const fallback = [
    (await image.getAttribute('src'))!,
    ...((await image.getAttribute('srcset')) ?? '').split(','),
  ];

  // The lightbox opens at the first photo and steps to the second, each loaded
  await card.getByRole('link', { name: project.title }).click();
  const lightbox = page.getByRole('dialog', { name: project.title });
  const large: string[] = [];
  for (const [index, photo] of project.photos.entries()) {
    if (index > 0) await lightbox.getByRole('button', { name: 'Next photo' }).click();
    await expect(lightbox).toContainText(`Photo ${index + 1} of ${project.photos.length}`);
    const shown = lightbox.getByRole('img', { name: photo.alt });
    await expect(shown).toHaveJSProperty('complete', true);
    expect(await shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    large.push((await shown.getAttribute('src'))!);
    await shot(`project-lightbox-${index + 1}`);
  }
  expect(new Set(large).size).toBe(project.photos.length);
  await page.keyboard.press('ArrowRight');
  await expect(lightbox.getByRole('img', { name: project.photos[0].alt })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();

  const urls = [
    ...new Set(
      [...sources.flatMap((source) => source.srcset.split(',')), ...fallback, ...large]
        .map((entry) => entry.trim().split(/\s+/)[0]!)
        .filter(Boolean),
    ),
  ];
  const formats = new Set<string>();
  for (const url of urls) {
    const answer = await page.request.get(url, { maxRetries: 1 });
    expect(answer.status(), url).toBe(200);
    const bytes = await answer.body();
    formats.add((await sharp(bytes).metadata()).format);
    await expectNoHiddenDetails(bytes, url);
  }
  expect([...formats].sort()).toEqual(['heif', 'jpeg', 'webp']);

  // The new hours in the footer and in the structured data
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(hoursLine);
  await expect(footer).not.toContainText(firstLine!);
  await footer.getByText(hoursLine).scrollIntoViewIfNeeded();
  await shot('hours-footer');
  const openingHours = async () => {
    const entity = structuredData(await live('/')).find((item) => item['@type'] === 'Electrician')!;
    return (
      entity['openingHoursSpecification'] as Array<{
        dayOfWeek: string[];
        opens: string;
        closes: string;
      }>
    )[0];
  };
  expect(await openingHours()).toMatchObject({
    dayOfWeek: ['Monday'],
    opens: first.from,
    closes,
  });

  // The notice on every page of the sitemap, at the top of the screen
  for (const { path, text } of await sitemapTexts()) expect(text, path).toContain(notice);
  // On / and /projects, at a phone's and a desktop's width: at the very top, above a whole
  // header, readable, and folding away on scrolling
  const phoneSize = page.viewportSize()!;
  for (const size of [phoneSize, { width: 1280, height: 900 }]) {
    await page.setViewportSize(size);
    for (const path of ['/', '/projects']) {
      await test.step(`the notice at ${size.width} px on ${path}`, async () => {
        await page.goto(path);
        await expectNoticeAtTop(page, notice);
      });
    }
  }
  await page.setViewportSize(phoneSize);
  await page.goto('/testimonials');
  await expect(page.locator('[data-site-notice]')).toHaveText(notice);
  await expect(page.locator('[data-site-notice]')).toBeInViewport();
  await shot('notice-on-page');

  // The review on the reviews page, which counts it
  expect(after.testimonials).toBe(before.testimonials + 1);
  await expect(page.locator('main figure')).toHaveCount(after.testimonials);
  await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(
    `Showing ${after.testimonials} of ${after.testimonials} reviews`,
    { useInnerText: true },
  );
  const figure = page.locator('main figure').filter({ hasText: review.quote });
  await expect(figure).toContainText(review.author);
  await scrollTo(figure);
  await shot('reviews-page');

  // Undo, from the history, after a second tap
  await page.goto(`${ownerPaths.page}#site`);
  const change = panel('Changes').getByRole('listitem').filter({ hasText: message });
  await change.getByRole('button', { name: 'Undo this change' }).click();
  const confirm = page.getByRole('group', { name: 'Undo this change?' });
  await expect(confirm).toContainText(`Undo “${message}”?`);
  await shot('undo-confirm');
  await confirm.getByRole('button', { name: 'Yes, undo it' }).click();
  await finished('Undoing a change', 'Last undo', `Live: Undid: ${message}`, 'undo');
  await expect(panel('Waiting to be published')).toContainText('Nothing is waiting');
  await expect(panel('Changes').getByRole('listitem').first()).toContainText(`Undid: ${message}`);
  // The change taken back out is marked so, and offers no second undo
  const original = panel('Changes')
    .getByRole('listitem')
    .filter({ hasText: message })
    .filter({ hasNotText: 'Undid:' });
  await expect(original.getByText('Undone', { exact: true })).toBeVisible();
  await expect(original.getByRole('button', { name: 'Undo this change' })).toHaveCount(0);

  // Each of the three is gone again: the project and its photos, the hours, the notice, the review
  expect(counts().projects).toBe(before.projects);
  expect(existsSync(storedDir)).toBe(false);
  await page.goto('/projects');
  await expect(page.getByRole('list', { name: 'Projects' }).getByRole('article')).toHaveCount(
    before.projects,
  );
  await expect(page.getByRole('heading', { name: project.title })).toHaveCount(0);
  expect(
    structuredData(await live('/projects')).find((item) => item['@type'] === 'ImageGallery')?.[
      'image'
    ],
  ).toHaveLength(before.projectPictures);
  expect(business().hours.monday).toEqual(first);
  expect(await openingHours()).toMatchObject({ closes: first.to });
  await page.goto('/');
  await expect(page.getByRole('contentinfo')).toContainText(firstLine!);
  for (const { path, text } of await sitemapTexts()) expect(text, path).not.toContain(notice);
  await page.goto('/testimonials');
  await expect(page.locator('[data-site-notice]')).toHaveCount(0);
  await shot('notice-gone');
  expect(counts().testimonials).toBe(before.testimonials);
  await expect(page.locator('main figure')).toHaveCount(before.testimonials);
  await expect(page.locator('main figure').filter({ hasText: review.quote })).toHaveCount(0);
});

test('an area page built from Markdown holding each injection runs no script, shows no injected style, stays put and asks nothing of the owner API', async ({
  baseURL,
}) => {
  test.setTimeout(STEP_MS);
  // The copy's content is live once a publish has run (the first test's); alone, this test publishes it
  if (!(await live(hostileArea.path)).includes(HOSTILE_HEADING)) {
    await page.goto(`${ownerPaths.page}#site`);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await finished('Publishing', 'Last publish', 'Live:', 'injections-built');
  }
  // The owner is signed in: a script on the page would act with his rights
  expect((await page.request.get(ownerPaths.session)).status()).toBe(200);

  const visit = await context.newPage();
  const ownerCalls: string[] = [];
  const blocked: string[] = [];
  visit.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/owner/'))
      ownerCalls.push(`${request.method()} ${request.url()}`);
  });
  visit.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  await visit.goto(hostileArea.path);
  // A refresh after 0 s, an image's error handler, a script's fetch: each would have happened by now
  await visit.waitForTimeout(1_000);
  await shot('injections', { of: visit });

  expect(ownerCalls).toEqual([]);
  expect(visit.url()).toBe(`${baseURL}${hostileArea.path}`);
  await expect(visit.getByRole('heading', { level: 2, name: HOSTILE_HEADING })).toBeVisible();
  expect(await visit.evaluate(() => document.documentElement.dataset['injected'] ?? 'none')).toBe(
    'none',
  );
  expect(
    await visit.evaluate(() => getComputedStyle(document.documentElement, '::after').content),
  ).toBe('none');
  await expect(visit.getByText(OVERLAY_TEXT)).toHaveCount(0);
  // None of it reached the page as markup: the CSP had nothing to block
  const markdown = visit.locator('[data-markdown]');
  await expect(markdown).toHaveCount(1);
  await expect(
    markdown.locator(
      'script, style, meta, base, iframe, form, input, object, embed, svg, img, [onerror]',
    ),
  ).toHaveCount(0);
  await expect(
    visit.locator(
      'a[href^="javascript:" i], a[href^="data:" i], a[href^="vbscript:" i], base, meta[http-equiv="refresh"]',
    ),
  ).toHaveCount(0);
  expect(blocked).toEqual([]);
  await visit.close();
});

test('an entry without a title, a file that is not a picture, and a save after his session ended are refused and change nothing', async () => {
  test.setTimeout(STEP_MS);
  const projectsPage = await live('/projects');
  const commits = commitCount();
  const projects = counts().projects;
  const refused = {
    title: 'Garden lights along a Howick path',
    slug: 'garden-lights-along-a-howick-path',
  };

  await openEditor(`${editorPaths.app}/collection/projects`);
  await expect(page.getByRole('heading', { level: 1, name: /^Projects/ })).toBeVisible();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('textbox', { name: 'What we did' }).fill(project.description);
  await page.getByRole('textbox', { name: 'Suburb' }).fill(project.suburb);
  let saves = 0;
  const countSave = (request: { url(): string }) =>
    void (request.url().endsWith(`${editorPaths.api}update`) && saves++);
  page.on('request', countSave);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  // On a phone the message is brought onto the screen, with its field focused
  await expect(page.getByText(/^Title must be/)).toBeInViewport();
  await expect(page.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await shot('refused-title');
  expect(saves).toBe(0);
  page.off('request', countSave);

  await page.getByRole('textbox', { name: 'Title' }).fill(refused.title);
  await page.getByRole('group', { name: 'Photos' }).getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add item' });
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    dialog.getByRole('button', { name: 'Choose file' }).click(),
  ]);
  await chooser.setFiles({
    name: 'garden.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('Notes on the garden job: six bollard lights, one timer.\n'),
  });
  await dialog
    .getByRole('textbox', { name: 'What the picture shows' })
    .fill('Garden lights along the path of a Howick lawn');
  await dialog.getByRole('button', { name: 'Add' }).click();
  const answer = page.waitForResponse((response) =>
    response.url().endsWith(`${editorPaths.api}update`),
  );
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  expect((await answer).status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText(
    'Photo 1: that file is not a photo the site can show. Choose a photo from your phone or camera.',
  );
  await shot('refused-photo');

  // His session ends while the form is open: the save tells him what to do, and the form stays
  await context.clearCookies();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(SIGNED_OUT_MESSAGE);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(refused.title);
  await shot('signed-out-save');

  expect(existsSync(join(site, 'src/content/projects', `${refused.slug}.yaml`))).toBe(false);
  expect(existsSync(join(site, PHOTOS_DIRECTORY, refused.slug))).toBe(false);
  expect(git('status', '--porcelain')).toBe('');
  expect(commitCount()).toBe(commits);
  expect(counts().projects).toBe(projects);
  expect(await live('/projects')).toBe(projectsPage);
  await page.goto(`${ownerPaths.page}#site`);
  await page.getByRole('button', { name: 'Sign in with your passkey' }).click();
  await expect(panel('Waiting to be published')).toContainText('Nothing is waiting');
});

test('visitors’ requests were all answered while he worked', async () => {
  const { requests, problems } = await visitors.stop();
  console.log(
    `${requests} requests by visitors during the publishes, ${problems.length} not answered 200 or 304`,
  );
  expect(problems).toEqual([]);
  expect(requests).toBeGreaterThan(100);
});
