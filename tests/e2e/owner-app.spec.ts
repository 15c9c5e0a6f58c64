/**
 * The owner's page (/owner) in the browser, against a stand-in for the owner API
 * (tests/support/owner-api-mock.ts): sign-in, the inbox, one request, the numbers, the site
 * (publish, progress, history, undo) and the passkeys, each call the page makes checked, and axe
 * at a phone's width.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { business } from '../../src/config/business.ts';
import {
  ownerPaths,
  PUBLISH_STEP_LABELS,
  PUBLISH_STEPS,
  type SiteBody,
} from '../../src/lib/owner-api.ts';
import { editorPaths } from '../../src/lib/editor-paths.ts';
import { homePath, mainNav, quotePath } from '../../src/config/routes.ts';
import { nzCalendarDay } from '../../src/owner/time.ts';
import {
  mockOwnerApi,
  publishSteps,
  sampleLead,
  sampleLeads,
  sampleSite,
  type OwnerApiMock,
} from '../support/owner-api-mock.ts';

const inboxRows = (page: Page) =>
  page.getByRole('region', { name: /^(All requests|Requests:)/ }).getByRole('listitem');

async function openOwnerPage(page: Page, hash = '') {
  await page.goto(`${ownerPaths.page}${hash}`);
}

/** Every call the page made was one the contract has */
function expectOnlyKnownCalls(mock: OwnerApiMock) {
  expect(mock.unknown).toEqual([]);
}

test.describe('signed out', () => {
  test('shows the sign-in door when the session answers 401, and asks for nothing else', async ({
    page,
  }) => {
    const mock = await mockOwnerApi(page, { signedIn: false });
    await openOwnerPage(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with your passkey' })).toBeVisible();
    await expect(page).toHaveTitle(`Owner · ${business.name}`);
    expect(mock.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `GET ${ownerPaths.session}`,
    ]);

    await page.getByRole('button', { name: 'Sign in with your passkey' }).click();
    // No passkey can be used here (no authenticator, an IP address): the problem is said in words
    await expect(page.getByRole('alert')).not.toBeEmpty();
    expect(mock.callsTo('POST', ownerPaths.signInOptions)).toHaveLength(1);
    expectOnlyKnownCalls(mock);
  });

  test('an invite link shows the passkey set-up, and its token leaves the address at once', async ({
    page,
  }) => {
    const mock = await mockOwnerApi(page, {
      signedIn: false,
      override: {
        [`POST ${ownerPaths.inviteOptions}`]: {
          status: 410,
          json: { errors: [{ message: 'This invite has already been used.' }] },
        },
      },
    });
    await openOwnerPage(page, '#invite=abcDEF123_-xyz');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Set up your passkey' }),
    ).toBeVisible();
    expect(new URL(page.url()).hash).toBe('');
    const name = page.getByLabel('Name of this passkey');
    await expect(name).toHaveValue(/^Passkey on /);
    await name.fill('Dave’s phone');
    await page.getByRole('button', { name: 'Set up your passkey' }).click();
    await expect(page.getByRole('alert')).toContainText('This invite has already been used.');
    expect(mock.callsTo('POST', ownerPaths.inviteOptions).map((call) => call.body)).toEqual([
      { invite: 'abcDEF123_-xyz' },
    ]);
    expect(mock.callsTo('GET', ownerPaths.session)).toHaveLength(0);
  });
});

test.describe('the inbox', () => {
  test('lists the requests newest first, with the unread count, the undelivered ones on top; filters by status with counts, and searches', async ({
    page,
  }) => {
    const mock = await mockOwnerApi(page);
    await openOwnerPage(page);
    await test.step('lists the requests newest first, with the unread count, the undelivered ones on top', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
      await expect(inboxRows(page)).toHaveCount(4);
      for (const [index, name] of ['Aroha Ngata', 'Ben Carter', 'Mei Lin', 'Tom Riley'].entries()) {
        await expect(inboxRows(page).nth(index)).toContainText(name);
      }
      await expect(inboxRows(page).filter({ hasText: 'Unread' })).toHaveCount(2);
      await expect(inboxRows(page).first()).toContainText('12 min ago');
      await expect(page.getByRole('main').getByText('2 unread', { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: /^Inbox\s*2 unread$/ })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(page).toHaveTitle(`(2) Owner · ${business.name}`);

      const warning = page.getByRole('region', {
        name: 'These requests did not reach you on every channel',
      });
      await expect(warning).toContainText('Ben Carter');
      await expect(warning).toContainText('Not delivered by Phone notification (ntfy)');

      await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
        'href',
        ownerPaths.leadsCsv,
      );
      expectOnlyKnownCalls(mock);
    });
    await test.step('filters by status with counts, and searches', async () => {
      const filters = page.getByRole('group', { name: 'Show requests by status' });
      await expect(filters.getByRole('button', { name: 'All 4' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await filters.getByRole('button', { name: 'Quoted 1' }).click();
      await expect(filters.getByRole('button', { name: 'Quoted 1' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      // One assertion for the count and the name, so the list cannot be caught between two answers
      await expect(inboxRows(page)).toHaveText([/Mei Lin/]);
      expect(mock.callsTo('GET', ownerPaths.leads).at(-1)!.search.get('status')).toBe('quoted');

      await filters.getByRole('button', { name: 'All 4' }).click();
      // The whole list is back before the search, so the one row below is the search's answer
      await expect(inboxRows(page)).toHaveCount(4);
      await page.getByRole('searchbox', { name: 'Search requests' }).fill('botany');
      await expect(inboxRows(page)).toHaveText([/Ben Carter/]);
      expect(mock.callsTo('GET', ownerPaths.leads).at(-1)!.search.get('q')).toBe('botany');
      expectOnlyKnownCalls(mock);
    });
  });

  test('polls every 15 seconds in the background, and a new request appears without a reload', async ({
    page,
  }) => {
    await page.clock.install();
    const mock = await mockOwnerApi(page);
    await openOwnerPage(page);
    await expect(inboxRows(page)).toHaveCount(4);
    expect(
      mock.callsTo('GET', ownerPaths.leads).every((call) => !call.search.has('background')),
    ).toBe(true);

    mock.leads.push(
      sampleLead({ id: 42, name: 'Sione Tupou', createdAt: new Date(Date.now()).toISOString() }),
    );
    await page.clock.runFor(15_500);
    await expect(inboxRows(page)).toHaveCount(5);
    await expect(inboxRows(page).first()).toContainText('Sione Tupou');
    await expect(
      page.getByRole('status').filter({ hasText: 'New request from Sione Tupou' }),
    ).toBeVisible();
    expect(mock.callsTo('GET', ownerPaths.leads).at(-1)!.search.get('background')).toBe('1');
  });

  test('a 401 on a poll takes the owner back to sign-in', async ({ page }) => {
    await page.clock.install();
    const mock = await mockOwnerApi(page);
    await openOwnerPage(page);
    await expect(inboxRows(page)).toHaveCount(4);
    mock.signedIn = false;
    await page.clock.runFor(15_500);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('Your session has ended')).toBeVisible();
    await expect(page.getByText('Aroha Ngata')).toHaveCount(0);
  });
});

test.describe('one request', () => {
  test('opening an unread request marks it read and shows everything it holds', async ({
    page,
  }) => {
    const mock = await mockOwnerApi(page);
    await openOwnerPage(page);
    await inboxRows(page).filter({ hasText: 'Ben Carter' }).getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ben Carter' })).toBeFocused();
    await expect
      .poll(() => mock.callsTo('PATCH', `${ownerPaths.leads}/40`).map((call) => call.body))
      .toEqual([{ read: true }]);
    await expect(page.getByRole('link', { name: /^Inbox\s*1 unread$/ })).toBeVisible();

    const request = page.getByRole('region', { name: 'The request' });
    for (const text of [
      'Botany Downs',
      'LED downlights',
      'ben@example.net',
      '/services/switchboard-upgrades',
      'quote',
      'Not given',
    ]) {
      await expect(request).toContainText(text);
    }
    const deliveries = page.getByRole('region', { name: 'How it reached you' });
    await expect(deliveries).toContainText('E-mail: Sent');
    await expect(deliveries).toContainText('Phone notification (ntfy): Failed');
    await expect(deliveries).toContainText('Last error: 403 Forbidden: topic is protected');
    await expect(deliveries).toContainText(
      'The customer was e-mailed that it arrived and when to expect you',
    );

    // No phone: no call or text; the e-mail carries a subject; the map searches the address
    const contact = page.getByRole('list', { name: 'Contact Ben Carter' });
    await expect(contact.getByRole('link', { name: 'Call' })).toHaveCount(0);
    await expect(contact.getByRole('link', { name: 'E-mail' })).toHaveAttribute(
      'href',
      /^mailto:ben@example\.net\?subject=Your%20quote%20request/,
    );
    await expect(contact.getByRole('link', { name: /Map/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=Botany%20Downs',
    );

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    expectOnlyKnownCalls(mock);
  });

  test('a status button sends the PATCH and shows the new status as pressed', async ({ page }) => {
    const mock = await mockOwnerApi(page);
    await openOwnerPage(page, '#lead/39');
    const status = page.getByRole('group', { name: 'Status' });
    await expect(status.getByRole('button', { name: 'Quoted' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await status.getByRole('button', { name: 'Won' }).click();
    await expect(status.getByRole('button', { name: 'Won' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(status.getByRole('button', { name: 'Quoted' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect
      .poll(() => mock.callsTo('PATCH', `${ownerPaths.leads}/39`).map((call) => call.body))
      .toEqual([{ status: 'won' }]);
    await expect(page.getByRole('status').filter({ hasText: 'Marked as Won' })).toBeVisible();

    await page.getByLabel('Follow up on').fill('2026-07-01');
    await expect
      .poll(() => mock.callsTo('PATCH', `${ownerPaths.leads}/39`).at(-1)?.body)
      .toEqual({ followUp: '2026-07-01' });
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect
      .poll(() => mock.callsTo('PATCH', `${ownerPaths.leads}/39`).at(-1)?.body)
      .toEqual({ followUp: null });
    await expect(page.getByText('No follow-up date set.')).toBeVisible();
    expectOnlyKnownCalls(mock);
  });

  test('tapping Call on a new request marks it contacted', async ({ page }) => {
    const mock = await mockOwnerApi(page);
    await openOwnerPage(page, '#lead/41');
    // The phone's dialler is not the test's business: the tap's own effect is
    await page.evaluate(() =>
      window.addEventListener('click', (event) => event.preventDefault(), { capture: true }),
    );
    const call = page
      .getByRole('list', { name: 'Contact Aroha Ngata' })
      .getByRole('link', { name: 'Call' });
    await expect(call).toHaveAttribute('href', 'tel:0215550101');
    await call.click();
    await expect(
      page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Contacted' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(() => mock.callsTo('PATCH', `${ownerPaths.leads}/41`).map((call) => call.body))
      .toContainEqual({ status: 'contacted' });
  });

  test('a note is posted and shown with its time', async ({ page }) => {
    const mock = await mockOwnerApi(page);
    await openOwnerPage(page, '#lead/39');
    const notes = page.getByRole('region', { name: 'Notes' });
    await expect(notes.getByRole('listitem')).toHaveCount(1);
    await notes.getByLabel('Add a note').fill('Called back, booked for Tuesday 9am.');
    await notes.getByRole('button', { name: 'Add note' }).click();
    await expect(notes.getByRole('listitem')).toHaveCount(2);
    await expect(notes.getByRole('listitem').last()).toContainText(
      'Called back, booked for Tuesday 9am.',
    );
    await expect(notes.getByRole('listitem').last().locator('time')).toHaveAttribute(
      'datetime',
      /^\d{4}-\d{2}-\d{2}T/,
    );
    await expect(notes.getByLabel('Add a note')).toHaveValue('');
    await expect
      .poll(() => mock.callsTo('POST', `${ownerPaths.leads}/39/notes`).map((call) => call.body))
      .toEqual([{ text: 'Called back, booked for Tuesday 9am.' }]);
  });

  test('delete asks for confirmation, then removes the request for good and returns to the inbox', async ({
    page,
  }) => {
    const mock = await mockOwnerApi(page);
    await openOwnerPage(page, '#lead/38');
    await page.getByRole('button', { name: 'Delete this request' }).click();
    await expect(page.getByText('Delete the request from Tom Riley for good?')).toBeVisible();
    await expect(page.getByText(/cannot be undone/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete for good' })).toBeFocused();
    expect(mock.callsTo('DELETE', `${ownerPaths.leads}/38`)).toHaveLength(0);

    await page.getByRole('button', { name: 'Keep it' }).click();
    await expect(page.getByRole('button', { name: 'Delete this request' })).toBeFocused();
    expect(mock.callsTo('DELETE', `${ownerPaths.leads}/38`)).toHaveLength(0);

    await page.getByRole('button', { name: 'Delete this request' }).click();
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await expect.poll(() => mock.callsTo('DELETE', `${ownerPaths.leads}/38`)).toHaveLength(1);
    await expect(inboxRows(page)).toHaveCount(3);
    await expect(page.getByRole('main').getByText('Tom Riley')).toHaveCount(0);
  });
});

test('the numbers show the totals, trend, each day and each page for 7, 30 and 90 days', async ({
  page,
}) => {
  const mock = await mockOwnerApi(page);
  await openOwnerPage(page, '#numbers/7');
  await expect(page.getByRole('heading', { level: 1, name: 'Numbers' })).toBeVisible();
  for (const days of [7, 30, 90]) {
    if (days !== 7)
      await page
        .getByRole('navigation', { name: 'Period' })
        .getByRole('link', { name: `${days} days` })
        .click();
    await expect(page.getByRole('link', { name: `${days} days` })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(page.getByText(`compared with the ${days} days before`)).toBeVisible();
    expect(mock.callsTo('GET', ownerPaths.numbers).at(-1)!.search.get('days')).toBe(String(days));
    for (const label of [
      'Views',
      'Calls',
      'E-mails',
      'Quote requests',
      'Visitors who called, e-mailed or asked for a quote',
    ]) {
      await expect(
        page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }),
      ).toBeVisible();
    }
    await expect(page.getByText(/Views: up 11% on the \d+ days before/)).toBeVisible();
    await expect(page.locator('svg[role="img"]')).toHaveCount(2);
    await expect(page.locator('svg[role="img"]').first().locator('rect')).toHaveCount(days);
    const dayTable = page.getByRole('region', { name: 'Figures for each day' });
    await page.getByText('The figures for each day, as a table').click();
    await expect(dayTable.getByRole('row')).toHaveCount(days + 1);
    await page.getByText('The figures for each day, as a table').click();
    const pages = page.getByRole('region', { name: 'Figures for each page' });
    await expect(pages.getByRole('row')).toHaveCount(5);
    // The pages bringing the most contact first, by their names: the home page, then the quote page
    const label = (path: string) => mainNav.find((link) => link.href === path)!.label;
    await expect(pages.getByRole('rowheader').first()).toHaveText(
      new RegExp(`^${label(homePath)}`),
    );
    await expect(pages.getByRole('rowheader').nth(1)).toHaveText(
      new RegExp(`^${label(quotePath)}`),
    );
    await expect(page.getByText('Won: 4 of 12 (33%)')).toBeVisible();
    await expect(page.getByText('Pages appear in 0.9 s for 3 of 4 visitors — good')).toBeVisible();
    await expect(page.getByText(/nocowboys\.co\.nz \(\d+\)/)).toBeVisible();
  }
  await expect(
    page.getByText('Contacts (calls, e-mails and quote requests): nothing to compare with'),
  ).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'true');
  expectOnlyKnownCalls(mock);
});

test('the passkeys list names each, marks this device, and lists the recent sign-ins; the devices signed in now are listed, this one marked, and he signs out one, then every other', async ({
  page,
}) => {
  const mock = await mockOwnerApi(page);
  await openOwnerPage(page, '#passkeys');
  await test.step('the passkeys list names each, marks this device, and lists the recent sign-ins', async () => {
    const list = page.getByRole('region', { name: 'Your passkeys' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(list.getByRole('listitem').first()).toContainText('Passkey on Safari on iPhone');
    await expect(list.getByRole('listitem').first()).toContainText('This device');
    await expect(list.getByRole('listitem').nth(2)).toContainText('never used');

    const signIns = page.getByRole('region', { name: 'Recent sign-ins' });
    await expect(signIns.getByRole('listitem')).toHaveCount(3);
    await expect(signIns.getByRole('listitem').nth(1)).toContainText('Chrome on Windows');
    await expect(signIns.getByRole('listitem').nth(1)).toContainText('with Office laptop');
    await expect(signIns).toContainText(
      'If you see a sign-in that was not you, remove the passkey it used',
    );

    await list.getByRole('button', { name: 'Rename Office laptop' }).click();
    await list.getByLabel('New name').fill('Office laptop (Windows)');
    await list.getByRole('button', { name: 'Save name' }).click();
    await expect(list).toContainText('Office laptop (Windows)');
    await expect
      .poll(() =>
        mock.callsTo('PATCH', `${ownerPaths.passkeys}/pk-laptop`).map((call) => call.body),
      )
      .toEqual([{ name: 'Office laptop (Windows)' }]);

    await list.getByRole('button', { name: 'Remove Backup key in the van' }).click();
    await list.getByRole('button', { name: 'Remove passkey', exact: true }).click();
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect
      .poll(() => mock.callsTo('DELETE', `${ownerPaths.passkeys}/pk-key`))
      .toHaveLength(1);
    expectOnlyKnownCalls(mock);
  });
  await test.step('the devices signed in now are listed, this one marked; he signs out one, then every other', async () => {
    const signedIn = page.getByRole('region', { name: 'Signed in now' });
    await expect(signedIn.getByRole('listitem')).toHaveCount(3);
    await expect(signedIn.getByRole('listitem').first()).toContainText(
      'Safari on iPhone (as its browser says)',
    );
    await expect(signedIn.getByRole('listitem').first()).toContainText('This device');
    await expect(signedIn.getByRole('listitem').first().getByRole('button')).toHaveCount(0);

    await signedIn.getByRole('button', { name: /^Sign out this one \(Chrome on Windows/ }).click();
    await expect(signedIn.getByRole('listitem')).toHaveCount(2);
    expect(mock.callsTo('DELETE', `${ownerPaths.sessions}/s-laptop`)).toHaveLength(1);
    await signedIn.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(signedIn.getByRole('listitem')).toHaveCount(1);
    await expect(signedIn.getByRole('button')).toHaveCount(0);
    expect(mock.callsTo('POST', ownerPaths.signOutOthers)).toHaveLength(1);
    expectOnlyKnownCalls(mock);
  });
});

test('removing a passkey asks for his passkey first, and removes nothing when it cannot be used', async ({
  page,
}) => {
  const mock = await mockOwnerApi(page, { steppedUp: false });
  await openOwnerPage(page, '#passkeys');
  const list = page.getByRole('region', { name: 'Your passkeys' });
  await list.getByRole('button', { name: 'Remove Office laptop' }).click();
  await list.getByRole('button', { name: 'Remove passkey', exact: true }).click();
  // No passkey can be used here (no authenticator, an IP address): the problem is said in words
  await expect(page.getByRole('alert')).toContainText(
    'Passkeys only work on the site’s own secure address',
  );
  expect(mock.callsTo('POST', ownerPaths.stepUpOptions)).toHaveLength(1);
  expect(mock.callsTo('DELETE', `${ownerPaths.passkeys}/pk-laptop`)).toHaveLength(1);
  await expect(list.getByRole('listitem')).toHaveCount(3);
  expectOnlyKnownCalls(mock);
});

test('removing the last passkey shows the server’s refusal', async ({ page }) => {
  const now = Date.now();
  const mock = await mockOwnerApi(page, {
    passkeys: {
      passkeys: [
        {
          id: 'only',
          name: 'My phone',
          createdAt: new Date(now).toISOString(),
          lastUsedAt: null,
          current: true,
        },
      ],
      signIns: [],
    },
  });
  await openOwnerPage(page, '#passkeys');
  await page.getByRole('button', { name: 'Remove My phone' }).click();
  await page.getByRole('button', { name: 'Remove passkey', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(
    'This is your only passkey. Add another before you remove it.',
  );
  await expect.poll(() => mock.callsTo('DELETE', `${ownerPaths.passkeys}/only`)).toHaveLength(1);
});

/** The Site view in its states: as it opens, publishing, and after a failed publish */
const siteStates: Record<string, (site: SiteBody) => SiteBody> = {
  idle: (site) => site,
  publishing: (site) => ({
    ...site,
    running: {
      kind: 'publish',
      startedAt: new Date().toISOString(),
      message: site.pending.join('; '),
      steps: publishSteps(1, 12),
    },
  }),
  failed: (site) => ({
    ...site,
    last: {
      ...site.last!,
      ok: false,
      message: 'Nothing was published: one thing needs fixing first. The live site is as it was.',
      problems: [
        "Project 'Switchboard upgrade in Howick' (projects/switchboard-howick.yaml): Title must be at least 5 characters",
      ],
      steps: publishSteps(0, 0).map((step, index) =>
        index === 0 ? { ...step, state: 'failed', ms: 5000 } : step,
      ),
      backup: 'off',
    },
  }),
};

test.describe('the site', () => {
  test('shows what waits to be published, the editor link, the last publish and the history', async ({
    page,
  }) => {
    const mock = await mockOwnerApi(page);
    await openOwnerPage(page, '#site');
    await expect(page.getByRole('heading', { level: 1, name: 'Your site' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit your site' })).toHaveAttribute(
      'href',
      editorPaths.page,
    );
    const waiting = page.getByRole('region', { name: 'Waiting to be published' });
    for (const change of mock.site.pending)
      await expect(waiting.getByRole('listitem').filter({ hasText: change })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Last publish' })).toContainText(
      mock.site.last!.message,
    );
    const history = page.getByRole('region', { name: 'Changes' }).getByRole('listitem');
    await expect(history).toHaveCount(mock.site.history.length);
    for (const [index, change] of mock.site.history.entries()) {
      // The developer's own changes show as site updates, not his to undo, nor is one already undone
      await expect(history.nth(index)).toContainText(
        change.byOwner ? change.message : 'Site update',
      );
      if (!change.byOwner) await expect(history.nth(index)).not.toContainText(change.message);
      await expect(
        history.nth(index).getByRole('button', { name: 'Undo this change' }),
      ).toHaveCount(change.canUndo ? 1 : 0);
      await expect(history.nth(index).getByText('Undone', { exact: true })).toHaveCount(
        change.undone ? 1 : 0,
      );
    }
    await expect(page.getByRole('link', { name: 'Site', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expectOnlyKnownCalls(mock);
  });

  test('Publish starts a publish, shows each step as it goes, then what went live', async ({
    page,
  }) => {
    const mock = await mockOwnerApi(page);
    await openOwnerPage(page, '#site');
    const publish = page.getByRole('button', { name: 'Publish', exact: true });
    await publish.click();
    // Recorded when Playwright hands the request to the mock, which may come after the click returns
    await expect
      .poll(() => mock.callsTo('POST', ownerPaths.publish).map((call) => call.body))
      .toEqual([{}]);
    await expect(page.getByRole('button', { name: 'Publishing…' })).toBeDisabled();
    const progress = page.getByRole('region', { name: 'Publishing' });
    const steps = progress.getByRole('listitem');
    await expect(steps).toHaveText(
      PUBLISH_STEPS.map((name) => new RegExp(`^${PUBLISH_STEP_LABELS[name]}`)),
    );
    await expect(steps.first()).toHaveAttribute('data-state', 'running');
    await expect(progress.getByRole('status')).toHaveText(`${PUBLISH_STEP_LABELS.check}…`);

    // The server moves on: the page asks again by itself, in the background
    mock.site = { ...mock.site, running: { ...mock.site.running!, steps: publishSteps(2, 3) } };
    await expect(steps.nth(1)).toHaveAttribute('data-state', 'done');
    await expect(steps.nth(1)).toContainText(/\d s$/);
    await expect(steps.nth(2)).toHaveAttribute('data-state', 'running');
    expect(mock.callsTo('GET', ownerPaths.site).at(-1)!.search.get('background')).toBe('1');

    const message = `Live: ${mock.site.pending[0]}`;
    mock.site = {
      ...mock.site,
      running: null,
      pending: [],
      last: {
        ...mock.site.last!,
        message,
        at: new Date().toISOString(),
        backup: 'failed',
        backupProblem: 'The copy could not be sent: no route',
      },
    };
    await expect(page.getByRole('region', { name: 'Last publish' })).toContainText(message);
    await expect(page.getByRole('region', { name: 'Last publish' })).toContainText(
      'The copy could not be sent: no route',
    );
    await expect(page.getByText('Nothing is waiting: everything you saved is live.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeEnabled();
    expectOnlyKnownCalls(mock);
  });

  test('the last publish links to the page its change shows on', async ({ page }) => {
    const mock = await mockOwnerApi(page);
    await openOwnerPage(page, '#site');
    await expect(
      page
        .getByRole('region', { name: 'Last publish' })
        .getByRole('link', { name: 'View it on your site' }),
    ).toHaveAttribute('href', mock.site.last!.pages[0]!);
  });

  test('Discard asks first, listing each change it drops, then puts the content back as it is live', async ({
    page,
  }) => {
    const mock = await mockOwnerApi(page);
    await openOwnerPage(page, '#site');
    const waiting = page.getByRole('region', { name: 'Waiting to be published' });
    const pending = mock.site.pending;
    await waiting.getByRole('button', { name: 'Discard my unpublished changes' }).click();
    const confirm = waiting.getByRole('group', { name: 'Discard your unpublished changes?' });
    await expect(confirm.getByRole('listitem')).toHaveText(pending);
    // "Keep it" drops nothing
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(confirm).toBeHidden();
    expect(mock.callsTo('POST', ownerPaths.discard)).toEqual([]);

    await waiting.getByRole('button', { name: 'Discard my unpublished changes' }).click();
    await confirm.getByRole('button', { name: 'Yes, discard them' }).click();
    await expect
      .poll(() => mock.callsTo('POST', ownerPaths.discard).map((call) => call.body))
      .toEqual([{}]);
    await expect(page.getByText('Nothing is waiting: everything you saved is live.')).toBeVisible();
    await expect(
      waiting.getByRole('button', { name: 'Discard my unpublished changes' }),
    ).toHaveCount(0);
    expectOnlyKnownCalls(mock);
  });

  test('Undo this change asks first, then undoes that change; a refusal is said in words', async ({
    page,
  }) => {
    const mock = await mockOwnerApi(page);
    await openOwnerPage(page, '#site');
    const [first, second] = mock.site.history;
    const row = page
      .getByRole('region', { name: 'Changes' })
      .getByRole('listitem')
      .filter({ hasText: second!.message });
    await row.getByRole('button', { name: 'Undo this change' }).click();
    await expect(row.getByRole('group', { name: 'Undo this change?' })).toContainText(
      second!.message,
    );
    await row.getByRole('button', { name: 'Keep it' }).click();
    expect(mock.callsTo('POST', ownerPaths.undo)).toHaveLength(0);

    await row.getByRole('button', { name: 'Undo this change' }).click();
    await row.getByRole('button', { name: 'Yes, undo it' }).click();
    await expect
      .poll(() => mock.callsTo('POST', ownerPaths.undo).map((call) => call.body))
      .toEqual([{ commit: second!.commit }]);
    await expect(page.getByRole('region', { name: 'Undoing a change' })).toContainText(
      `Undid: ${second!.message}`,
    );
    // Nothing else can start meanwhile
    await expect(
      page
        .getByRole('region', { name: 'Changes' })
        .getByRole('button', { name: 'Undo this change' })
        .first(),
    ).toBeDisabled();

    mock.site = { ...mock.site, running: null };
    const firstRow = page
      .getByRole('region', { name: 'Changes' })
      .getByRole('listitem')
      .filter({ hasText: first!.message });
    await expect(firstRow.getByRole('button', { name: 'Undo this change' })).toBeEnabled();
    mock.site = { ...mock.site, running: siteStates['publishing']!(mock.site).running };
    await firstRow.getByRole('button', { name: 'Undo this change' }).click();
    await firstRow.getByRole('button', { name: 'Yes, undo it' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'The site is being published. Wait for it to finish.',
    );
    expectOnlyKnownCalls(mock);
  });
});

test('the tabs work from the keyboard, Back returns, and Sign out ends the session', async ({
  page,
}) => {
  const mock = await mockOwnerApi(page);
  await openOwnerPage(page);
  await expect(inboxRows(page)).toHaveCount(4);
  const tabs = page.getByRole('navigation', { name: 'Owner’s page' });
  await tabs.getByRole('link', { name: 'Numbers' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Numbers' })).toBeFocused();
  await expect(tabs.getByRole('link', { name: 'Numbers' })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: 'Passkeys' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Passkeys' })).toBeFocused();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Numbers' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect(mock.callsTo('POST', ownerPaths.signOut)).toHaveLength(1);
  expectOnlyKnownCalls(mock);
});

test('the page runs under its own Content-Security-Policy without a violation, and is never indexed', async ({
  page,
}) => {
  await page.addInitScript(() => {
    (window as unknown as { violations: string[] }).violations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { violations: string[] }).violations.push(
        `${event.violatedDirective} ${event.blockedURI}`,
      ),
    );
  });
  await mockOwnerApi(page);
  const response = await page.goto(`${ownerPaths.page}#lead/39`);
  expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { level: 1, name: 'Mei Lin' })).toBeVisible();
  await page.goto(`${ownerPaths.page}#numbers/90`);
  await expect(page.locator('svg[role="img"]').first()).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { violations: string[] }).violations),
  ).toEqual([]);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', ownerPaths.manifest);
  const manifest = await (await page.request.get(ownerPaths.manifest)).json();
  expect(manifest).toMatchObject({
    start_url: ownerPaths.page,
    scope: ownerPaths.page,
    display: 'standalone',
    short_name: business.shortName,
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  /** What axe finds on the page as it is now, each with how many places and the first */
  async function axeViolations(page: Page) {
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    return results.violations.map(
      (violation) =>
        `${violation.id} (${violation.nodes.length}) ${violation.nodes[0]?.target.join(' ')}`,
    );
  }

  /** The visible buttons, links and fields less than 44 px tall */
  function smallTargets(page: Page) {
    return page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('a[href], button, input, summary, textarea')]
        .filter((element) => element.checkVisibility())
        .filter((element) => element.getBoundingClientRect().height < 44)
        .map(
          (element) =>
            `${element.tagName.toLowerCase()} "${(element.textContent ?? element.getAttribute('aria-label') ?? '').trim().slice(0, 30)}" ${Math.round(element.getBoundingClientRect().height)}px`,
        ),
    );
  }

  /** Nothing wider than the phone's screen, and a screenshot kept to look at */
  async function fitsTheScreen(page: Page, screenshot: string) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.screenshot({ path: screenshot, fullPage: true });
  }

  const views = [
    { name: 'the inbox', hash: '', heading: 'Inbox', axe: true, targets: true },
    { name: 'an unread request', hash: '#lead/40', heading: 'Ben Carter', axe: true },
    { name: 'a quoted request', hash: '#lead/39', heading: 'Mei Lin', targets: true },
    { name: 'the numbers for 30 days', hash: '#numbers/30', heading: 'Numbers', axe: true },
    { name: 'the numbers for 7 days', hash: '#numbers/7', heading: 'Numbers', targets: true },
    { name: 'the passkeys', hash: '#passkeys', heading: 'Passkeys', axe: true, targets: true },
  ];

  test('each view has no axe violations and no button or link under 44 px; the passkeys and the devices signed in now fit the screen (screenshot kept)', async ({
    page,
  }, testInfo) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await mockOwnerApi(page);
    for (const view of views) {
      const checks = [
        view.axe && 'no axe violations',
        view.targets && 'every button and link is at least 44 px tall',
      ];
      await test.step(`${view.name} (${view.hash || '#inbox'}): ${checks.filter(Boolean).join(', ')}`, async () => {
        await openOwnerPage(page, view.hash);
        await expect(page.getByRole('heading', { level: 1, name: view.heading })).toBeVisible();
        // Wait for what the view fetches
        await expect(page.getByText(/Loading|Counting/)).toHaveCount(0);
        if (view.hash === '#passkeys')
          await expect(
            page.getByRole('region', { name: 'Signed in now' }).getByRole('listitem'),
          ).toHaveCount(3);
        if (view.axe) expect(await axeViolations(page)).toEqual([]);
        if (view.targets) expect(await smallTargets(page), view.hash || '#inbox').toEqual([]);
        if (view.hash === '#passkeys')
          await fitsTheScreen(page, testInfo.outputPath('passkeys.png'));
      });
    }
  });

  test('the requests to call back head the inbox, say how overdue, count in the badge, and fit the screen (screenshot kept)', async ({
    page,
  }, testInfo) => {
    const today = nzCalendarDay(new Date());
    const dayBefore = (days: number) =>
      new Date(Date.parse(`${today}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
    const leads = [
      ...sampleLeads(),
      sampleLead({
        id: 50,
        name: 'Hemi Walker',
        status: 'quoted',
        readAt: new Date().toISOString(),
        followUp: dayBefore(1),
        service: 'Heat pump wiring',
      }),
      sampleLead({
        id: 51,
        name: 'Sione Tuilagi',
        status: 'contacted',
        readAt: new Date().toISOString(),
        followUp: today,
      }),
      sampleLead({ id: 52, name: 'Won Already', status: 'won', followUp: dayBefore(2) }),
    ];
    await mockOwnerApi(page, { leads });
    await openOwnerPage(page);
    const group = page.getByRole('region', { name: 'Call back today' });
    await expect(group.getByRole('listitem')).toHaveText([
      /Hemi Walker\s*Due yesterday/,
      /Sione Tuilagi\s*Due today/,
    ]);
    // It heads the inbox: above the undelivered requests and the list
    const top = async (name: string | RegExp) =>
      (await page.getByRole('region', { name }).boundingBox())!.y;
    expect(await top('Call back today')).toBeLessThan(
      await top('These requests did not reach you on every channel'),
    );
    expect(await top('Call back today')).toBeLessThan(await top(/^All requests/));
    // Won Already is unread, so three unread, and two to call back
    await expect(page.getByRole('link', { name: /^Inbox\s*3 unread, 2 to call back$/ })).toHaveText(
      /5/,
    );
    await expect(group.getByRole('link', { name: /Hemi Walker/ })).toHaveAttribute(
      'href',
      '#lead/50',
    );
    expect(await axeViolations(page)).toEqual([]);
    await fitsTheScreen(page, testInfo.outputPath('call-back-today.png'));
  });

  test('the site while idle, publishing and failed has no axe violations and nothing wider than the screen (screenshots kept), a failed publish names the entry and field to fix; the sign-in door has no axe violations', async ({
    page,
  }, testInfo) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const mock = await mockOwnerApi(page);
    for (const [state, make] of Object.entries(siteStates)) {
      await test.step(`the site while ${state}: no axe violations, nothing wider than the screen${state === 'idle' ? ', every button and link at least 44 px tall' : ''}${state === 'failed' ? ', the entry and field to fix named' : ''}`, async () => {
        mock.site = make(sampleSite());
        // The first state opens the page; the others load it again for the site's new answer
        if (state === 'idle') await openOwnerPage(page, '#site');
        else await page.reload();
        await expect(page.getByRole('heading', { level: 1, name: 'Your site' })).toBeVisible();
        await expect(page.getByText(/Loading|Counting/)).toHaveCount(0);
        expect(await axeViolations(page)).toEqual([]);
        await fitsTheScreen(page, testInfo.outputPath(`site-${state}.png`));
        if (state === 'idle') expect(await smallTargets(page), '#site').toEqual([]);
        if (state === 'failed') {
          const alert = page.getByRole('region', { name: 'Last publish' }).getByRole('alert');
          await expect(alert).toContainText(mock.site.last!.message);
          await expect(alert.getByRole('listitem')).toHaveText(mock.site.last!.problems);
        }
      });
    }
    await test.step('the discard confirmation: no axe violations, nothing wider than the screen', async () => {
      mock.site = sampleSite();
      await page.reload();
      await page.getByRole('button', { name: 'Discard my unpublished changes' }).click();
      const confirm = page.getByRole('group', { name: 'Discard your unpublished changes?' });
      await expect(confirm).toBeVisible();
      await confirm.scrollIntoViewIfNeeded();
      expect(await axeViolations(page)).toEqual([]);
      await fitsTheScreen(page, testInfo.outputPath('site-discard-confirm.png'));
    });
    await test.step('no axe violations on the sign-in door', async () => {
      mock.signedIn = false;
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});
