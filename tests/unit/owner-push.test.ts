/**
 * The owner's push notifications in the browser's part: the service worker reading a push into
 * the notification it shows (the contract's JSON, and one it cannot read), where a tap goes, the
 * built /owner-sw.js doing so when a push event reaches it, and what each device needs first.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ownerPaths } from '../../src/lib/owner-api.ts';
import { appIconPath } from '../../src/lib/owner-manifest.ts';
import { pushSupport, type BrowserFacts } from '../../src/owner/push/device-support.ts';
import { keyBytes } from '../../src/owner/push/subscription.ts';
import {
  FALLBACK_TITLE,
  readPushMessage,
  tapTarget,
} from '../../src/owner/service-worker/push-message.ts';
import { GET as serviceWorkerScript } from '../../src/pages/owner-sw.js.ts';

const origin = 'https://harbour.example';

/** The contract's message for a new request */
const leadPush = {
  web_push: 8030,
  notification: {
    title: 'New request: Aroha Ngata',
    body: 'Howick · Switchboard upgrades\nThe kitchen power points trip the RCD.',
    navigate: `${origin}/owner#lead/42`,
    lang: 'en-NZ',
    dir: 'ltr',
    tag: 'lead-42',
    actions: [{ action: 'call', title: 'Call', navigate: 'tel:0215550199' }],
  },
  app_badge: 3,
};

describe('readPushMessage', () => {
  it('shows the contract’s notification as it is, with the site’s icon and where a tap goes', () => {
    expect(readPushMessage(JSON.stringify(leadPush), origin)).toEqual({
      title: 'New request: Aroha Ngata',
      options: {
        body: leadPush.notification.body,
        tag: 'lead-42',
        lang: 'en-NZ',
        dir: 'ltr',
        icon: appIconPath(192),
        actions: [{ action: 'call', title: 'Call' }],
        data: {
          navigate: `${origin}/owner#lead/42`,
          actions: { call: 'tel:0215550199' },
        },
      },
      appBadge: 3,
    });
  });

  it.each([
    ['text that is not JSON', 'not json {'],
    ['no data at all', null],
    ['JSON without a notification', '{"web_push":8030}'],
    ['a notification without a title', '{"notification":{"body":"hi"}}'],
    ['a list', '[1,2]'],
  ])('still shows “New activity on your website” opening /owner for %s', (_, message) => {
    const shown = readPushMessage(message, origin);
    expect(shown.title).toBe(FALLBACK_TITLE);
    expect(shown.options.data.navigate).toBe(`${origin}/owner`);
  });

  it('opens no address of another site, and no action but a tel: link or the site’s own page', () => {
    const shown = readPushMessage(
      JSON.stringify({
        notification: {
          title: 'New request',
          navigate: 'https://evil.example/owner',
          actions: [
            { action: 'call', title: 'Call', navigate: 'javascript:alert(1)' },
            { action: 'open', title: 'Open', navigate: '/owner#lead/9' },
          ],
        },
      }),
      origin,
    );
    expect(shown.options.data).toEqual({
      navigate: `${origin}/owner`,
      actions: { open: `${origin}/owner#lead/9` },
    });
    expect(shown.options.actions).toEqual([{ action: 'open', title: 'Open' }]);
  });
});

describe('tapTarget', () => {
  const { data } = readPushMessage(JSON.stringify(leadPush), origin).options;

  it('opens the request on a tap, and dials on Call', () => {
    expect(tapTarget('', data, origin)).toBe(`${origin}/owner#lead/42`);
    expect(tapTarget('call', data, origin)).toBe('tel:0215550199');
  });

  it('opens the owner’s page when the notification carries nothing it can follow', () => {
    expect(tapTarget('', undefined, origin)).toBe(`${origin}/owner`);
    expect(tapTarget('call', { navigate: 'https://evil.example' }, origin)).toBe(`${origin}/owner`);
  });
});

describe('/owner-sw.js', () => {
  /** The built worker run with a stand-in for its scope; what it shows for each push */
  async function runWorker() {
    const script = await (await serviceWorkerScript({} as never)).text();
    const listeners = new Map<string, (event: unknown) => void>();
    const shown: Array<{ title: string; options: { data: { navigate: string } } }> = [];
    const waits: Array<Promise<unknown>> = [];
    const self = {
      location: new URL(`${origin}/owner-sw.js`),
      navigator: {},
      registration: {
        showNotification: (title: string, options: { data: { navigate: string } }) => {
          shown.push({ title, options });
          return Promise.resolve();
        },
      },
      clients: {},
      addEventListener: (type: string, listener: (event: unknown) => void) =>
        listeners.set(type, listener),
    };
    const posted: Array<{ url: string; init: { method: string; body: string } }> = [];
    const fetch = (url: string, init: { method: string; body: string }) => {
      posted.push({ url, init });
      return Promise.resolve({ ok: true });
    };
    runInNewContext(script, { self, URL, JSON, Promise, fetch });
    const push = async (data: { text(): string } | null) => {
      listeners.get('push')!({
        data,
        waitUntil: (promise: Promise<unknown>) => waits.push(promise),
      });
      await Promise.all(waits);
    };
    const dispatch = async (type: string, event: object) => {
      listeners.get(type)!({
        ...event,
        waitUntil: (promise: Promise<unknown>) => waits.push(promise),
      });
      await Promise.all(waits);
    };
    return { listeners, shown, push, posted, dispatch };
  }

  it('listens for push, a tap and a rotated subscription, and handles no fetch', async () => {
    const { listeners } = await runWorker();
    expect([...listeners.keys()].sort()).toEqual([
      'activate',
      'install',
      'notificationclick',
      'push',
      'pushsubscriptionchange',
    ]);
  });

  it('shows the request a push names, and the fallback for one it cannot read', async () => {
    const { shown, push } = await runWorker();
    await push({ text: () => JSON.stringify(leadPush) });
    await push({ text: () => '\u0000garbled' });
    await push({
      text: () => {
        throw new TypeError('not text');
      },
    });
    expect(shown.map(({ title, options }) => [title, options.data.navigate])).toEqual([
      ['New request: Aroha Ngata', `${origin}/owner#lead/42`],
      [FALLBACK_TITLE, `${origin}/owner`],
      [FALLBACK_TITLE, `${origin}/owner`],
    ]);
  });

  it('hands the server the subscription that replaces a rotated one, naming the old endpoint', async () => {
    const { posted, dispatch } = await runWorker();
    const subscription = (endpoint: string) => ({
      endpoint,
      options: { applicationServerKey: null },
      toJSON: () => ({ endpoint, keys: { p256dh: 'p256dh-key', auth: 'auth-secret' } }),
    });
    await dispatch('pushsubscriptionchange', {
      oldSubscription: subscription('https://push.example.net/old'),
      newSubscription: subscription('https://push.example.net/new'),
    });
    expect(
      posted.map(({ url, init }): unknown[] => [
        url,
        init.method,
        JSON.parse(init.body) as unknown,
      ]),
    ).toEqual([
      [
        ownerPaths.pushDevices,
        'POST',
        {
          subscription: {
            endpoint: 'https://push.example.net/new',
            keys: { p256dh: 'p256dh-key', auth: 'auth-secret' },
          },
          replaces: 'https://push.example.net/old',
        },
      ],
    ]);
  });
});

describe('pushSupport', () => {
  const iPhoneSafari =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
  const iPadAsMac =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15';
  const androidChrome =
    'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';
  const facts = (overrides: Partial<BrowserFacts>): BrowserFacts => ({
    userAgent: androidChrome,
    maxTouchPoints: 5,
    standalone: false,
    hasPush: true,
    ...overrides,
  });

  it('asks an iPhone or iPad in Safari to add the app to its Home Screen first', () => {
    expect(pushSupport(facts({ userAgent: iPhoneSafari, hasPush: false }))).toBe(
      'add-to-home-screen',
    );
    expect(pushSupport(facts({ userAgent: iPadAsMac, hasPush: false }))).toBe('add-to-home-screen');
  });

  it('lets the installed iPhone app, Android and a desktop browser turn push on', () => {
    expect(pushSupport(facts({ userAgent: iPhoneSafari, standalone: true }))).toBe('ready');
    expect(pushSupport(facts({}))).toBe('ready');
    expect(pushSupport(facts({ userAgent: iPadAsMac, maxTouchPoints: 0 }))).toBe('ready');
  });

  it('says so where a browser has no push', () => {
    expect(pushSupport(facts({ hasPush: false }))).toBe('unsupported');
    expect(pushSupport(facts({ userAgent: iPhoneSafari, standalone: true, hasPush: false }))).toBe(
      'unsupported',
    );
  });
});

describe('keyBytes', () => {
  it('reads the server’s base64url key as its 65 bytes', () => {
    const key =
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
    const bytes = keyBytes(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect(Buffer.from(bytes).toString('base64url')).toBe(key);
  });
});
