/** The privacy statement: what it says about the forms and the counting, and the footer link to it on every page */
import { expect, test } from '@playwright/test';
import { business } from '../../src/config/business.ts';
import { privacyPath } from '../../src/config/routes.ts';
import { errorPages, sitemapPaths } from '../support/e2e-site.ts';

test('the privacy page says what the forms collect, how visits are counted, and how to reach the business', async ({
  page,
}) => {
  const response = await page.goto(privacyPath);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy statement');
  const main = page.getByRole('main');
  const collected = main.locator('p', { hasText: 'The short form on our home page asks for' });
  for (const field of [
    'your name',
    'your email address',
    'your message',
    'your phone number',
    'your address',
    'the kind of service you need',
  ]) {
    await expect(collected).toContainText(field);
  }
  await expect(
    main.getByRole('listitem').filter({ hasText: 'the page of this website you sent it from' }),
  ).toHaveCount(1);
  await expect(main.getByRole('listitem').filter({ hasText: 'user-agent' })).toHaveCount(1);
  await expect(main).toContainText('no cookies');
  await expect(main).toContainText('Do Not Track or Global Privacy Control');
  // The built-in endpoint (the default build): stored on the business's own server
  await expect(main).toContainText('stored in a database on our own web server');
  for (const link of await main.getByRole('link', { name: business.phone.display }).all()) {
    await expect(link).toHaveAttribute('href', `tel:${business.phone.e164}`);
  }
  await expect(main.getByRole('link', { name: business.phone.display })).toHaveCount(2);
  await expect(main.getByRole('link', { name: business.email })).toHaveCount(2);
  await expect(main.getByRole('link', { name: business.email }).first()).toHaveAttribute(
    'href',
    `mailto:${business.email}`,
  );
  await expect(main.getByRole('link', { name: 'privacy.org.nz' })).toHaveAttribute(
    'href',
    'https://www.privacy.org.nz/',
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`${privacyPath}$`),
  );
});

test('the footer of the home page links to the privacy statement', async ({ page }) => {
  await page.goto('/');
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy statement' });
  await expect(link).toHaveAttribute('href', privacyPath);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${privacyPath}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy statement');
});

test('every page, error pages included, has the footer link, and the sitemap lists the privacy page', async ({
  request,
}) => {
  const paths = await sitemapPaths(request);
  expect(paths).toContain(privacyPath);
  for (const path of [...paths, ...errorPages]) {
    const html = await (await request.get(path)).text();
    const footer = /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? '';
    expect(footer, path).toContain(`href="${privacyPath}"`);
  }
});

test('the privacy page says how long quote requests are kept and how to have one deleted', async ({
  page,
}) => {
  await page.goto(privacyPath);
  const main = page.getByRole('main');
  const partAfter = (heading: string) =>
    main.getByRole('heading', { level: 2, name: heading }).locator('xpath=following-sibling::p[1]');
  const keeping = partAfter('How long we keep it');
  await expect(keeping).toContainText(
    'We keep your request for as long as we need it to answer you, quote the job, do the work, and keep the business records the law requires.',
  );
  await expect(keeping).toContainText(
    'If you ask us to delete it, we will. A copy may stay in our backups until those are replaced.',
  );
  // The acknowledgement's one record, while the business sends it
  const acknowledgement = main.getByText('When your request arrives, our server emails you once');
  if (business.acknowledgeRequests)
    await expect(acknowledgement).toContainText(
      'it keeps a one-way fingerprint of your email address (not the address itself) for 24 hours, then deletes it.',
    );
  else await expect(acknowledgement).toHaveCount(0);
  const deleting = partAfter('Seeing, correcting or deleting your details');
  await expect(deleting).toContainText("We'll also delete your quote request whenever you ask.");
  await expect(deleting.getByRole('link', { name: business.phone.display })).toHaveAttribute(
    'href',
    `tel:${business.phone.e164}`,
  );
  await expect(deleting.getByRole('link', { name: business.email })).toHaveAttribute(
    'href',
    `mailto:${business.email}`,
  );
});
