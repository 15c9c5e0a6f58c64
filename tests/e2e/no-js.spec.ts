/**
 * Nothing is a dead control without JavaScript, at phone and desktop widths: the project tabs
 * and the review filter work (through CSS), and a form sent with a mistake comes back as the
 * form itself, everything typed still in it and each problem beside its field.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { testimonialsPath } from '../../src/config/routes.ts';
import { FIELDS, HERO_MESSAGES } from '../../src/lib/validation.ts';
import { contentCounts } from '../support/content.ts';
import { storedLead, uniqueEmail } from '../support/e2e-leads.ts';

/** The field is marked invalid and its message stands right under it */
async function expectProblemBeside(page: Page, field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const described = await field.getAttribute('aria-describedby');
  const error = page.locator(`[id="${described!}"]`);
  await expect(error).toHaveText(message);
  await expect(error).toBeVisible();
  const [fieldBox, errorBox] = [(await field.boundingBox())!, (await error.boundingBox())!];
  expect(errorBox.y - (fieldBox.y + fieldBox.height)).toBeGreaterThanOrEqual(0);
  expect(errorBox.y - (fieldBox.y + fieldBox.height)).toBeLessThan(16);
}

/** The gallery's tab labels, whose text ends in each tab's count */
async function tabCount(label: Locator): Promise<number> {
  return Number((await label.innerText()).match(/(?<!\d)\d+$/)![0]);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px without JavaScript`, () => {
    test.use({ viewport, javaScriptEnabled: false });

    test('a form sent with mistakes comes back filled in, each problem beside its field; the project tabs and the review filter work', async ({
      page,
    }) => {
      await test.step('a quote with mistakes comes back as the form, filled in, each problem beside its field', async () => {
        await page.goto('/quote');
        const form = page.getByRole('form', { name: 'Quote request' });
        const address = uniqueEmail('nojs-mistake');
        const typed = {
          name: 'Aroha <b>Test</b>',
          email: 'aroha@example',
          phone: '021 abc',
          address: '12 "Kowhai" Street, Howick',
          message: 'A new outdoor power point by the deck.\nAnd a </textarea> check.',
        };
        await form.getByLabel('Full name').fill(typed.name);
        await form.getByLabel('Email').fill(typed.email);
        await form.getByLabel('Phone').fill(typed.phone);
        await form.getByLabel('Address').fill(typed.address);
        await form.getByLabel('Service').selectOption('Lighting Design');
        await form.getByLabel('Tell us about the job').fill(typed.message);
        const answer = page.waitForResponse((response) => response.url().endsWith('/api/leads'));
        await form.getByRole('button', { name: 'Request My Free Quote' }).click();
        expect((await answer).status()).toBe(422);

        // The quote page again, its form plain HTML that posts natively
        await expect(page).toHaveTitle(/^Error: /);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request a Free Quote');
        const again = page.getByRole('form', { name: 'Quote request' });
        await expect(page.locator('astro-island form')).toHaveCount(0);
        await expect(again).toContainText('Your request has not been sent yet.');
        await expect(again.getByLabel('Full name')).toHaveValue(typed.name);
        await expect(again.getByLabel('Email')).toHaveValue(typed.email);
        await expect(again.getByLabel('Phone')).toHaveValue(typed.phone);
        await expect(again.getByLabel('Address')).toHaveValue(typed.address);
        await expect(again.getByLabel('Service')).toHaveValue('Lighting Design');
        await expect(again.getByLabel('Tell us about the job')).toHaveValue(typed.message);
        await expectProblemBeside(page, again.getByLabel('Email'), FIELDS.email.format.message);
        await expectProblemBeside(page, again.getByLabel('Phone'), FIELDS.phone.format.message);
        await expect(again.getByLabel('Full name')).not.toHaveAttribute('aria-invalid');
        await expect(again.getByLabel('Email')).toBeFocused();
        expect(storedLead(typed.email)).toBeUndefined();

        // Corrected, it is sent
        await again.getByLabel('Email').fill(address);
        await again.getByLabel('Phone').fill('021 555 0199');
        await again.getByRole('button', { name: 'Request My Free Quote' }).click();
        await expect(page).toHaveURL(/\/quote\/thanks$/);
        expect(storedLead(address)).toMatchObject({
          form_source: 'Quote Form',
          name: typed.name,
          message: typed.message,
        });
      });
      await test.step('the hero form with mistakes comes back as the home page with its form filled in', async () => {
        await page.goto('/');
        const form = page.getByRole('form', { name: 'Request a free quote' });
        const address = uniqueEmail('nojs-hero-mistake');
        await form.getByLabel('Your name').fill('A');
        await form.getByLabel('Email').fill(address);
        await form.getByLabel('What do you need done?').fill('Fan');
        const answer = page.waitForResponse((response) => response.url().endsWith('/api/leads'));
        await form.getByRole('button', { name: 'Get My Free Quote' }).click();
        expect((await answer).status()).toBe(422);

        const again = page.getByRole('form', { name: 'Request a free quote' });
        await expect(again.getByLabel('Your name')).toHaveValue('A');
        await expect(again.getByLabel('Email')).toHaveValue(address);
        await expect(again.getByLabel('What do you need done?')).toHaveValue('Fan');
        await expectProblemBeside(
          page,
          again.getByLabel('Your name'),
          HERO_MESSAGES.nameTooShort.message,
        );
        await expectProblemBeside(
          page,
          again.getByLabel('What do you need done?'),
          HERO_MESSAGES.messageTooShort.message,
        );
        await expect(again.getByLabel('Your name')).toBeFocused();
        await expect(again.getByLabel('Your name')).toBeInViewport();
        expect(storedLead(address)).toBeUndefined();

        await again.getByLabel('Your name').fill('Tane');
        await again.getByLabel('What do you need done?').fill('A new ceiling fan in the lounge.');
        await again.getByRole('button', { name: 'Get My Free Quote' }).click();
        await expect(page).toHaveURL(/\/quote\/thanks$/);
        expect(storedLead(address)).toMatchObject({ form_source: 'Hero Form', name: 'Tane' });
      });
      await test.step('the project tabs filter the grid', async () => {
        await page.goto('/projects');
        const group = page.getByRole('group', { name: 'Filter projects' });
        const labels = group.locator('label');
        const cards = page.getByRole('list', { name: 'Projects' }).getByRole('article');
        await expect(cards).toHaveCount(contentCounts.projects);
        for (const index of [2, 1, 0]) {
          await labels.nth(index).click();
          await expect(group.getByRole('radio').nth(index)).toBeChecked();
          await expect(cards).toHaveCount(await tabCount(labels.nth(index)));
        }
        await labels.nth(2).click();
        for (const card of await cards.all()) await expect(card).toContainText('Maintenance');
      });
      await test.step('the review filter filters, counts and clears', async () => {
        await page.goto('/testimonials');
        const select = page.getByLabel('Service type');
        const status = page.getByRole('status').filter({ hasText: 'Showing' });
        const cards = page.locator('main figure');
        await select.selectOption('Commercial');
        const shown = await cards.filter({ visible: true }).count();
        expect(shown).toBe(contentCounts.testimonialsFor('Commercial'));
        await expect(status).toHaveText(
          `Showing ${shown} of ${contentCounts.testimonials} reviews`,
          { useInnerText: true },
        );
        for (const card of await cards.filter({ visible: true }).all())
          await expect(card).toContainText('Commercial');
        await page.getByRole('button', { name: 'Clear Filters' }).click();
        await expect(select).toHaveValue('');
        await expect(cards.filter({ visible: true })).toHaveCount(contentCounts.testimonials);
        await expect(status).toHaveText(
          `Showing ${contentCounts.testimonials} of ${contentCounts.testimonials} reviews`,
          {
            useInnerText: true,
          },
        );
        expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(testimonialsPath);
      });
    });
  });
}

test('the project tabs work at once, before the gallery hydrates, at 390 and 1280 px', async ({
  page,
}) => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await test.step(`at ${viewport.width} px the project tabs work at once, before the gallery hydrates`, async () => {
      await page.goto('/projects');
      const group = page.getByRole('group', { name: 'Filter projects' });
      // The first tap on a tab is also what hydrates the island
      await group.locator('label').nth(1).click();
      await expect(group.getByRole('radio').nth(1)).toBeChecked();
      await expect(page.getByRole('list', { name: 'Projects' }).getByRole('article')).toHaveCount(
        await tabCount(group.locator('label').nth(1)),
      );
      await expect(page.locator('astro-island[ssr]', { has: group })).toHaveCount(0);
      await expect(group.getByRole('radio').nth(1)).toBeChecked();
    });
  }
});
