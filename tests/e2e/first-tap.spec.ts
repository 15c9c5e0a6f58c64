/**
 * The tap that starts loading an island's code, while that code is still on its way (held back
 * here until the test lets it through): a tap on a project tab or on a field's label acts at once,
 * natively; a tap on a project card or on the form's button waits and is replayed on that element
 * once the island has hydrated, so the lightbox opens in place and the form checks what was sent.
 */
import { expect, test, type Page } from '@playwright/test';
import { projectsPath, quotePath } from '../../src/config/routes.ts';
import { FIELDS } from '../../src/lib/validation.ts';

/** Holds back the islands' JavaScript (the components and the React renderer) until released */
async function holdIslandScripts(page: Page) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let markRequested: () => void = () => {};
  const requested = new Promise<void>((resolve) => (markRequested = resolve));
  await page.route(/\/_astro\/(?:Gallery|QuoteForm|client)\.[\w-]+\.js$/, async (route) => {
    markRequested();
    await released;
    await route.continue();
  });
  return { requested, release };
}

const loadingIslands = (page: Page) => page.locator('astro-island[ssr]');

test('a tap on a project tab while the gallery loads shows what its label counts at once', async ({
  page,
}) => {
  const scripts = await holdIslandScripts(page);
  await page.goto(projectsPath);
  const group = page.getByRole('group', { name: 'Filter projects' });
  const label = group.locator('label').nth(1);
  const count = Number(/(?<!\d)\d+$/.exec((await label.innerText()).trim())![0]);
  await label.click();
  await scripts.requested;
  await expect(loadingIslands(page)).toHaveCount(1);
  await expect(group.getByRole('radio').nth(1)).toBeChecked();
  await expect(page.getByRole('list', { name: 'Projects' }).getByRole('article')).toHaveCount(
    count,
  );
  scripts.release();
  await expect(loadingIslands(page)).toHaveCount(0);
  await expect(group.getByRole('radio').nth(1)).toBeChecked();
  await expect(page.getByRole('list', { name: 'Projects' }).getByRole('article')).toHaveCount(
    count,
  );
});

test('a tap on a project while the gallery loads opens it in the lightbox once loaded, on the same page', async ({
  page,
}) => {
  const scripts = await holdIslandScripts(page);
  await page.goto(projectsPath);
  const link = page
    .getByRole('list', { name: 'Projects' })
    .getByRole('article')
    .first()
    .getByRole('link');
  const title = await link.innerText();
  await link.click();
  await scripts.requested;
  await expect(page.getByRole('dialog')).toBeHidden();
  scripts.release();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('heading')).toHaveText(title);
  expect(new URL(page.url()).pathname).toBe(projectsPath);
});

test("a tap on a field's label while the form loads focuses the field at once", async ({
  page,
}) => {
  const scripts = await holdIslandScripts(page);
  await page.goto(quotePath);
  const form = page.getByRole('form', { name: 'Quote request' });
  await form.getByText(FIELDS.name.labels.quote, { exact: true }).click();
  await scripts.requested;
  await expect(loadingIslands(page)).toHaveCount(1);
  await expect(form.getByLabel(FIELDS.name.labels.quote)).toBeFocused();
  await page.keyboard.type('Mere');
  scripts.release();
  await expect(loadingIslands(page)).toHaveCount(0);
  await expect(form.getByLabel(FIELDS.name.labels.quote)).toHaveValue('Mere');
});

test("a tap on the form's button while it loads is the form's own check once loaded, not the browser's", async ({
  page,
}) => {
  const scripts = await holdIslandScripts(page);
  await page.goto(quotePath);
  const form = page.getByRole('form', { name: 'Quote request' });
  await form.getByRole('button', { name: 'Request My Free Quote' }).click();
  await scripts.requested;
  await expect(form.getByLabel(FIELDS.name.labels.quote)).not.toHaveAttribute(
    'aria-invalid',
    'true',
  );
  scripts.release();
  await expect(form.getByLabel(FIELDS.name.labels.quote)).toHaveAttribute('aria-invalid', 'true');
  await expect(form.locator('.field-error', { hasText: FIELDS.name.missing })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(quotePath);
});
