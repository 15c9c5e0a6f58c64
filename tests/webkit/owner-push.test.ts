/**
 * The owner's app in Safari's engine on an iPhone, signed in on the site's own server: the Alerts
 * tab shows Add to Home Screen with its steps first, as an iPhone allows notifications only to an
 * app opened from its Home Screen.
 */
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ownerPaths } from '../../src/lib/owner-api.ts';
import { siteOrigin } from '../../src/lib/site-url.ts';
import { SESSION_COOKIE } from '../../src/server/owner/session-token.ts';
import { IPHONE_SAFARI_USER_AGENT, PHONE } from '../support/browser-suites.ts';
import { ownerClient } from '../support/owner.ts';
import { makeInvite } from '../support/owner-invite.ts';
import { launchWebKit, screenshot, type WebKit } from './webkit.ts';

let webkit: WebKit;
beforeAll(async () => {
  webkit = await launchWebKit({ userAgent: IPHONE_SAFARI_USER_AGENT });
});
afterAll(async () => {
  await webkit?.close();
});

/** A session of the owner's, opened with a passkey enrolled from an invite as his phone would */
async function ownerSession(): Promise<string> {
  const port = Number(new URL(inject('origin')).port);
  const owner = ownerClient({ port }, siteOrigin());
  const answer = await owner.enrol((await makeInvite(inject('leadsDb'), siteOrigin())).token);
  expect(answer.status).toBe(200);
  return owner.session!;
}

test('signed in on an iPhone, the Alerts tab shows Add to Home Screen and its steps before notifications can be allowed', async () => {
  const page = await webkit.openPage(ownerPaths.page, PHONE);
  // The session cookie his browser keeps, without Secure: WebKitGTK refuses a Secure cookie from
  // the test server's plain http, and the server reads the cookie either way
  await page.manage().addCookie({
    name: SESSION_COOKIE,
    value: await ownerSession(),
    path: '/',
    secure: false,
    httpOnly: true,
    sameSite: 'Strict',
  });
  // Only the fragment differs from the page open, so it is loaded again to send the cookie
  await page.get(`${inject('origin')}${ownerPaths.page}#notifications`);
  await page.navigate().refresh();

  // The panel a screen reader names "Set up this device": its step headings, words and button
  const setup = () =>
    page.executeScript<{ steps: string[]; text: string; turnOnDisabled: boolean | null } | null>(
      () => {
        const panel = [...document.querySelectorAll('section[aria-labelledby]')].find(
          (section) =>
            document.getElementById(section.getAttribute('aria-labelledby')!)?.textContent ===
            'Set up this device',
        ) as HTMLElement | undefined;
        if (!panel) return null;
        const turnOn = [...panel.querySelectorAll('button')].find(
          (button) => button.textContent?.trim() === 'Turn on notifications',
        );
        return {
          steps: [...panel.querySelectorAll('h3')].map((heading) => heading.textContent.trim()),
          text: panel.innerText,
          turnOnDisabled: turnOn ? turnOn.disabled : null,
        };
      },
    );
  await expect
    .poll(async () => (await setup())?.steps)
    .toEqual(['Add to Home Screen', 'Allow notifications', 'Send me a test']);
  const { text, turnOnDisabled } = (await setup())!;
  expect(text).toContain('Tap the Share button');
  expect(text).toContain('Add to Home Screen, then Add');
  expect(text).toContain('Open the app from its icon on your Home Screen');
  expect(turnOnDisabled).toBe(true);
  await screenshot(page, 'owner-push-iphone');
});
