/**
 * What a push notification says: a new request's name, where and what, and its first line,
 * opening the request, with Call; short whatever the visitor typed; an emergency urgent; and the
 * server's VAPID keys kept in their file, never replaced.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { EMERGENCY_SERVICE, QUOTE_SERVICE_OPTIONS } from '../../src/config/quote.ts';
import { ownerLeadUrl } from '../../src/lib/owner-api.ts';
import { withoutControls } from '../../src/lib/plain-text.ts';
import type { StoredLead } from '../../src/server/db/records.ts';
import {
  alertPush,
  leadPush,
  LINE_MAX_CHARACTERS,
  noticePush,
  TITLE_MAX_CHARACTERS,
} from '../../src/server/notify/channels/push-message.ts';
import { loadOrCreateVapidKeys, vapidKeysPath } from '../../src/server/notify/push-keys.ts';
import { sampleStoredLead } from '../support/leads.ts';

const SITE = 'https://www.example.co.nz';
/** Push services refuse a message over 4096 bytes once encrypted; web-push adds about 100 */
const PAYLOAD_BUDGET_BYTES = 3900;

const stored = (overrides: Partial<StoredLead> = {}) =>
  sampleStoredLead({ id: 42, uid: 'u', createdAt: '2026-11-27T22:00:00.000Z', ...overrides });

describe('a new request’s push', () => {
  it('names the visitor, where and what, and the first line, and opens the request, with Call', () => {
    const { message, urgency, topic } = leadPush(stored(), SITE, 3);
    expect(message).toEqual({
      web_push: 8030,
      notification: {
        title: 'New request: Aroha Smith',
        body: '12 Picton Street, Howick · Electrical Repairs\nThe kitchen power points trip the RCD.',
        navigate: ownerLeadUrl(SITE, 42),
        lang: 'en-NZ',
        dir: 'ltr',
        tag: 'lead-42',
        actions: [{ action: 'call', title: 'Call', navigate: 'tel:0215550199' }],
      },
      app_badge: 3,
    });
    expect([urgency, topic]).toEqual(['normal', 'lead-42']);
    expect(ownerLeadUrl(SITE, 42)).toBe(`${SITE}/owner#lead/42`);
  });

  it('is urgent, and says so, for an emergency', () => {
    expect(QUOTE_SERVICE_OPTIONS).toContain(EMERGENCY_SERVICE);
    const { message, urgency } = leadPush(stored({ service: EMERGENCY_SERVICE }), SITE);
    expect(urgency).toBe('high');
    expect(message.notification.title).toBe('Emergency: Aroha Smith');
    expect(message).not.toHaveProperty('app_badge');
  });

  it('leaves out what was not given: no phone, no Call; no address or service, the message alone', () => {
    const { message } = leadPush(
      stored({ phone: null, address: null, service: null, message: '\n\n  Second line first.' }),
      SITE,
    );
    expect(message.notification.body).toBe('Second line first.');
    expect(message.notification).not.toHaveProperty('actions');
  });

  it('stays short and free of control and bidi characters, whatever the visitor typed', () => {
    const text = fc.string({ unit: 'binary', maxLength: 5000 });
    fc.assert(
      fc.property(text, text, text, text, (name, address, service, body) => {
        const { message } = leadPush(
          stored({ name, address, service, message: body, phone: '021 555 0199' }),
          SITE,
        );
        const { title, body: shown } = message.notification;
        expect([...title].length).toBeLessThanOrEqual(TITLE_MAX_CHARACTERS);
        expect([...shown].length).toBeLessThanOrEqual(2 * LINE_MAX_CHARACTERS);
        expect(shown.split('\n').length).toBeLessThanOrEqual(2);
        const shownText = `${title}\n${shown}`;
        expect(withoutControls(shownText, { keepLineBreaks: true })).toBe(shownText);
        expect(Buffer.byteLength(JSON.stringify(message))).toBeLessThan(PAYLOAD_BUDGET_BYTES);
      }),
      { numRuns: 200 },
    );
  });

  it('cuts a long message to its first line, and a long line with an ellipsis', () => {
    const long = 'Please quote for rewiring the whole house '.repeat(20);
    const { message } = leadPush(stored({ message: `${long}\nSecond line` }), SITE);
    const [, firstLine] = message.notification.body.split('\n');
    expect(firstLine).toMatch(/^Please quote for rewiring.*…$/);
    expect([...firstLine!].length).toBeLessThanOrEqual(LINE_MAX_CHARACTERS);
    expect(message.notification.body).not.toContain('Second line');
  });
});

describe('an alert’s and a notice’s push', () => {
  it('carries the title, the first lines of the text, the link and the urgency', () => {
    const alert = alertPush(
      {
        title: 'Follow up today: Aroha Smith',
        text: 'Line one\nLine two\n\nLine three\nLine four',
        key: 'follow-up/42',
        link: ownerLeadUrl(SITE, 42),
        urgent: true,
      },
      SITE,
    );
    expect(alert.urgency).toBe('high');
    expect(alert.message.notification).toMatchObject({
      title: 'Follow up today: Aroha Smith',
      body: 'Line one\nLine two\nLine three',
      navigate: `${SITE}/owner#lead/42`,
      tag: 'follow-up42',
    });
    const plain = alertPush({ title: 'A passkey was added', text: 'x', key: 'k' }, SITE);
    expect([plain.urgency, plain.message.notification.navigate]).toEqual([
      'normal',
      `${SITE}/owner`,
    ]);

    const notice = noticePush(
      { lead: stored(), failures: [], title: 'Request 42 could not be e-mailed', text: 'Why' },
      SITE,
    );
    expect(notice.message.notification).toMatchObject({
      navigate: ownerLeadUrl(SITE, 42),
      actions: [{ action: 'call', title: 'Call', navigate: 'tel:0215550199' }],
    });
  });
});

describe('the VAPID keys', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const keysPath = () => {
    const dir = mkdtempSync(join(tmpdir(), 'vapid-'));
    dirs.push(dir);
    return vapidKeysPath(join(dir, 'leads.sqlite'));
  };

  it('are made once, readable by the server alone, and read again on later starts', () => {
    const path = keysPath();
    const first = loadOrCreateVapidKeys(path);
    expect(first.created).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(Buffer.from(first.keys.publicKey, 'base64url')).toHaveLength(65);
    const again = loadOrCreateVapidKeys(path);
    expect(again).toEqual({ keys: first.keys, created: false });
  });

  it('stop the server when their file is damaged, rather than be replaced', () => {
    const path = keysPath();
    loadOrCreateVapidKeys(path);
    const damaged = readFileSync(path, 'utf8').slice(0, 40);
    writeFileSync(path, damaged);
    expect(() => loadOrCreateVapidKeys(path)).toThrow(/damaged.*Restore the file from a backup/);
    expect(readFileSync(path, 'utf8')).toBe(damaged);
    writeFileSync(path, JSON.stringify({ publicKey: 'abc', privateKey: 'def' }));
    expect(() => loadOrCreateVapidKeys(path)).toThrow(/publicKey is not a P-256 public key/);
  });
});
