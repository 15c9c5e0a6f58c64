/**
 * The visitor in a hurry, on a phone (390 × 844) and a desktop (1280 × 800): the emergency call on
 * the first screen, the safety steps within two screens, trust claims that can be checked, a map
 * that can be read and tapped, cards and regions with names, and titles that keep their acronyms.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { business, telHref } from '../../src/config/business.ts';
import { availability } from '../../src/lib/site-day.ts';
import { emergencyHelpWords } from '../../src/lib/availability.ts';

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
/** What the fixed call/quote bar covers at the foot of a phone's screen */
const FIXED_BAR = 70;

/** Top and bottom of an element in page coordinates, whatever the scroll position */
async function pageBox(
  locator: Locator,
): Promise<{ top: number; bottom: number; left: number; right: number }> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return {
      top: box.top + scrollY,
      bottom: box.bottom + scrollY,
      left: box.left,
      right: box.right,
    };
  });
}

/** The lines of an accessibility snapshot that are of a role, with their names ('' when unnamed) */
async function namesOf(page: Page, role: string): Promise<string[]> {
  const snapshot = await page.locator('body').ariaSnapshot();
  return [
    ...snapshot.matchAll(new RegExp(`^\\s*- ${role}(?: "((?:[^"\\\\]|\\\\.)*)")?`, 'gm')),
  ].map((match) => match[1] ?? '');
}

for (const viewport of viewports) {
  const phone = viewport.width < 600;
  // Outside the fixed call/quote bar on a phone
  const firstScreen = phone ? viewport.height - FIXED_BAR : viewport.height;

  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the home page: the emergency call on the first screen, the rating and the satisfaction told apart with the owner and the register, and a map that can be read and tapped', async ({
      page,
    }) => {
      await test.step('the home page says 24/7 emergency help and offers the call on its first screen', async () => {
        await page.goto('/');
        const hero = page.getByRole('region', {
          name: 'Your local electrician and handyman in East Auckland',
        });
        const claim = hero.getByText(emergencyHelpWords(availability, 'emergency call-outs'), {
          exact: true,
        });
        const call = hero.getByRole('link', { name: `Call ${business.phone.display}` });
        await expect(call).toHaveAttribute('href', telHref);
        for (const element of [claim, call]) {
          await expect(element).toBeVisible();
          expect((await pageBox(element)).bottom).toBeLessThanOrEqual(firstScreen);
        }
        // SPEC's three-field hero form stays
        await expect(
          page.getByRole('form', { name: 'Request a free quote' }).getByRole('textbox'),
        ).toHaveCount(3);
      });
      await test.step('the home page tells the rating and the satisfaction apart, and shows the owner and the register', async () => {
        await page.goto('/');
        const about = page.getByRole('region', { name: /^Meet / });
        const { rating, satisfactionPercent } = business.claims;
        await expect(
          about.getByRole('listitem').filter({ hasText: `${rating.value}/${rating.best}` }),
        ).toContainText(`average rating on ${business.reviewSite.name}`);
        await expect(about.getByRole('link', { name: business.reviewSite.name })).toHaveAttribute(
          'href',
          business.reviewSite.url,
        );
        await expect(
          about.getByRole('listitem').filter({ hasText: `${satisfactionPercent}%` }),
        ).toContainText('of all our customers satisfied');
        await expect(
          about.getByRole('link', { name: 'Check it on the public register' }),
        ).toHaveAttribute('href', business.registration.registerUrl);
        await expect(
          about.getByRole('img', { name: `${business.owner}, the owner, beside his service van` }),
        ).toBeVisible();
        await page.goto('/about');
        const story = page.getByRole('region', { name: 'Our story' });
        await expect(
          story.getByRole('img', { name: `${business.owner}, the owner, beside his service van` }),
        ).toBeVisible();
        await expect(story).toContainText(business.registration.number);
      });
      await test.step('the map has readable labels and tap targets, no directions, and fills its card', async () => {
        await page.goto('/');
        const contact = page.locator('#contact');
        await contact.scrollIntoViewIfNeeded();
        const points = contact.locator('[data-map-point]');
        expect(await points.count()).toBeGreaterThanOrEqual(5);
        const labels: { left: number; right: number; top: number; bottom: number }[] = [];
        for (const point of await points.all()) {
          const box = (await point.boundingBox())!;
          expect(box.width).toBeGreaterThanOrEqual(24);
          expect(box.height).toBeGreaterThanOrEqual(24);
          const label = point.locator('text');
          expect(
            parseFloat(await label.evaluate((text) => getComputedStyle(text).fontSize)),
          ).toBeGreaterThanOrEqual(12);
          const { x, y, width, height } = (await label.boundingBox())!;
          labels.push({ left: x, right: x + width, top: y, bottom: y + height });
        }
        // No two labels overlap
        for (const [index, a] of labels.entries()) {
          for (const b of labels.slice(index + 1)) {
            const apart =
              a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
            expect(apart, `labels at ${JSON.stringify(a)} and ${JSON.stringify(b)} overlap`).toBe(
              true,
            );
          }
        }
        await expect(contact.getByRole('link', { name: /directions/i })).toHaveCount(0);
        // The map takes the card's height down to its button row: no empty half-card
        const frame = await pageBox(contact.locator('[data-map-frame]'));
        const card = await pageBox(contact.locator('[data-map-frame]').locator('..'));
        const buttons = await pageBox(
          contact.getByRole('button', { name: 'Load interactive map' }).locator('..'),
        );
        expect(Math.abs(frame.bottom - buttons.top)).toBeLessThanOrEqual(1);
        expect(Math.abs(buttons.bottom - card.bottom)).toBeLessThanOrEqual(2);
      });
    });

    test("the service pages: the emergency page's response aim, safety steps and closing block, the licence with its register, and closing headings that keep their acronyms", async ({
      page,
    }) => {
      await test.step('the emergency page states the response aim and the safety steps within two screens', async () => {
        await page.goto('/services/emergency-electrician');
        const hero = page.locator('main section').first();
        await expect(hero).toContainText(
          new RegExp(
            `Emergency response aim in Howick and Pakuranga: ${business.claims.emergencyResponseAim}\\.`,
          ),
        );
        await expect(
          hero.getByRole('link', { name: `Call ${business.phone.display}` }),
        ).toHaveAttribute('href', telHref);
        const steps = page
          .getByRole('region', { name: 'First, make it safe' })
          .getByRole('listitem');
        await expect(steps).toHaveText([
          /Call 111/,
          /main switch/,
          new RegExp(
            `${business.linesCompany.name} on ${business.linesCompany.phoneDisplay.replaceAll(' ', '\\s')}`,
          ),
        ]);
        expect((await pageBox(steps.last())).bottom).toBeLessThanOrEqual(2 * viewport.height);
      });
      await test.step("the emergency page's closing block makes the phone number the solid button", async () => {
        await page.goto('/services/emergency-electrician');
        const closing = page.getByRole('region', { name: 'Power problem right now?' });
        const links = closing.getByRole('link');
        await expect(links.first()).toHaveText(`Call ${business.phone.display}`);
        await expect(links.first()).toHaveAttribute('href', telHref);
        await expect(links.nth(1)).toHaveText('Get a Free Quote');
        const background = (link: Locator) =>
          link.evaluate((element) => getComputedStyle(element).backgroundColor);
        expect(await background(links.first())).toBe('rgb(255, 255, 255)');
        expect(await background(links.nth(1))).toBe('rgba(0, 0, 0, 0)');
      });
      await test.step('the licensed-and-insured claim comes with the registration number and the public register', async () => {
        await page.goto('/services/led-lighting-installation');
        const card = page
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: 'Licensed & Insured' }) });
        await expect(card).toContainText(business.registration.number);
        const register = card.getByRole('link', { name: 'Check it on the public register' });
        await expect(register).toBeVisible();
        await expect(register).toHaveAttribute('href', business.registration.registerUrl);
      });
      await test.step('the closing heading of a service page keeps its acronyms', async () => {
        for (const [slug, heading] of [
          ['led-lighting-installation', 'Need help with LED lighting installation?'],
          ['tv-mounting', 'Need help with TV mounting?'],
          ['electric-car-charging', 'Need help with home EV charger installation?'],
          ['switchboard-upgrades', 'Need help with switchboard upgrades?'],
        ] as const) {
          await page.goto(`/services/${slug}`);
          await expect(
            page.getByRole('heading', { level: 2, name: heading, exact: true }),
          ).toBeVisible();
        }
      });
    });

    test('cards are named articles and regions are labelled by text on the page', async ({
      page,
    }) => {
      for (const path of [
        '/',
        '/projects',
        '/services',
        '/services/residential',
        '/services/commercial',
        '/about',
      ]) {
        await page.goto(path);
        const articles = await namesOf(page, 'article');
        expect(articles.length, path).toBeGreaterThan(0);
        expect(
          articles.filter((name) => name === ''),
          `${path}: unnamed articles`,
        ).toEqual([]);
        expect(new Set(articles).size, `${path}: articles share a name`).toBe(articles.length);
      }
      for (const path of [
        '/',
        '/services/emergency-electrician',
        '/services/led-lighting-installation',
        '/services/residential',
        '/about',
      ]) {
        await page.goto(path);
        const hidden = await page
          .locator('section[aria-label], section[aria-labelledby]')
          .evaluateAll((sections) =>
            sections.flatMap((section) => {
              const labelledBy = section.getAttribute('aria-labelledby');
              const label = labelledBy ? document.getElementById(labelledBy) : null;
              const name = (label?.textContent ?? section.getAttribute('aria-label') ?? '').trim();
              const shown = (element: Element) => {
                const box = element.getBoundingClientRect();
                return element.checkVisibility() && box.width > 1 && box.height > 1;
              };
              if (label) return shown(label) ? [] : [name];
              // An aria-label counts as visible when the section shows the same words
              const words = [...section.querySelectorAll('h1, h2, h3, p')]
                .filter(shown)
                .map((element) => element.textContent?.trim().toLowerCase());
              return words.includes(name.toLowerCase()) ? [] : [name];
            }),
          );
        expect(hidden, `${path}: regions whose label is not shown`).toEqual([]);
      }
    });
  });
}
