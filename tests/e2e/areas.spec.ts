/** The East Auckland hub and the nine suburb pages: counts, structured data, and no spun text */
import { expect, test, type Page } from '@playwright/test';
import { areaPages } from '../../src/config/routes.ts';
import { business } from '../../src/config/business.ts';
import { siteOrigin } from '../../src/lib/site-url.ts';

const [hub, ...suburbs] = areaPages;
/** The business's one rating as a page words it: the same on every page, hub and suburbs alike */
const oneRating = `Rated ${business.claims.rating.value} out of ${business.claims.rating.best} from ${business.reviewSite.reviewCount} ${business.reviewSite.name}`;
const aimSuburbs = ['electrician-howick', 'electrician-pakuranga'];

interface JsonLd {
  '@type': string;
  [key: string]: unknown;
}

async function jsonLd(page: Page): Promise<JsonLd[]> {
  return (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (text) => JSON.parse(text) as JsonLd,
  );
}

test("the hub has its benefit cards, services, suburbs, article, nearby areas and structured data; its alias serves it with its canonical; a suburb's FAQ accordion keeps at most one answer open", async ({
  page,
}) => {
  await test.step('the hub has its benefit cards, services, suburbs, article, nearby areas and structured data', async () => {
    await page.goto(hub!.href);
    const hero = page.locator('main section').first();
    await expect(
      hero.getByRole('link', { name: `Call ${business.phone.display}` }),
    ).toHaveAttribute('href', `tel:${business.phone.e164}`);
    await expect(hero.getByRole('link', { name: 'Get Free Quote' })).toHaveAttribute(
      'href',
      '/quote',
    );
    await expect(
      page.getByRole('region', { name: 'Local, licensed and on call' }).getByRole('listitem'),
    ).toHaveCount(4);
    await expect(
      page
        .getByRole('region', { name: 'Electrical services across East Auckland' })
        .locator('ul[data-shared] > li'),
    ).toHaveCount(12);
    for (const href of [
      '/services/emergency-electrician',
      '/services/residential',
      '/services/commercial',
    ]) {
      await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
    }
    await expect(
      page.getByRole('region', { name: 'Suburbs we serve' }).getByRole('listitem'),
    ).toHaveCount(15);
    const words = (
      await page
        .getByRole('region', { name: 'A local guide to electrical work in East Auckland' })
        .innerText()
    ).split(/\s+/).length;
    expect(words).toBeGreaterThanOrEqual(900);
    expect(words).toBeLessThanOrEqual(1400);
    await expect(
      page.getByRole('region', { name: 'Find your suburb' }).getByRole('listitem'),
    ).toHaveCount(6);
    const data = await jsonLd(page);
    // The area and its places are the page's Service; the rating is the business's, on its node only
    const service = data.find((item) => item['@type'] === 'Service')!;
    expect(service).toMatchObject({ provider: { '@id': `${siteOrigin()}/#business` } });
    expect(service).not.toHaveProperty('aggregateRating');
    const places = service['areaServed'] as unknown[];
    expect(places.length).toBeGreaterThan(1);
    expect(places[0]).toMatchObject({
      name: 'East Auckland',
      geo: { latitude: -36.91, longitude: 174.91 },
    });
    expect(data.map((item) => item['@type'])).toContain('BreadcrumbList');
    await expect(page.locator('main')).toContainText(oneRating);
    await expect(page.locator('main')).not.toContainText(' of them by ');
  });
  await test.step('the hub alias serves the hub with its canonical', async () => {
    await page.goto('/electrician-east-auckland');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${siteOrigin()}/areas/electrician-east-auckland`,
    );
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
  await test.step('the FAQ accordion keeps at most one answer open and can be collapsed', async () => {
    await page.goto('/areas/electrician-botany');
    const items = page.locator('main details');
    await items.nth(0).locator('summary').click();
    await expect(items.nth(0)).toHaveAttribute('open', '');
    await items.nth(1).locator('summary').click();
    await expect(items.nth(1)).toHaveAttribute('open', '');
    await expect(items.nth(0)).not.toHaveAttribute('open', '');
    await items.nth(1).locator('summary').click();
    await expect(page.locator('main details[open]')).toHaveCount(0);
  });
});

/** Suburb pages per test: a new browser page per test costs more than the checks of a page */
const SUBURBS_PER_TEST = 5;
for (let first = 0; first < suburbs.length; first += SUBURBS_PER_TEST) {
  const group = suburbs.slice(first, first + SUBURBS_PER_TEST);
  test(`${group.map((area) => area.href).join(', ')}: each has every block, a matching FAQPage, and the one rating with its suburb's share`, async ({
    page,
  }) => {
    for (const { href } of group) {
      const slug = href.replace('/areas/', '');
      await test.step(`/areas/${slug} has every block, a matching FAQPage, and the one rating with its suburb's share`, async () => {
        await page.goto(href);
        const hero = page.locator('main section').first();
        await expect(hero.getByRole('link', { name: /^Call / })).toHaveAttribute(
          'href',
          `tel:${business.phone.e164}`,
        );
        await expect(hero.getByRole('link', { name: 'Get Free Quote' })).toHaveAttribute(
          'href',
          '/quote',
        );
        await expect(
          page.getByRole('region', { name: 'Why you can trust us' }).getByRole('listitem'),
        ).toHaveCount(4);
        const services = await page.locator('main ul[data-shared] > li').count();
        expect(services).toBeGreaterThanOrEqual(10);
        expect(services).toBeLessThanOrEqual(12);
        await expect(page.getByRole('link', { name: 'View All Services' })).toHaveAttribute(
          'href',
          '/services',
        );
        await expect(
          page
            .getByRole('heading', { name: /^Suburbs we serve from/ })
            .locator('..')
            .getByRole('listitem'),
        ).toHaveCount(8);
        expect(
          await page
            .getByRole('region', { name: 'Nearby areas we cover' })
            .locator('li.card')
            .count(),
        ).toBeGreaterThanOrEqual(3);
        const contact = page.getByRole('region', { name: 'Get in touch' });
        await expect(contact.getByRole('link', { name: business.phone.display })).toHaveAttribute(
          'href',
          `tel:${business.phone.e164}`,
        );
        await expect(contact.getByRole('link', { name: business.email })).toBeVisible();
        await expect(contact.getByRole('link', { name: 'Request a free quote' })).toHaveAttribute(
          'href',
          '/quote',
        );
        await expect(
          page.getByRole('complementary', { name: '24/7 emergency electrician' }),
        ).toContainText(business.phone.display);
        await expect(page.getByRole('heading', { name: /^Why choose us in/ })).toBeVisible();
        for (const href of [
          '/services/residential',
          '/services/commercial',
          '/services/emergency-electrician',
        ]) {
          await expect(page.locator(`main a[href="${href}"]`).first()).toBeAttached();
        }

        const questions = await page.locator('main details summary').allInnerTexts();
        expect(questions.length).toBeGreaterThanOrEqual(4);
        expect(questions.length).toBeLessThanOrEqual(5);
        const answers = await page.locator('main details > p').allTextContents();
        const data = await jsonLd(page);
        const faq = data.find((item) => item['@type'] === 'FAQPage')!;
        const entities = faq['mainEntity'] as { name: string; acceptedAnswer: { text: string } }[];
        expect(entities.map((entity) => entity.name)).toEqual(
          questions.map((question) => question.trim()),
        );
        expect(entities.map((entity) => entity.acceptedAnswer.text)).toEqual(answers);
        const topics = questions.join(' ').toLowerCase();
        expect(topics).toMatch(/certificate/);
        expect(topics).toMatch(/quote/);

        const service = data.find((item) => item['@type'] === 'Service')!;
        expect(service).not.toHaveProperty('aggregateRating');
        // The suburb's share of the reviews is in the text only, beside the one rating: one share, from the facts
        const main = page.locator('main');
        await expect(main).toContainText(oneRating);
        const text = await main.innerText();
        const shown = business.reviewShares.filter((share) =>
          text.includes(`${oneRating}, ${share.reviews} of them by ${share.name} customers`),
        );
        expect(shown, 'the share of the suburb the page is named after').toHaveLength(1);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(
          page.getByText(`Electrician in ${shown[0]!.name}`, { exact: true }),
        ).toBeVisible();
        if (aimSuburbs.includes(slug))
          await expect(page.locator('main')).toContainText(business.claims.emergencyResponseAim);
        else
          await expect(page.locator('main')).not.toContainText(
            business.claims.emergencyResponseAim,
          );
      });
    }
  });
}

test('no two area pages share a run of 20 words outside the shared blocks', async ({ page }) => {
  const RUN = 20;
  const texts = new Map<string, string[]>();
  for (const area of areaPages) {
    await page.goto(area.href);
    const words = await page.evaluate(() => {
      const main = document.querySelector('main')!.cloneNode(true) as HTMLElement;
      main.querySelectorAll('[data-shared]').forEach((element) => element.remove());
      return (main.textContent ?? '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
        .split(/\s+/)
        .filter(Boolean);
    });
    texts.set(area.href, words);
  }
  const runs = (words: string[]) =>
    new Set(
      words
        .slice(0, Math.max(0, words.length - RUN + 1))
        .map((_, i) => words.slice(i, i + RUN).join(' ')),
    );
  const pages = [...texts.entries()];
  const shared: string[] = [];
  for (let a = 0; a < pages.length; a++) {
    const first = runs(pages[a]![1]);
    for (let b = a + 1; b < pages.length; b++) {
      const run = [...runs(pages[b]![1])].find((candidate) => first.has(candidate));
      if (run) shared.push(`${pages[a]![0]} and ${pages[b]![0]}: "${run}"`);
    }
  }
  console.log(
    `uniqueness: ${pages.length} area pages, ${pages.reduce((sum, [, words]) => sum + words.length, 0)} words compared in runs of ${RUN}`,
  );
  expect(shared).toEqual([]);
});
