/** The two quote forms end to end: every hero rule, sending states, success stored, failures kept */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { business } from '../../src/config/business.ts';
import {
  FIELDS,
  HERO_FIELDS,
  QUOTE_FIELDS,
  type FieldSpec,
  type FormName,
  type QuoteField,
} from '../../src/lib/validation.ts';
import { replyTime, replyTimeText } from '../../src/lib/reply-time.ts';
import { storedLead, uniqueEmail } from '../support/e2e-leads.ts';

/** When the acknowledgement e-mail would say to expect an answer, for a request sent now */
const replyNow = () => replyTimeText(replyTime(new Date(), business));

/** Whether `locator` says the reply time of `before` or of now (the minute may turn meanwhile) */
async function expectReplyTime(locator: Locator, before: string) {
  const shown = (await locator.textContent()) ?? '';
  expect(
    [before, replyNow()].some((text) => shown.includes(text)),
    shown,
  ).toBe(true);
}

async function heroForm(page: Page) {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Request a free quote' });
  // The island hydrates on the visitor's first interaction with it
  await form.hover();
  await expect(form).toHaveAttribute('novalidate', '');
  return {
    form,
    name: form.getByLabel('Your name'),
    email: form.getByLabel('Email'),
    message: form.getByLabel('What do you need done?'),
    submit: form.getByRole('button', { name: /Get My Free Quote|Sending/ }),
  };
}

const toast = (page: Page) => page.locator('.toast');

test('every typed field of both forms has the maximum length of the field table, and the hero form walks every validation rule in order, with its exact texts', async ({
  page,
}) => {
  const { form: hero, name, email, message, submit } = await heroForm(page);
  await test.step('every typed field of the hero form has the maximum length of the field table', async () => {
    await expectTableMaxLengths(hero, 'hero', HERO_FIELDS);
  });
  await test.step('the hero form walks every validation rule in order, with its exact texts', async () => {
    const expectToast = async (title: string, text: string, field: typeof name) => {
      await submit.click();
      await expect(toast(page)).toContainText(title);
      await expect(toast(page)).toContainText(text);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      const described = await field.getAttribute('aria-describedby');
      await expect(page.locator(`[id="${described!}"]`)).toHaveText(text);
    };
    await expectToast(
      'Please Complete All Fields',
      'Please fill in your name, email, and message before submitting.',
      name,
    );
    await name.fill('A');
    await email.fill('not an email');
    await message.fill('short');
    await expectToast('Invalid Email Address', 'Please enter a valid email address.', email);
    await email.fill('a@b.nz');
    await expectToast(
      'Name Too Short',
      'Please enter your full name (at least 2 characters).',
      name,
    );
    await name.fill('  Al  ');
    await expectToast(
      'Message Too Short',
      'Please provide more details about your electrical needs (at least 10 characters).',
      message,
    );
    await message.fill('   only 9 c   ');
    await expectToast(
      'Message Too Short',
      'Please provide more details about your electrical needs (at least 10 characters).',
      message,
    );
  });
  await test.step('every typed field of the quote form has the maximum length of the field table', async () => {
    await page.goto('/quote');
    const quote = page.getByRole('form', { name: 'Quote request' });
    await quote.hover();
    await expect(quote).toHaveAttribute('novalidate', '');
    await expectTableMaxLengths(quote, 'quote', QUOTE_FIELDS);
  });
});

test('the hero form sends, shows Sending..., stores the request and clears', async ({ page }) => {
  const { name, email, message, submit } = await heroForm(page);
  const address = uniqueEmail('hero');
  await name.fill('Aroha Test');
  await email.fill(address);
  await message.fill('Two new double power points in the lounge please.');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/leads', async (route) => {
    await held;
    await route.continue();
  });
  await submit.click();
  await expect(submit).toHaveText('Sending...');
  await expect(submit).toBeDisabled();
  release();
  await expect(toast(page)).toContainText('Request Sent Successfully!');
  await expect(toast(page)).toContainText(
    "We've received your message and will get back to you shortly.",
  );
  await expect(name).toHaveValue('');
  await expect(email).toHaveValue('');
  await expect(message).toHaveValue('');
  expect(storedLead(address)).toMatchObject({
    form_source: 'Hero Form',
    name: 'Aroha Test',
    message: 'Two new double power points in the lounge please.',
  });
});

test('the hero form keeps the values and shows the error after a 500 answer, and after an unreachable endpoint', async ({
  page,
}) => {
  for (const failure of ['a 500 answer', 'an unreachable endpoint'] as const) {
    await test.step(`the hero form keeps the values and shows the error after ${failure}`, async () => {
      const { name, email, message, submit } = await heroForm(page);
      await page.route('**/api/leads', (route) =>
        failure === 'a 500 answer'
          ? route.fulfill({ status: 500, body: '' })
          : route.abort('connectionrefused'),
      );
      const errors: string[] = [];
      page.on('console', (entry) => entry.type() === 'error' && errors.push(entry.text()));
      const address = uniqueEmail('hero-fail');
      await name.fill('Sam Smith');
      await email.fill(address);
      await message.fill('The heat pump circuit keeps tripping.');
      await submit.click();
      await expect(toast(page)).toContainText('Submission Error');
      await expect(toast(page)).toContainText(
        'There was an error sending your message. Please try again or contact us directly.',
      );
      await expect(name).toHaveValue('Sam Smith');
      await expect(email).toHaveValue(address);
      await expect(message).toHaveValue('The heat pump circuit keeps tripping.');
      await expect(submit).toBeEnabled();
      expect(errors.some((text) => text.includes('Hero quote form failed to send'))).toBe(true);
      expect(storedLead(address)).toBeUndefined();
      await page.unrouteAll();
    });
  }
});

async function fillQuoteForm(page: Page, address: string, { hydrated = true } = {}) {
  const form = page.getByRole('form', { name: 'Quote request' });
  // Once hydrated the form validates and sends itself; before that a click posts natively
  if (hydrated) {
    await form.hover();
    await expect(form).toHaveAttribute('novalidate', '');
  }
  await form.getByLabel('Full name').fill('Mere Tipene');
  await form.getByLabel('Email').fill(address);
  await form.getByLabel('Phone').fill('021 555 0123');
  await form.getByLabel('Address').fill('12 Example Road, Howick');
  await form.getByLabel('Service').selectOption('Electrical Repairs');
  await form
    .getByLabel('Tell us about the job')
    .fill('Outdoor light by the garage has stopped working.');
  return form;
}

test('the quote form shows Submitting..., stores the request and clears after 2 seconds', async ({
  page,
}) => {
  await page.goto('/quote');
  const address = uniqueEmail('quote');
  const form = await fillQuoteForm(page, address);
  await expect(form.getByLabel('Service').locator('option').first()).toHaveText('Select a Service');
  await expect(form.getByLabel('Service').locator('option')).toHaveCount(9);
  await expect(form.getByLabel('Phone')).toHaveAttribute('type', 'tel');
  const submit = form.getByRole('button', { name: /Request My Free Quote|Submitting/ });
  const sentAt = replyNow();
  await submit.click();
  await expect(submit).toHaveText('Submitting...');
  await expect(toast(page)).toContainText('Quote Request Submitted');
  await expect(toast(page)).toContainText(
    "We've received your request and will get back to you shortly.",
  );
  await expectReplyTime(toast(page), sentAt);
  await expect(form.getByLabel('Full name')).toHaveValue('Mere Tipene');
  await expect(form.getByLabel('Full name')).toHaveValue('', { timeout: 4000 });
  await expect(submit).toHaveText('Request My Free Quote');
  expect(storedLead(address)).toMatchObject({
    form_source: 'Quote Form',
    phone: '021 555 0123',
    service: 'Electrical Repairs',
    address: '12 Example Road, Howick',
  });
});

test('the quote form marks a missing field inline and in a toast, unmarks only a changed field, and keeps the values and shows the error when the endpoint fails', async ({
  page,
}) => {
  await test.step('the quote form marks a missing field inline and in a toast', async () => {
    await page.goto('/quote');
    const form = await fillQuoteForm(page, uniqueEmail('quote-missing'));
    await form.getByLabel('Phone').fill('');
    await form.getByRole('button', { name: 'Request My Free Quote' }).click();
    await expect(form.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Phone')).toBeFocused();
    await expect(toast(page)).toBeVisible();
  });
  await test.step('a marked field loses its mark once it is changed, and only that field does', async () => {
    await page.goto('/quote');
    const form = await fillQuoteForm(page, uniqueEmail('quote-unmark'));
    const phone = form.getByLabel('Phone');
    const address = form.getByLabel('Address');
    await phone.fill('');
    await address.fill('');
    await form.getByRole('button', { name: 'Request My Free Quote' }).click();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    const phoneError = page.locator(`[id="${(await phone.getAttribute('aria-describedby'))!}"]`);
    await expect(phoneError).toHaveText('Please enter your phone number.');
    await phone.fill('021 555 0123');
    await expect(phone).not.toHaveAttribute('aria-invalid');
    await expect(phoneError).toHaveCount(0);
    await expect(address).toHaveAttribute('aria-invalid', 'true');
  });
  await test.step('the quote form keeps the values and shows the error when the endpoint fails', async () => {
    await page.goto('/quote');
    await page.route('**/api/leads', (route) => route.fulfill({ status: 500, body: '' }));
    const form = await fillQuoteForm(page, uniqueEmail('quote-fail'));
    await form.getByRole('button', { name: 'Request My Free Quote' }).click();
    await expect(toast(page)).toContainText('Submission Error');
    await expect(toast(page)).toContainText(
      'There was an error submitting your request. Please try again or contact us directly.',
    );
    await expect(form.getByLabel('Full name')).toHaveValue('Mere Tipene');
    await expect(form.getByRole('button', { name: 'Request My Free Quote' })).toBeEnabled();
  });
});

/** Each typed field of a hydrated form limits its input to the field table's maximum */
async function expectTableMaxLengths(
  form: Locator,
  formName: FormName,
  fields: readonly QuoteField[],
) {
  for (const field of fields) {
    const spec: FieldSpec = FIELDS[field];
    const control = form.getByLabel(spec.labels[formName]!, { exact: true });
    if (spec.control === 'select') await expect(control, field).not.toHaveAttribute('maxlength');
    else await expect(control, field).toHaveAttribute('maxlength', String(spec.maxLength));
  }
}

test('the quote page has its areas by region and a one-at-a-time FAQ, and hides a broken side image', async ({
  page,
}) => {
  await page.route(/\/_astro\/about-handover.*/, (route) => route.abort());
  await page.goto('/quote');
  await test.step('a broken side image on the quote page is hidden', async () => {
    await expect(page.locator('[data-hide-on-error]')).toBeHidden();
  });
  await test.step('the quote page has its areas by region and a one-at-a-time FAQ', async () => {
    const regions = page.getByRole('region', { name: 'Our Service Areas' });
    for (const [region, count] of [
      ['Auckland Central', 9],
      ['East Auckland', 7],
      ['South Auckland', 7],
      ['East Auckland Additional', 8],
    ] as const) {
      await expect(
        regions.getByRole('region', { name: region, exact: true }).getByRole('listitem'),
      ).toHaveCount(count);
    }
    const faq = page.getByRole('region', { name: 'Questions about quotes' });
    await expect(faq).toContainText(business.claims.quoteTurnaround);
    await expect(faq).toContainText(`${business.claims.quoteValidDays} days`);
    await expect(faq).toContainText(/free/i);
    const items = faq.locator('details');
    await items.nth(0).locator('summary').click();
    await items.nth(2).locator('summary').click();
    await expect(faq.locator('details[open]')).toHaveCount(1);
    await items.nth(2).locator('summary').click();
    await expect(faq.locator('details[open]')).toHaveCount(0);
  });
});

/** Holds back the form islands' JavaScript (their components and the React renderer) until released */
async function holdIslandScripts(page: Page) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let markRequested: () => void = () => {};
  const requested = new Promise<void>((resolve) => (markRequested = resolve));
  await page.route(/\/_astro\/(?:HeroQuoteForm|QuoteForm|client)\.[\w-]+\.js$/, async (route) => {
    markRequested();
    await released;
    await route.continue();
  });
  return {
    /** Once the island's scripts were asked for, shows `form` still unhydrated, then lets them load and waits for it */
    async hydrate(form: Locator) {
      await requested;
      await expect(form).not.toHaveAttribute('novalidate', '');
      release();
      await expect(form).toHaveAttribute('novalidate', '');
    },
  };
}

test.describe('typing before the form hydrates', () => {
  test('the quote form keeps what was typed and sends it once hydrated', async ({ page }) => {
    const scripts = await holdIslandScripts(page);
    await page.goto('/quote', { waitUntil: 'domcontentloaded' });
    const address = uniqueEmail('early-quote');
    const form = await fillQuoteForm(page, address, { hydrated: false });
    await scripts.hydrate(form);
    await expect(form.getByLabel('Full name')).toHaveValue('Mere Tipene');
    await form.getByRole('button', { name: 'Request My Free Quote' }).click();
    await expect(toast(page)).toContainText('Quote Request Submitted');
    expect(storedLead(address)).toMatchObject({
      form_source: 'Quote Form',
      name: 'Mere Tipene',
      phone: '021 555 0123',
      address: '12 Example Road, Howick',
      service: 'Electrical Repairs',
      message: 'Outdoor light by the garage has stopped working.',
    });
  });

  test('the hero form keeps what was typed and sends it once hydrated', async ({ page }) => {
    const scripts = await holdIslandScripts(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const form = page.getByRole('form', { name: 'Request a free quote' });
    const address = uniqueEmail('early-hero');
    await form.getByLabel('Your name').fill('Wiremu Test');
    await form.getByLabel('Email').fill(address);
    await form.getByLabel('What do you need done?').fill('A new outdoor power point by the deck.');
    await scripts.hydrate(form);
    await form.getByRole('button', { name: 'Get My Free Quote' }).click();
    await expect(toast(page)).toContainText('Request Sent Successfully!');
    expect(storedLead(address)).toMatchObject({
      form_source: 'Hero Form',
      name: 'Wiremu Test',
      message: 'A new outdoor power point by the deck.',
    });
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('both forms post natively: the quote form lands on the thank-you page and is stored, the hero form relies on native validation', async ({
    page,
  }) => {
    await test.step('the quote form posts natively, lands on the thank-you page and is stored', async () => {
      await page.goto('/quote');
      const address = uniqueEmail('nojs');
      const form = await fillQuoteForm(page, address, { hydrated: false });
      const sentAt = replyNow();
      await form.getByRole('button', { name: 'Request My Free Quote' }).click();
      await expect(page).toHaveURL(/\/quote\/thanks$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you');
      await expectReplyTime(page.locator('main'), sentAt);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      expect(storedLead(address)).toMatchObject({ form_source: 'Quote Form' });
    });
    await test.step('the hero form relies on native validation and posts natively', async () => {
      await page.goto('/');
      const form = page.getByRole('form', { name: 'Request a free quote' });
      await expect(form).not.toHaveAttribute('novalidate', '');
      await expect(form.getByLabel('Email')).toHaveAttribute('type', 'email');
      await expect(form.getByLabel('Your name')).toHaveAttribute('required', '');
      const address = uniqueEmail('nojs-hero');
      await form.getByLabel('Your name').fill('Tane');
      await form.getByLabel('Email').fill(address);
      await form.getByLabel('What do you need done?').fill('Please quote for a new ceiling fan.');
      await form.getByRole('button', { name: 'Get My Free Quote' }).click();
      await expect(page).toHaveURL(/\/quote\/thanks$/);
      expect(storedLead(address)).toMatchObject({ form_source: 'Hero Form', name: 'Tane' });
    });
  });
});
