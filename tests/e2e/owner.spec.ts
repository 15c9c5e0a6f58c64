/**
 * The owner's page in Chromium with its virtual authenticator (the CDP WebAuthn domain), against
 * the real server at localhost: an invite enrols a passkey once; he signs out and in again, signs
 * out his other devices, and removes a passkey after confirming with his own; a visitor's
 * request appears without a reload; he calls, notes, quotes and wins it, and the
 * change survives a reload and shows in `npm run leads`; the CSV is exported; a request is
 * deleted. A browser without a session, or with an ended or expired one, gets 401 and no lead
 * data from every owner path the page uses, and another Origin is refused on every change.
 * He turns push on for his phone, and a visitor's request reaches a local push service encrypted
 * to the phone's keys; delivered to the page's service worker, it shows and opens that request.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import {
  expect,
  request as playwrightRequest,
  type BrowserContext,
  type Cookie,
} from '@playwright/test';
import { ownerTest as test } from '../support/e2e-servers.ts';
import { ownerPaths, type InboxBody } from '../../src/lib/owner-api.ts';
import { SESSION_COOKIE } from '../../src/server/owner/session-token.ts';
import { ownerLeadsDb, uniqueEmail } from '../support/e2e-leads.ts';
import { makeInvite } from '../support/owner-invite.ts';
import {
  deliverPush,
  shownTitles,
  stubPushService,
  tapNotification,
} from '../support/push-browser.ts';
import { readPush, startPushService } from '../support/script-helpers.ts';
import { addVirtualAuthenticator } from '../support/virtual-authenticator.ts';

test.describe.configure({ mode: 'serial' });

const run = promisify(execFile);

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
}

/** Every owner path the page reads or changes, with what a signed-in page would send */
function ownerCalls(leadId: number): Array<{ method: string; path: string; data?: unknown }> {
  return [
    { method: 'GET', path: ownerPaths.page },
    { method: 'GET', path: ownerPaths.session },
    { method: 'GET', path: ownerPaths.leads },
    { method: 'GET', path: `${ownerPaths.leads}?background=1` },
    { method: 'GET', path: ownerPaths.leadsCsv },
    { method: 'GET', path: `${ownerPaths.numbers}?days=7` },
    { method: 'GET', path: ownerPaths.passkeys },
    { method: 'PATCH', path: `${ownerPaths.leads}/${leadId}`, data: { status: 'lost' } },
    { method: 'POST', path: `${ownerPaths.leads}/${leadId}/notes`, data: { text: 'Not mine' } },
    { method: 'DELETE', path: `${ownerPaths.leads}/${leadId}` },
    { method: 'POST', path: ownerPaths.passkeyOptions, data: {} },
    { method: 'GET', path: ownerPaths.sessions },
    { method: 'POST', path: ownerPaths.signOutOthers, data: {} },
    { method: 'POST', path: ownerPaths.stepUpOptions, data: {} },
    { method: 'POST', path: ownerPaths.signOut, data: {} },
  ];
}

/** A visitor of this run only: the owner's database outlives a run, and an earlier one may have left its request */
const visitor = {
  name: `Mere Pohatu ${Date.now().toString(36)}`,
  email: uniqueEmail('owner-page'),
  phone: '021 555 0163',
};
let invite: { link: string };
let leadId: number;
/** The passkey and session of the first test's phone, which a later one signs out and removes */
const firstPhone = {
  passkey: `My phone ${Date.now().toString(36)}`,
  cookie: undefined as Cookie | undefined,
};

test('an invite enrols a passkey and signs him in; the same invite is refused a second time', async ({
  page,
  browser,
  baseURL,
}) => {
  await addVirtualAuthenticator(page);
  invite = await makeInvite(ownerLeadsDb, baseURL!);
  await page.goto(invite.link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your passkey' })).toBeVisible();
  // The token leaves the address bar (and so the history) at once
  expect(new URL(page.url()).hash).toBe('');
  await page.getByLabel('Name of this passkey').fill(firstPhone.passkey);
  await page.getByRole('button', { name: 'Set up your passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  firstPhone.cookie = await sessionCookie(page.context());
  expect(firstPhone.cookie).toMatchObject({
    secure: true,
    httpOnly: true,
    sameSite: 'Strict',
    path: '/',
  });

  const other = await browser.newContext();
  const again = await other.newPage();
  await again.goto(invite.link);
  await again.getByRole('button', { name: 'Set up your passkey' }).click();
  await expect(again.getByRole('alert')).toContainText('used or has expired');
  expect(await sessionCookie(other)).toBeUndefined();
  await other.close();
});

test('he signs out and in again; once his own passkey confirms it is him, he signs out everywhere else and removes a passkey', async ({
  page,
  browser,
  baseURL,
}) => {
  await addVirtualAuthenticator(page);
  // A fresh context has no passkey: enrol one with a new invite, as after losing a phone, opened
  // in the tab that already shows the sign-in (only the address's hash changes)
  await page.goto(ownerPaths.page);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.goto((await makeInvite(ownerLeadsDb, baseURL!)).link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your passkey' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up your passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect(await sessionCookie(page.context())).toBeUndefined();
  expect((await page.request.get(ownerPaths.session)).status()).toBe(401);

  await page.getByRole('button', { name: 'Sign in with your passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await page.getByRole('link', { name: 'Passkeys' }).click();
  await expect(page.getByRole('region', { name: 'Recent sign-ins' })).toContainText('Chrome');

  // The first test's phone is still signed in; everywhere but here is signed out
  const signedIn = page.getByRole('region', { name: 'Signed in now' });
  await expect(signedIn.getByRole('listitem').first()).toContainText('This device');
  await expect(signedIn).toContainText(`with ${firstPhone.passkey}`);
  // The server wants a fresh confirmation: the page asks for his passkey (this device answers), then signs the others out
  const confirmed = page.waitForResponse(
    (answer) => new URL(answer.url()).pathname === ownerPaths.stepUp,
  );
  await signedIn.getByRole('button', { name: 'Sign out everywhere else' }).click();
  expect((await confirmed).status()).toBe(204);
  await expect(signedIn.getByRole('listitem')).toHaveCount(1);
  const phone = await browser.newContext();
  await phone.addCookies([firstPhone.cookie!]);
  expect((await phone.request.get(ownerPaths.session)).status()).toBe(401);
  await phone.close();

  // Confirmed within the last 5 minutes, he removes the phone's passkey without being asked again
  const passkeys = page.getByRole('region', { name: 'Your passkeys' });
  await passkeys.getByRole('button', { name: `Remove ${firstPhone.passkey}` }).click();
  await passkeys.getByRole('button', { name: 'Remove passkey', exact: true }).click();
  await expect(page.getByRole('status')).toContainText(`${firstPhone.passkey} removed`);
  await expect(passkeys).not.toContainText(firstPhone.passkey);
});

test('a visitor’s request appears without a reload, and he works it through to Won', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await addVirtualAuthenticator(page);
  await page.goto((await makeInvite(ownerLeadsDb, baseURL!)).link);
  await page.getByRole('button', { name: 'Set up your passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();

  // A visitor sends the quote form (as a browser without JavaScript posts it)
  const visitorBrowser = await playwrightRequest.newContext({ baseURL: baseURL! });
  const posted = await visitorBrowser.post('/api/leads', {
    headers: { Origin: baseURL!, Accept: 'application/json' },
    form: {
      form_source: 'Quote Form',
      ...visitor,
      address: '3 Ridge Road, Howick',
      service: 'Electrical Repairs',
      message: 'Sparks from the outdoor socket.',
    },
  });
  expect(posted.status()).toBe(200);
  await visitorBrowser.dispose();

  const row = page.getByRole('link', { name: new RegExp(visitor.name) });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await row.click();
  await expect(page.getByRole('heading', { level: 1, name: visitor.name })).toBeVisible();
  leadId = Number(/^#lead\/(\d+)$/.exec(new URL(page.url()).hash)?.[1]);
  expect(leadId).toBeGreaterThan(0);

  // Tapping Call rings the visitor and marks the request Contacted
  const call = page
    .getByRole('list', { name: `Contact ${visitor.name}` })
    .getByRole('link', { name: 'Call' });
  await expect(call).toHaveAttribute('href', 'tel:0215550163');
  // The phone would open its dialler; the test browser has none, so the link is followed no further
  await page.evaluate(() =>
    document.addEventListener('click', (event) => {
      if ((event.target as Element).closest('a[href^="tel:"]')) event.preventDefault();
    }),
  );
  await call.click();
  const status = page.getByRole('group', { name: 'Status' });
  await expect(status.getByRole('button', { name: 'Contacted' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.getByLabel('Add a note').fill('Called: socket to replace, quoting Monday');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('region', { name: 'Notes' })).toContainText(
    'Called: socket to replace, quoting Monday',
  );
  for (const next of ['Quoted', 'Won']) {
    await status.getByRole('button', { name: next }).click();
    await expect(status.getByRole('button', { name: next })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  }

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: visitor.name })).toBeVisible();
  await expect(status.getByRole('button', { name: 'Won' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('region', { name: 'Notes' })).toContainText(
    'Called: socket to replace, quoting Monday',
  );

  // The server's record says the same
  const { stdout } = await run(process.execPath, ['scripts/leads.ts'], {
    env: { ...process.env, LEADS_DB: ownerLeadsDb },
  });
  const line = stdout.split('\n').find((each) => each.includes(visitor.name))!;
  expect(line).toMatch(/\bwon\b/);
  expect(stdout).toContain('Called: socket to replace, quoting Monday');

  await page
    .getByRole('navigation', { name: 'Owner’s page' })
    .getByRole('link', { name: /^Inbox/ })
    .click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^quote-requests-\d{4}-\d\d-\d\d\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toContain('status');
  expect(csv).toMatch(new RegExp(`${visitor.name},${visitor.email}.*,won,`));
});

test('without a live session, every owner path is a 401 with no lead data; another Origin is refused', async ({
  page,
  browser,
  baseURL,
}) => {
  await addVirtualAuthenticator(page);
  await page.goto((await makeInvite(ownerLeadsDb, baseURL!)).link);
  await page.getByRole('button', { name: 'Set up your passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  const signedIn = (await sessionCookie(page.context()))!;

  async function expectRefused(context: BrowserContext, what: string) {
    for (const { method, path, data } of ownerCalls(leadId)) {
      const answer = await context.request.fetch(path, {
        method,
        headers: { Origin: baseURL! },
        ...(data ? { data } : {}),
      });
      expect(answer.status(), `${method} ${path} ${what}`).toBe(401);
      const text = await answer.text();
      for (const value of Object.values(visitor))
        expect(text, `${method} ${path} ${what}`).not.toContain(value);
    }
  }

  // No session at all
  const stranger = await browser.newContext();
  await expectRefused(stranger, 'without a session');
  // A session ended by signing out
  const ended = await browser.newContext();
  await ended.addCookies([{ ...signedIn }]);
  expect((await ended.request.get(ownerPaths.session)).status()).toBe(200);
  expect(
    (
      await ended.request.post(ownerPaths.signOut, { headers: { Origin: baseURL! }, data: {} })
    ).status(),
  ).toBe(204);
  await ended.addCookies([{ ...signedIn }]);
  await expectRefused(ended, 'after sign-out');

  // A session left unused past the idle time (its last use moved back two hours in the database)
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // The inbox's list is asked for after its heading shows, and each answer renews the session
  const inboxAnswered = page.waitForResponse(
    (answer) => new URL(answer.url()).pathname === ownerPaths.leads,
  );
  await page.getByRole('button', { name: 'Sign in with your passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await inboxAnswered;
  const idle = (await sessionCookie(page.context()))!;
  // Nothing of the page may use the session after its last use is moved back
  await page.goto('about:blank');
  const db = new DatabaseSync(ownerLeadsDb);
  db.prepare('UPDATE owner_sessions SET last_seen_at = ? WHERE token_hash = ?').run(
    new Date(Date.now() - 2 * 3_600_000).toISOString(),
    createHash('sha256').update(idle.value).digest('hex'),
  );
  db.close();
  const expired = await browser.newContext();
  await expired.addCookies([{ ...idle }]);
  await expectRefused(expired, 'after the idle time');
  await page.goto(ownerPaths.page);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

  // Signed in again: a change from another origin is refused, and the page's own goes through
  await page.getByRole('button', { name: 'Sign in with your passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  for (const { method, path, data } of ownerCalls(leadId).filter(
    ({ method }) => method !== 'GET',
  )) {
    for (const origin of ['https://evil.example', 'null']) {
      const answer = await page.request.fetch(path, {
        method,
        headers: { Origin: origin },
        ...(data ? { data } : {}),
      });
      expect(answer.status(), `${method} ${path} from ${origin}`).toBe(403);
    }
  }
  expect((await page.request.get(ownerPaths.session)).status()).toBe(200);
  await Promise.all([stranger.close(), ended.close(), expired.close()]);
});

test('a request is deleted for good, after he confirms', async ({ page, baseURL }) => {
  await addVirtualAuthenticator(page);
  await page.goto((await makeInvite(ownerLeadsDb, baseURL!)).link);
  await page.getByRole('button', { name: 'Set up your passkey' }).click();
  await page.getByRole('link', { name: new RegExp(visitor.name) }).click();
  await page.getByRole('button', { name: 'Delete this request' }).click();
  await page.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(visitor.name) })).toHaveCount(0);
  const inbox = (await (
    await page.request.get(`${ownerPaths.leads}?q=${encodeURIComponent(visitor.email)}`)
  ).json()) as InboxBody;
  expect(inbox.leads).toEqual([]);
});

test('with push turned on, a visitor’s request is pushed to his phone, shown, and a tap opens it', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = baseURL!;
  // The owner's server is at http://localhost, so it pushes to a push service on loopback over http
  const service = await startPushService();
  try {
    const phone = service.subscribe('owner-phone');
    await context.grantPermissions(['notifications'], { origin });
    await stubPushService(context, phone.json);
    await addVirtualAuthenticator(page);
    await page.goto((await makeInvite(ownerLeadsDb, origin)).link);
    await page.getByRole('button', { name: 'Set up your passkey' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();

    await page.goto(`${ownerPaths.page}#notifications`);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const added = page.waitForResponse(
      (answer) =>
        new URL(answer.url()).pathname === ownerPaths.pushDevices &&
        answer.request().method() === 'POST' &&
        answer.status() === 201,
    );
    await page.getByRole('button', { name: 'Turn on notifications' }).click();
    await added;
    const devices = page.getByRole('region', { name: 'Devices that get notifications' });
    await expect(devices.getByRole('listitem').first()).toContainText('This device');
    await expect(page.getByText('Notifications are on for this device')).toBeVisible();

    const customer = { name: `Hemi Walker ${Date.now().toString(36)}`, email: uniqueEmail('push') };
    const visitorBrowser = await playwrightRequest.newContext({ baseURL: origin });
    const posted = await visitorBrowser.post('/api/leads', {
      headers: { Origin: origin, Accept: 'application/json' },
      form: {
        form_source: 'Quote Form',
        ...customer,
        phone: '021 555 0177',
        address: '8 Bucklands Beach Road, Bucklands Beach',
        service: 'Electrical Repairs',
        message: 'The heat pump trips the breaker.',
      },
    });
    expect(posted.status()).toBe(200);
    const { id } = (await posted.json()) as { id: number };
    await visitorBrowser.dispose();

    // The push service has it within seconds, encrypted to this phone's keys
    type PushMessage = { notification: { title: string; navigate: string; tag: string } };
    const pushedFor = () =>
      service
        .hitsFor(phone)
        .map((hit) => ({ text: hit.text, message: readPush(hit, phone) as PushMessage }))
        .find(({ message }) => message.notification.title.includes(customer.name));
    await expect.poll(pushedFor, { timeout: 5_000 }).toBeDefined();
    const pushed = pushedFor()!;
    expect(pushed.message.notification.navigate).toMatch(
      new RegExp(`${ownerPaths.page}#lead/${id}$`),
    );

    // The same bytes, as the phone's push service hands them to the service worker
    await deliverPush(page, origin, pushed.text!);
    await expect.poll(() => shownTitles(page)).toContain(pushed.message.notification.title);
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await tapNotification(worker, pushed.message.notification.tag);
    await expect(page).toHaveURL(`${origin}${ownerPaths.page}#lead/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
    await expect(page.getByText('The heat pump trips the breaker.')).toBeVisible();
    expect(page.viewportSize()?.width).toBe(390);
  } finally {
    await service.close();
  }
});
