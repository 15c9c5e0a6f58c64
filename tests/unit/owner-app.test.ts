/** The owner's page's pure parts: times in words, views in the hash, links, changes, figures, manifest */
import { describe, expect, it } from 'vitest';
import { ownerManifest } from '../../src/lib/owner-manifest.ts';
import type { OwnerLead } from '../../src/lib/owner-api.ts';
import { inboxUrl } from '../../src/owner/api.ts';
import { dialable } from '../../src/lib/dialable.ts';
import { contactLinks } from '../../src/owner/contact-links.ts';
import { dueLabel } from '../../src/owner/inbox/due-label.ts';
import { inviteTokenOf } from '../../src/owner/invite.ts';
import { formatShare, niceCeiling, trendText } from '../../src/owner/numbers/figures.ts';
import { hashOf, parseView, type OwnerView } from '../../src/owner/routes.ts';
import { formatCalendarDay, timeAgo } from '../../src/owner/time.ts';

describe('timeAgo', () => {
  // 3 Mar 2026, 2:00 pm in Auckland (UTC+13)
  const now = new Date('2026-03-03T01:00:00Z');
  const before = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();

  it('says minutes, hours, yesterday and days as NZ English does', () => {
    expect(timeAgo(before(0.5), now)).toBe('just now');
    expect(timeAgo(before(1), now)).toBe('1 min ago');
    expect(timeAgo(before(12), now)).toBe('12 min ago');
    expect(timeAgo(before(60), now)).toBe('1 hour ago');
    expect(timeAgo(before(3 * 60 + 20), now)).toBe('3 hours ago');
    expect(timeAgo(before(25 * 60), now)).toBe('yesterday');
    expect(timeAgo(before(4 * 24 * 60), now)).toBe('4 days ago');
  });

  it('gives the day after a week, with the year only when it is another', () => {
    expect(timeAgo(before(10 * 24 * 60), now)).toBe('21 Feb');
    expect(timeAgo('2025-12-24T01:00:00Z', now)).toBe('24 Dec 2025');
  });

  it('counts calendar days in New Zealand, not in UTC', () => {
    // 11 pm on 1 March in Auckland is yesterday's evening there, although 2 March in UTC
    expect(timeAgo('2026-03-01T10:00:00Z', now)).toBe('2 days ago');
  });

  it('reads a calendar day as that day in every time zone', () => {
    expect(formatCalendarDay('2026-06-04')).toBe('4 Jun 2026');
  });
});

describe('a follow-up date against today', () => {
  it('says due today, yesterday, how many days ago, and from a week on since when', () => {
    expect(dueLabel('2026-11-27', '2026-11-27')).toBe('Due today');
    expect(dueLabel('2026-11-26', '2026-11-27')).toBe('Due yesterday');
    expect(dueLabel('2026-11-24', '2026-11-27')).toBe('Due 3 days ago');
    expect(dueLabel('2026-11-20', '2026-11-27')).toBe('Due since 20 Nov');
    // Across the change to daylight saving (27 Sep) a day is still a day
    expect(dueLabel('2026-09-26', '2026-09-28')).toBe('Due 2 days ago');
  });
});

describe('the views in the hash', () => {
  const views: OwnerView[] = [
    { name: 'inbox' },
    { name: 'lead', id: 41 },
    { name: 'numbers', days: 7 },
    { name: 'numbers', days: 90 },
    { name: 'notifications' },
    { name: 'passkeys' },
    { name: 'jobs' },
    { name: 'job', id: null },
    { name: 'job', id: 'switchboard-howick' },
  ];

  it('read back what they write', () => {
    for (const view of views) expect(parseView(hashOf(view))).toEqual(view);
  });

  it('fall back to the inbox, and to 30 days of numbers, for anything else', () => {
    expect(parseView('')).toEqual({ name: 'inbox' });
    expect(parseView('#lead/abc')).toEqual({ name: 'inbox' });
    expect(parseView('#settings')).toEqual({ name: 'inbox' });
    expect(parseView('#numbers/365')).toEqual({ name: 'numbers', days: 30 });
    expect(parseView('#jobs/Not A Name')).toEqual({ name: 'jobs' });
  });
});

describe('an invite link', () => {
  it('holds its token after #invite=, and nothing else counts', () => {
    expect(inviteTokenOf('#invite=Ab3_-x9')).toBe('Ab3_-x9');
    expect(inviteTokenOf('#invite=')).toBeNull();
    expect(inviteTokenOf('#lead/3')).toBeNull();
    expect(inviteTokenOf('#invite=a b')).toBeNull();
  });
});

describe('the inbox address', () => {
  it('carries only the filters in use, and marks a background poll', () => {
    expect(inboxUrl()).toBe('/api/owner/leads');
    expect(inboxUrl({ status: 'won', q: '  Howick ', background: true })).toBe(
      '/api/owner/leads?status=won&q=Howick&background=1',
    );
    expect(inboxUrl({ q: '   ' })).toBe('/api/owner/leads');
  });
});

const lead: OwnerLead = {
  id: 7,
  createdAt: '2026-03-03T00:00:00Z',
  formSource: 'quote',
  name: 'Aroha Ngata',
  email: 'aroha+quotes@example.net',
  phone: '+64 21 555 0101',
  address: '5 Pigeon Mountain Road, Half Moon Bay',
  service: null,
  message: 'Heat pump wiring',
  page: '/',
  status: 'new',
  followUp: null,
  readAt: null,
  notes: [],
  deliveries: [],
  acknowledgement: null,
  photos: [],
  photosNotKept: 0,
};

describe('the one-tap links', () => {
  it('dial the digits of a number, keeping a leading +', () => {
    expect(dialable('+64 21 555 0101')).toBe('+64215550101');
    expect(dialable('(09) 000-0000')).toBe('090000000');
  });

  it('call, text, e-mail with a subject, and search the address on a map', () => {
    expect(contactLinks(lead, 'Harbour East')).toEqual({
      call: 'tel:+64215550101',
      text: 'sms:+64215550101',
      email:
        'mailto:aroha%2Bquotes@example.net?subject=Your%20quote%20request%20to%20Harbour%20East',
      map: 'https://www.google.com/maps/search/?api=1&query=5%20Pigeon%20Mountain%20Road%2C%20Half%20Moon%20Bay',
    });
  });

  it('offer no call, text or map without a phone or an address', () => {
    expect(contactLinks({ ...lead, phone: null, address: ' ' }, 'Harbour East')).toMatchObject({
      call: null,
      text: null,
      map: null,
    });
  });
});

describe('the figures in words', () => {
  it('gives shares with one decimal, and a dash without views', () => {
    expect(formatShare(0.031)).toBe('3.1%');
    expect(formatShare(0.02)).toBe('2%');
    expect(formatShare(null)).toBe('–');
  });

  it('says which way a period went', () => {
    expect(trendText(12, 30)).toBe('up 12% on the 30 days before');
    expect(trendText(-4, 7)).toBe('down 4% on the 7 days before');
    expect(trendText(0, 7)).toBe('the same as the 7 days before');
    expect(trendText(null, 90)).toBe('nothing to compare with in the 90 days before');
  });

  it('tops a chart’s scale with a round number at or above the highest value', () => {
    expect([0, 3, 7, 18, 51, 100, 101, 2400].map(niceCeiling)).toEqual([
      5, 5, 10, 20, 100, 100, 200, 2500,
    ]);
  });
});

describe('the manifest of the owner’s page', () => {
  it('installs the page from /owner, standalone, named for the business', () => {
    expect(
      ownerManifest({ name: 'Kauri Electrical Ltd', shortName: 'Kauri Electrical' }),
    ).toMatchObject({
      name: 'Kauri Electrical Ltd: owner',
      short_name: 'Kauri Electrical',
      start_url: '/owner',
      scope: '/owner',
      display: 'standalone',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      ],
    });
  });
});
