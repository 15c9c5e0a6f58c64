/** Every status of DESIGN.md's table, from the Node server, for GET and HEAD */
import { expect, test } from '@playwright/test';
import { aliases, redirects, retiredPaths } from '../../src/config/routes.ts';
import { siteOrigin } from '../../src/lib/site-url.ts';
import { specRedirects } from '../support/status-table.ts';
import { textOf } from '../support/e2e-site.ts';

test('the config holds exactly the redirects SPEC.md lists', () => {
  expect(redirects).toHaveLength(specRedirects.length);
  expect(retiredPaths).toEqual(['/gone', '/blog', '/sitemap', '/category/*']);
});

for (const [from, location] of specRedirects) {
  test(`${from} redirects permanently to ${location}`, async ({ request }) => {
    for (const method of ['get', 'head'] as const) {
      const response = await request[method](from, { maxRedirects: 0 });
      expect(response.status(), method).toBe(301);
      expect(response.headers()['location'], method).toBe(location);
    }
  });
}

for (const path of [
  '/gone',
  '/blog',
  '/sitemap',
  '/category/anything',
  '/category/news/old-post',
]) {
  test(`${path} answers 410 with the Page Gone page`, async ({ request }) => {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status()).toBe(410);
    const html = await response.text();
    expect(html).toContain('Page Gone');
    expect(html).toContain('This page has been permanently removed and is no longer available.');
    expect((await request.head(path)).status()).toBe(410);
  });
}

for (const path of ['/no-such-page', '/areas/electrician-nowhere', '/projects/x/y']) {
  test(`${path} answers 404 with the Not Found page`, async ({ request }) => {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>404/);
    expect(html).toContain('Page Not Found');
    expect(html).toContain('Go to Homepage');
    expect(html).toContain('Get a Free Quote');
  });
}

test("the Not Found page's heading reads as two words to a reader without styles, as a crawler's", async ({
  request,
}) => {
  const html = await (await request.get('/no-such-page')).text();
  const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)![1]!;
  // Its text as the DOM gives it: tags take no room
  expect(heading.replace(/<[^<>]*>/g, '').trim()).toBe('404 Page Not Found');
});

test('an unknown service slug answers 404 with Service not found', async ({ request }) => {
  const response = await request.get('/services/underwater-welding');
  expect(response.status()).toBe(404);
  const html = await response.text();
  expect(html).toContain('Service not found');
  expect(textOf(html)).toContain("The service you're looking for doesn't exist or has been moved.");
  expect(html).toMatch(/<a href="\/services"[^>]*>View All Services<\/a>/);
});

for (const alias of aliases) {
  test(`${alias.path} serves its page with the canonical at ${alias.canonical}`, async ({
    request,
  }) => {
    const response = await request.get(alias.path, { maxRedirects: 0 });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<link rel="canonical" href="${siteOrigin()}${alias.canonical}">`);
  });
}

test('a trailing slash redirects to the address without it', async ({ request }) => {
  const response = await request.get('/services/?a=1', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers()['location']).toBe('/services?a=1');
});

test('an old address with a trailing slash redirects to its new one in one hop', async ({
  request,
}) => {
  for (const [from, to] of [
    ['/who-we-are/', '/about'],
    ['/electrician-botany/?a=1', '/areas/electrician-botany?a=1'],
    ['/testimonial/jane/', '/testimonials'],
    ['/testimonial/', '/testimonials'],
    ['/testimonial/?a=1', '/testimonials?a=1'],
  ]) {
    const response = await request.get(from!, { maxRedirects: 0 });
    expect([response.status(), response.headers()['location']], from).toEqual([301, to]);
  }
});

test('other methods on pages answer 405', async ({ request }) => {
  const response = await request.fetch('/services', { method: 'DELETE' });
  expect(response.status()).toBe(405);
  expect(response.headers()['allow']).toBe('GET, HEAD');
});

for (const path of [
  '/..%2f..%2fetc/passwd',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/a%00b',
  '/%E0%A4%A',
  '/%C0%AE%C0%AE/etc/passwd',
]) {
  test(`hostile path ${path} is refused without a 5xx`, async ({ request }) => {
    const response = await request.get(path, { maxRedirects: 0 });
    expect([400, 404]).toContain(response.status());
    expect(await response.text()).not.toContain('root:');
  });
}
