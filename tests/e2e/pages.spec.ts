/** Home, projects (filter and lightbox), about and testimonials */
import { expect, test, type Page } from '@playwright/test';
import { business } from '../../src/config/business.ts';
import { testimonialsPath } from '../../src/config/routes.ts';
import { HOME_COUNTS } from '../../src/lib/constants.ts';
import { PICTURE_STATE_WORDS } from '../../src/lib/picture-states.ts';
import { contentCounts } from '../support/content.ts';

/**
 * Islands hydrate on the visitor's first interaction with them (pointer, touch, focus or key) and
 * lose their `ssr` attribute once hydrated; this moves the pointer over each one and waits.
 */
async function islandsHydrated(page: Page) {
  for (const island of await page.locator('astro-island[ssr]').all())
    await island.hover({ trial: false, force: true });
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

test('the home page: no island hydrates while it loads, every section in order, the hero scene and lazy images below, and a map that loads nothing from a third party until asked', async ({
  page,
}) => {
  const thirdParty: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('http://127.0.0.1')) thirdParty.push(request.url());
  });
  const islandScripts: string[] = [];
  page.on('request', (request) => {
    if (/\/_astro\/(?:client|Gallery|HeroQuoteForm)\.[\w-]+\.js$/.test(request.url()))
      islandScripts.push(request.url());
  });
  // Network idle: the page has loaded everything it asks for by itself, and no island's script was among it
  await page.goto('/', { waitUntil: 'networkidle' });
  await test.step('no island hydrates while the page loads; each hydrates when the visitor first reaches it', async () => {
    const islands = page.locator('astro-island');
    await expect(islands).toHaveCount(2);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(2);
    expect(islandScripts).toEqual([]);
    await page.getByRole('form', { name: 'Request a free quote' }).getByLabel('Your name').focus();
    await expect(page.getByRole('form', { name: 'Request a free quote' })).toHaveAttribute(
      'novalidate',
      '',
    );
    await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
  });
  await test.step('the home page has every section in order', async () => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Request a free quote' })).toBeVisible();
    await expect(
      page.getByRole('complementary', { name: '24/7 emergency electrician' }),
    ).toBeVisible();
    const services = page.locator('#services article');
    await expect(services).toHaveCount(3);
    for (const href of [
      '/services/residential',
      '/services/commercial',
      '/services/emergency-electrician',
    ]) {
      await expect(page.locator(`#services article a[href="${href}"]`)).toHaveCount(1);
    }
    await expect(page.locator('#projects article')).toHaveCount(HOME_COUNTS.projects);
    await expect(page.locator('#about h2')).toBeVisible();
    await expect(
      page
        .getByRole('region', {
          name: `${business.claims.satisfactionPercent}% customer satisfaction`,
        })
        .locator('figure'),
    ).toHaveCount(HOME_COUNTS.testimonials);
    const contact = page.locator('#contact');
    await expect(contact.getByRole('link', { name: business.phone.display })).toHaveAttribute(
      'href',
      `tel:${business.phone.e164}`,
    );
    await expect(contact.getByRole('link', { name: business.email })).toHaveAttribute(
      'href',
      `mailto:${business.email}`,
    );
    for (const social of business.social)
      await expect(contact.getByRole('link', { name: social.name })).toHaveAttribute(
        'href',
        social.url,
      );
    await expect(
      contact.getByRole('navigation', { name: 'Service areas' }).getByRole('link'),
    ).toHaveCount(10);
    // The business comes to the customer, so the map offers no directions to a point of its own
    await expect(contact.getByRole('link', { name: /directions/i })).toHaveCount(0);
  });
  await test.step('the hero scene is part of the page, with a portrait variant; images below load lazily', async () => {
    const scene = page.locator('.hero-slide [role="img"]');
    await expect(scene).toHaveAttribute('aria-label', /\S/);
    await expect(scene.locator('svg')).toHaveCount(2);
    await expect(scene.locator('svg').first()).toBeVisible();
    await expect(scene.locator('svg').last()).toBeHidden();
    await expect(page.locator('#projects img').first()).toHaveAttribute('loading', 'lazy');
    for (const image of await page.locator('main img').all()) {
      expect(await image.getAttribute('alt')).toBeTruthy();
      expect(await image.getAttribute('width')).toBeTruthy();
    }
  });
  await test.step('the map loads nothing from a third party until asked', async () => {
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await expect(page.locator('#contact iframe')).toHaveCount(0);
    expect(thirdParty).toEqual([]);
    await page.route('https://www.openstreetmap.org/**', (route) =>
      route.fulfill({ body: '<p>map</p>', contentType: 'text/html' }),
    );
    await page.getByRole('button', { name: 'Load interactive map' }).click();
    await expect(page.locator('#contact iframe')).toHaveAttribute(
      'src',
      /openstreetmap\.org\/export\/embed\.html/,
    );
  });
});

test('the projects: filter tabs count the projects of each category, and the lightbox opens with the clicked project, locks scrolling, and returns focus', async ({
  page,
}) => {
  await page.goto('/projects');
  await islandsHydrated(page);
  await test.step('project filter tabs count the projects of each category, and each shows its count', async () => {
    const group = page.getByRole('group', { name: 'Filter projects' });
    const tabs = group.getByRole('radio');
    const labels = group.locator('label');
    await expect(tabs).toHaveCount(3);
    const { projects, projectsIn } = contentCounts;
    await expect(labels).toHaveText([
      new RegExp(`^All\\s*${projects}$`),
      new RegExp(`^Residential\\s*${projectsIn('Residential')}$`),
      new RegExp(`^Maintenance\\s*${projectsIn('Maintenance')}$`),
    ]);
    await expect(tabs.first()).toBeChecked();
    const count = async (index: number) =>
      Number((await labels.nth(index).innerText()).match(/(?<!\d)\d+$/)![0]);
    expect((await count(1)) + (await count(2))).toBe(projects);
    for (const index of [1, 2, 0]) {
      await labels.nth(index).click();
      await expect(tabs.nth(index)).toBeChecked();
      await expect(page.getByRole('list', { name: 'Projects' }).getByRole('article')).toHaveCount(
        await count(index),
      );
    }
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as { '@type': string; image?: unknown[] },
    );
    expect(ld.find((item) => item['@type'] === 'ImageGallery')?.image).toHaveLength(
      contentCounts.projectPictures,
    );
  });
  await test.step('the lightbox opens with the clicked project, locks scrolling, and returns focus', async () => {
    const card = page.getByRole('list', { name: 'Projects' }).getByRole('article').nth(3);
    const title = (await card.getByRole('heading').innerText()).trim();
    const trigger = card.getByRole('link', { name: title });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(/Residential|Maintenance/);
    await expect(page.locator('html')).toHaveCSS('overflow', 'hidden');
    await expect(dialog.locator(':focus')).toHaveCount(1);
    // The page behind is inert: tabbing never reaches it
    for (let press = 0; press < 3; press++) {
      await page.keyboard.press('Tab');
      const outside = await page.evaluate(() => {
        const active = document.activeElement;
        return active !== null && active !== document.body && !active.closest('dialog');
      });
      expect(outside).toBe(false);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden');

    await trigger.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
  });
});

test("an image that fails shows 'Failed to load image' in the lightbox and 'Image unavailable' in its tile; one still on its way shows 'Loading...' in its frame", async ({
  page,
}) => {
  await page.route(/\/_astro\/.*\.(svg|avif|webp|jpg)$/, (route) => route.abort());
  await test.step("a lightbox image that fails shows 'Failed to load image'", async () => {
    await page.goto('/projects');
    await islandsHydrated(page);
    await page
      .getByRole('list', { name: 'Projects' })
      .getByRole('article')
      .first()
      .getByRole('link')
      .click();
    await expect(page.getByRole('dialog')).toContainText('Failed to load image');
  });
  await test.step("a tile image that fails shows 'Image unavailable'", async () => {
    await page.goto('/services/residential');
    await expect(page.locator('[data-picture][data-state="failed"]').first()).toContainText(
      PICTURE_STATE_WORDS.failed,
    );
    await expect(
      page.locator('[data-picture][data-state="failed"] .picture-failed').first(),
    ).toBeVisible();
  });
  // From here the images never answer
  await page.unrouteAll();
  await page.route(/\/_astro\/.*\.(svg|avif|webp|jpg)$/, () => {});
  await test.step("a tile image still on its way shows 'Loading...' in its frame", async () => {
    await page.goto('/services/residential', { waitUntil: 'domcontentloaded' });
    const placeholder = page.locator('[data-picture] .picture-placeholder').first();
    await placeholder.scrollIntoViewIfNeeded();
    await expect(placeholder).toBeVisible();
    // CSS writes the words, so they are on screen but not in the page's text
    expect(
      await placeholder.evaluate((element) => getComputedStyle(element, '::before').content),
    ).toBe(JSON.stringify(PICTURE_STATE_WORDS.loading));
    await expect(placeholder).toHaveText('');
  });
});

test('the about page has the story, six values, a call to action and a gallery; the testimonial filter counts and clears', async ({
  page,
}) => {
  await test.step('the about page has the story, six values, a call to action and a gallery', async () => {
    await page.goto('/about');
    expect(
      await page.getByRole('region', { name: 'Our story' }).locator('p').count(),
    ).toBeGreaterThanOrEqual(3);
    await expect(
      page.getByRole('region', { name: 'Our core values' }).getByRole('heading', { level: 3 }),
    ).toHaveText(['Quality', 'Safety', 'Reliability', 'Expertise', 'Integrity', 'Efficiency']);
    await expect(page.locator('main a[href="/quote"]').first()).toBeVisible();
    const gallery = page.getByRole('list', { name: 'Photos from the job' });
    await gallery.scrollIntoViewIfNeeded();
    await islandsHydrated(page);
    await gallery.getByRole('article').first().getByRole('link').click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
  await test.step('the testimonial filter counts and clears', async () => {
    await page.goto('/testimonials');
    await islandsHydrated(page);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Home');
    const review = page.getByRole('link', { name: /Read our/ });
    await expect(review).toHaveAttribute('target', '_blank');
    await expect(review).toHaveAttribute('rel', /noopener/);
    // The status holds every choice's count line; CSS shows the chosen one
    const status = page.getByRole('status').filter({ hasText: 'Showing' });
    const total = contentCounts.testimonials;
    await expect(status).toHaveText(`Showing ${total} of ${total} reviews`, { useInnerText: true });
    const select = page.getByLabel('Service type');
    expect((await select.boundingBox())!.width).toBe(180);
    const counts: Record<string, number> = {};
    for (const service of ['Residential', 'Commercial']) {
      await select.selectOption(service);
      const cards = page
        .getByRole('list')
        .filter({ has: page.locator('figure') })
        .getByRole('listitem');
      counts[service] = await cards.count();
      await expect(status).toHaveText(`Showing ${counts[service]} of ${total} reviews`, {
        useInnerText: true,
      });
      for (const card of await cards.all()) await expect(card).toContainText(service);
    }
    expect(counts['Residential']! + counts['Commercial']!).toBe(total);
    // Clear Filters resets where the visitor is: no page load, no jump to the top
    const clear = page.getByRole('button', { name: 'Clear Filters' });
    await clear.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 200));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await clear.click();
    await expect(select).toHaveValue('');
    await expect(status).toHaveText(`Showing ${total} of ${total} reviews`, { useInnerText: true });
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(testimonialsPath);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(
      true,
    );
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await expect(page.locator('main a[href="/quote"]').first()).toBeVisible();
    await expect(page.locator('main a[href="/services"]').first()).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every project and review is visible', async ({ page }) => {
    await page.goto('/projects');
    await expect(page.getByRole('list', { name: 'Projects' }).getByRole('article')).toHaveCount(
      contentCounts.projects,
    );
    await expect(
      page.getByRole('list', { name: 'Projects' }).getByRole('article').last(),
    ).toBeVisible();
    await page.goto('/testimonials');
    await expect(page.locator('main figure')).toHaveCount(contentCounts.testimonials);
    await expect(page.locator('main figure').last()).toBeVisible();
    await page.goto('/');
    await expect(page.locator('#services article').first()).toBeVisible();
    await expect(page.locator('[data-hero-content]')).toBeVisible();
  });
});
