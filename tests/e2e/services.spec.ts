/** Services: the landing page, the group pages' counts, every detail page and its buttons */
import { expect, test } from '@playwright/test';
import { serviceSlugs } from '../../src/config/routes.ts';
import { business, yearsClaim } from '../../src/config/business.ts';
import { contentCounts } from '../support/content.ts';

const detailSlugs = [
  ...serviceSlugs.residential,
  ...serviceSlugs.commercial,
  ...serviceSlugs.other,
];

test('/services links to the three group pages', async ({ page }) => {
  await page.goto('/services');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Electrical and handyman services',
  );
  const groups = page.getByRole('region', { name: 'What do you need done?' });
  for (const href of ['/services/residential', '/services/commercial', '/services/handyman']) {
    await expect(groups.locator(`a[href="${href}"]`)).toHaveCount(1);
  }
});

test('/services/residential shows the featured switchboard service and every other residential one', async ({
  page,
}) => {
  await page.goto('/services/residential');
  const featured = page.getByRole('region', { name: 'Featured service' });
  await expect(featured.getByRole('heading', { name: 'Switchboard Upgrades' })).toBeVisible();
  await expect(featured.locator('a[href="/services/switchboard-upgrades"]')).toHaveCount(1);
  const cards = page
    .getByRole('region', { name: 'Everything else we do in your home' })
    .getByRole('article');
  await expect(cards).toHaveCount(contentCounts.servicesIn('residential') - 1);
  for (const slug of serviceSlugs.residential.slice(1)) {
    await expect(page.locator(`article a[href="/services/${slug}"]`)).toHaveCount(1);
  }
  await expect(page.locator('main a[href="/quote"]').first()).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Areas we serve' }).getByRole('link'),
  ).toHaveCount(10);
});

test('/services/commercial shows every commercial service', async ({ page }) => {
  await page.goto('/services/commercial');
  await expect(
    page.getByRole('region', { name: 'Commercial electrical services' }).getByRole('article'),
  ).toHaveCount(contentCounts.servicesIn('commercial'));
  for (const slug of serviceSlugs.commercial)
    await expect(page.locator(`article a[href="/services/${slug}"]`)).toHaveCount(1);
  await expect(
    page.getByRole('navigation', { name: 'Areas we serve' }).getByRole('link'),
  ).toHaveCount(10);
  await expect(page.locator('main a[href="/quote"]').first()).toBeVisible();
});

test('/services/handyman lists the nine handyman jobs and why to choose us', async ({ page }) => {
  await page.goto('/services/handyman');
  const jobs = page.getByRole('region', { name: 'Handyman jobs we take on' }).getByRole('listitem');
  await expect(jobs).toHaveCount(9);
  for (const job of [
    'TV wall mounting',
    'furniture assembly',
    'patch and paint',
    'fences, gates, decks',
  ]) {
    await expect(jobs.filter({ hasText: new RegExp(job, 'i') })).toHaveCount(1);
  }
  await expect(
    page.getByRole('heading', { name: 'Why choose us for handyman work' }),
  ).toBeVisible();
  await expect(page.locator('main a[href="/quote"]').first()).toBeVisible();
});

/** Detail pages per test: a new browser page per test costs more than the checks of a page */
const SLUGS_PER_TEST = 5;
for (let first = 0; first < detailSlugs.length; first += SLUGS_PER_TEST) {
  const slugs = detailSlugs.slice(first, first + SLUGS_PER_TEST);
  test(`${slugs.map((slug) => `/services/${slug}`).join(', ')}: each has its hero, trust cards, paragraphs, benefits and wired buttons`, async ({
    page,
  }) => {
    for (const slug of slugs)
      await test.step(`/services/${slug}`, async () => {
        await page.goto(`/services/${slug}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        for (const trust of ['24/7 Emergency Service', 'Licensed & Insured', 'Expert Team']) {
          await expect(page.getByRole('heading', { name: trust, exact: true })).toBeVisible();
        }
        const about = page.getByRole('region', { name: 'About This Service' });
        expect(await about.locator('p').count()).toBeGreaterThanOrEqual(3);
        const benefits = page
          .getByRole('region', { name: 'Why Choose Our Service' })
          .getByRole('listitem');
        expect(await benefits.count()).toBeGreaterThanOrEqual(4);
        const hero = page.locator('main section').first();
        await expect(hero.getByRole('link', { name: 'Get a Free Quote' })).toHaveAttribute(
          'href',
          '/quote',
        );
        await expect(hero.getByRole('link', { name: 'Call Now' })).toHaveAttribute(
          'href',
          `tel:${business.phone.e164}`,
        );
        const types = (
          await page.locator('script[type="application/ld+json"]').allTextContents()
        ).flatMap((json) => {
          const data = JSON.parse(json) as { '@type'?: string; '@graph'?: { '@type': string }[] };
          return data['@graph']?.map((node) => node['@type']) ?? [data['@type']];
        });
        expect(types).toEqual(['Electrician', 'WebPage', 'Service', 'BreadcrumbList']);
      });
  });
}

test('the lighting page makes the energy and lifespan claims', async ({ page }) => {
  await page.goto('/services/led-lighting-installation');
  await expect(page.locator('main')).toContainText('up to 80%');
  await expect(page.locator('main')).toContainText('15–25 year');
});

test("'Get a Free Quote' leads to the quote page", async ({ page }) => {
  await page.goto('/services/ceiling-fans');
  await page
    .locator('main section')
    .first()
    .getByRole('link', { name: 'Get a Free Quote' })
    .click();
  await expect(page).toHaveURL(/\/quote$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test("'Back to all services' goes back in history when the visitor came from this site", async ({
  page,
}) => {
  await page.goto('/services/residential');
  await page.locator('article a[href="/services/ceiling-fans"]').click();
  await expect(page).toHaveURL(/ceiling-fans$/);
  await page.getByRole('link', { name: 'Back to all services' }).click();
  await expect(page).toHaveURL(/\/services\/residential$/);
});

test("'Back to all services' goes to /services for a visitor from elsewhere", async ({ page }) => {
  await page.goto('/services/ceiling-fans');
  await page.getByRole('link', { name: 'Back to all services' }).click();
  await expect(page).toHaveURL(/\/services$/);
});

test('the emergency page has its number, situations, areas and safety tips', async ({ page }) => {
  for (const path of ['/services/emergency-electrician', '/emergency-electrician-auckland']) {
    await page.goto(path);
    await expect(
      page
        .locator('main section')
        .first()
        .getByRole('link', { name: `Call ${business.phone.display}` }),
    ).toHaveAttribute('href', `tel:${business.phone.e164}`);
    await expect(
      page
        .getByRole('heading', { name: 'Call us straight away if you have' })
        .locator('..')
        .getByRole('listitem'),
    ).toHaveCount(10);
    await expect(
      page.getByRole('navigation', { name: 'Emergency response areas' }).getByRole('link'),
    ).toHaveCount(10);
    const tips = page.getByRole('region', { name: 'Stay safe while you wait' });
    await expect(tips).toContainText('111');
    await expect(tips).toContainText('main switch');
    await expect(tips).toContainText(business.linesCompany.phoneDisplay);
    await expect(tips).toContainText(/treat .*live/i);
    // One figure for the experience claim, the configured one (the old site also said 20+ and 25+)
    await expect(page.locator('main')).toContainText(yearsClaim);
    const claims = (await page.locator('main').innerText()).match(/\b\d+\+\s+years/g) ?? [];
    expect(new Set(claims.map((claim) => claim.replace(/\s+/, ' ')))).toEqual(
      new Set([yearsClaim]),
    );
    for (const href of ['/services', '/quote'])
      await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
  }
});
