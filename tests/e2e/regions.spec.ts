/**
 * One region per area, the same wherever the site names it (the footer, the quote page's groups,
 * the questions on the area's page, the map), and every area on the map where it is: the
 * geography of ../shared/research/NZ-FACTS.md.
 */
import { expect, test, type Page } from '@playwright/test';
import { areaPages } from '../../src/config/routes.ts';

const [hub, ...suburbs] = areaPages;
const pageOf = (label: string) => areaPages.find((area) => area.label === label)!;

/** The footer's areas: each area page's href with the region heading it is listed under */
async function footerRegions(page: Page): Promise<Map<string, string[]>> {
  const nav = page.getByRole('contentinfo').getByRole('navigation', { name: 'Where we work' });
  await expect(nav.getByRole('heading', { level: 2 })).toHaveText('Where we work');
  const listed = new Map<string, string[]>();
  for (const group of await nav.locator('h3').all()) {
    const region = (await group.textContent())!.trim();
    for (const href of await group
      .locator('xpath=following-sibling::ul[1]//a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!)))
      listed.set(href, [...(listed.get(href) ?? []), region]);
  }
  return listed;
}

test("the footer lists every area page once, under the region it is in; the quote page's groups put each suburb in its page's region; the home map has a pin for every suburb page, each where the suburb is", async ({
  page,
}) => {
  await page.goto('/does-not-exist');
  const listed = await footerRegions(page);
  await test.step('the footer lists every area page once, under the region it is in', async () => {
    expect([...listed.keys()].sort()).toEqual(areaPages.map((area) => area.href).sort());
    for (const [href, regions] of listed) expect(regions, href).toHaveLength(1);
    // NZ-FACTS.md: Ōtāhuhu is South Auckland; the Eastern Bays are central isthmus, not East Auckland
    expect(listed.get(pageOf('Ōtāhuhu').href)).toEqual(['South Auckland']);
    expect(listed.get(pageOf('Eastern Bays').href)).not.toEqual(['East Auckland']);
    expect(listed.get(hub!.href)).toEqual(['East Auckland']);
    for (const label of [
      'Botany',
      'Howick',
      'Pakuranga',
      'Dannemora & Highland Park',
      'Bucklands Beach & Half Moon Bay',
    ])
      expect(listed.get(pageOf(label).href), label).toEqual(['East Auckland']);
  });
  await test.step("the quote page's groups put each suburb with a page in that page's region", async () => {
    await page.goto('/quote');
    const groups = page.getByRole('region', { name: 'Our Service Areas' }).locator('section');
    let linked = 0;
    for (const group of await groups.all()) {
      const heading = (await group.getByRole('heading').innerText()).trim();
      for (const link of await group.getByRole('link').all()) {
        const href = (await link.getAttribute('href'))!;
        const [region] = listed.get(href) ?? [];
        // 'East Auckland Additional' is East Auckland too
        expect(
          heading.startsWith(region!),
          `${await link.innerText()} under "${heading}", its page in ${region}`,
        ).toBe(true);
        linked++;
      }
    }
    expect(linked).toBeGreaterThanOrEqual(suburbs.length);
  });
  await test.step('the home map has a pin for every suburb page, each where the suburb is', async () => {
    await page.goto('/');
    const map = page.locator('#contact [data-map-frame] svg');
    await map.scrollIntoViewIfNeeded();
    const pins = new Map<string, { x: number; y: number }>();
    for (const point of await map.locator('[data-map-point]').all()) {
      const dot = (await point.locator('circle').last().boundingBox())!;
      pins.set((await point.getAttribute('href'))!, {
        x: dot.x + dot.width / 2,
        y: dot.y + dot.height / 2,
      });
    }
    expect([...pins.keys()].sort()).toEqual(suburbs.map((area) => area.href).sort());
    const at = (label: string) => pins.get(pageOf(label).href)!;
    /** Compass directions from NZ-FACTS.md and the suburbs' places on the ground; screen y grows southwards */
    const south = (a: string, b: string) =>
      expect(at(a).y, `${a} south of ${b}`).toBeGreaterThan(at(b).y);
    const east = (a: string, b: string) =>
      expect(at(a).x, `${a} east of ${b}`).toBeGreaterThan(at(b).x);
    // Dannemora lies south-east of Botany Town Centre
    south('Dannemora & Highland Park', 'Botany');
    east('Dannemora & Highland Park', 'Botany');
    // The Eastern Bays are across the Tāmaki River, north-west of Pakuranga and north of Ōtāhuhu
    south('Pakuranga', 'Eastern Bays');
    east('Pakuranga', 'Eastern Bays');
    south('Ōtāhuhu', 'Eastern Bays');
    // Bucklands Beach is north-west of Howick; Whitford south-east of it; East Tāmaki south of Botany; Ōtāhuhu west of Pakuranga
    south('Howick', 'Bucklands Beach & Half Moon Bay');
    east('Howick', 'Bucklands Beach & Half Moon Bay');
    south('Whitford & Beachlands', 'Howick');
    east('Whitford & Beachlands', 'Howick');
    south('East Tāmaki', 'Botany');
    east('Pakuranga', 'Ōtāhuhu');
    // The map says which parts of Auckland it shows, as the footer groups them
    const title = await map.locator('title').textContent();
    for (const region of new Set([...(await footerRegions(page)).values()].flat()))
      expect(title).toContain(region);
  });
});

test('every area page gives the places it covers with their coordinates, in Auckland; a suburb page that says which region it is in says the one the footer gives it, and its breadcrumbs lead through East Auckland only when it is there', async ({
  page,
}) => {
  let stated = 0;
  for (const area of areaPages) {
    await test.step(`${area.href} gives its places with coordinates in Auckland${area === hub ? '' : ', and the region the footer gives it'}`, async () => {
      await page.goto(area.href);
      const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
        (text) =>
          JSON.parse(text) as {
            '@type': string;
            areaServed?: { name: string; geo?: { latitude: number; longitude: number } }[];
          },
      );
      const places = data.find((item) => item['@type'] === 'Service')!.areaServed!;
      expect(places.length, area.href).toBeGreaterThan(0);
      for (const place of places) {
        expect(place.geo, `${area.href}: ${place.name}`).toBeDefined();
        expect(place.geo!.latitude, place.name).toBeGreaterThan(-37.1);
        expect(place.geo!.latitude, place.name).toBeLessThan(-36.8);
        expect(place.geo!.longitude, place.name).toBeGreaterThan(174.7);
        expect(place.geo!.longitude, place.name).toBeLessThan(175.1);
      }
      if (area === hub) return;
      const [region] = (await footerRegions(page)).get(area.href)!;
      const questions = (await page.locator('main details').allTextContents()).join('\n');
      for (const [, named] of questions.matchAll(
        /\b(?:is|are) in (East Auckland|South Auckland|Auckland Central)\b/g,
      )) {
        expect(named, area.href).toBe(region);
        stated++;
      }
      if (region !== 'East Auckland')
        expect(questions, `${area.href} says it is in ${region}`).toContain(`in ${region}`);
      // The breadcrumbs, and their structured data, put a suburb under the hub only in the hub's region
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link');
      const trail = ['Home', ...(region === 'East Auckland' ? [hub!.label] : [])];
      await expect(crumbs, area.href).toHaveText(trail);
      const breadcrumbList = data.find((item) => item['@type'] === 'BreadcrumbList') as unknown as {
        itemListElement: { name: string }[];
      };
      expect(breadcrumbList.itemListElement.map((item) => item.name).slice(0, -1)).toEqual(trail);
    });
  }
  expect(stated, 'suburb pages that say which region they are in').toBeGreaterThanOrEqual(2);
});
