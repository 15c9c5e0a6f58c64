import { describe, expect, it } from 'vitest';
import { leadTextForOwner } from '../../src/server/notify/lead-text.ts';
import {
  literalHeaderText,
  oneLine,
  withoutControls,
} from '../../src/server/support/plain-text.ts';
import { sampleLead } from '../support/leads.ts';
import { decodeEncodedWords, renderedHeaders } from '../support/mail.ts';

const BIDI = [
  '\u061C',
  '\u200E',
  '\u200F',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];
const C1 = Array.from({ length: 0x20 }, (_, index) => String.fromCharCode(0x80 + index));
const C0 = Array.from({ length: 0x20 }, (_, index) => String.fromCharCode(index));
/** Every character a terminal or a bidi algorithm would act on */
const CONTROL_OR_BIDI = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

describe('withoutControls', () => {
  it('drops terminal escapes, C0 and C1 controls, DEL and bidi controls', () => {
    expect(withoutControls('\u001b[2J\u001b]0;pwned\u0007Aroha')).toBe('[2J]0;pwnedAroha');
    expect(withoutControls('\u009b31mred\u009b0m')).toBe('31mred0m');
    expect(withoutControls(`a${[...C0, '\u007f', ...C1, ...BIDI].join('')}b`)).toBe('ab');
    expect(withoutControls('Aroha \u202Egnp.exe\u202C Smith')).toBe('Aroha gnp.exe Smith');
  });

  it('keeps line breaks as \\n and tabs only when asked', () => {
    expect(withoutControls('one\r\ntwo\rthree\nfour\u2028five\u0085six')).toBe(
      'onetwothreefour\u2028fivesix',
    );
    expect(
      withoutControls('one\r\ntwo\rthree\nfour\u2028five\u0085six', { keepLineBreaks: true }),
    ).toBe('one\ntwo\nthree\nfour\nfive\nsix');
    expect(withoutControls('a\tb')).toBe('ab');
    expect(withoutControls('a\tb', { keepTabs: true })).toBe('a\tb');
  });

  it('leaves ordinary text, including non-Latin scripts and emoji, alone', () => {
    const text = 'Ōtāhuhu — مرحبا 🙂👩🏽‍🔧 "quoted", 50% off';
    expect(withoutControls(text)).toBe(text);
  });
});

describe('oneLine', () => {
  it('makes one line without controls, whitespace runs collapsed and no space at the ends', () => {
    expect(oneLine('  Aroha\r\n\t Smith\u001b[0m \u202E\u2066 here\u2028 ')).toBe(
      'Aroha Smith[0m here',
    );
  });

  it('cuts at the maximum with an ellipsis, counting characters rather than UTF-16 units', () => {
    expect(oneLine('abcdefghij', 10)).toBe('abcdefghij');
    expect(oneLine('abcdefghijk', 10)).toBe('abcdefghi…');
    expect(oneLine('🙂🙂🙂🙂', 3)).toBe('🙂🙂…');
    expect(oneLine('abc   def', 5)).toBe('abc…');
  });
});

describe('leadTextForOwner', () => {
  it('cleans every text field, each on one line but the message, and leaves the rest of the lead alone', () => {
    const hostile = `\u001b[2J\u202E${BIDI[0]}\u0000`;
    const stored = {
      ...sampleLead({
        formSource: `Quote Form${hostile}`,
        name: `Aroha\r\n${hostile}Smith`,
        email: `\u202Earoha@example.co.nz${C1.join('')}`,
        phone: `021\t555${hostile} 0199`,
        address: `1 Test St\nPhone: 0800 999 999${hostile}`,
        service: null,
        message: `First\r\nsecond\u2028third\twith a tab${hostile}\u0007\u007f`,
        page: `/quote${hostile}`,
        userAgent: `Browser\n${hostile}`,
      }),
      id: 7,
      uid: 'uid-7',
      createdAt: '2025-03-01T01:02:03.456Z',
      deliveries: [],
    };
    expect(leadTextForOwner(stored)).toEqual({
      ...stored,
      formSource: 'Quote Form[2J',
      name: 'Aroha [2JSmith',
      email: 'aroha@example.co.nz',
      phone: '021 555[2J 0199',
      address: '1 Test St Phone: 0800 999 999[2J',
      message: 'First\nsecond\nthird\twith a tab[2J',
      page: '/quote[2J',
      userAgent: 'Browser [2J',
    });
  });
});

/** The Subject header of a message as nodemailer writes it, unfolded and decoded once */
async function sentSubject(subject: string): Promise<{ raw: string; shown: string }> {
  const raw = (
    await renderedHeaders({
      from: 'site@example.com',
      to: 'owner@example.com',
      subject,
      text: 'Hello',
    })
  ).get('subject');
  expect(raw).toBeDefined();
  return { raw: raw!, shown: decodeEncodedWords(raw!) };
}

describe('literalHeaderText', () => {
  const spoof = 'New quote request from =?utf-8?B?QWRtaW4=?= (Quote Form)';

  it('is needed: nodemailer passes a valid encoded-word through, so a client shows "Admin"', async () => {
    expect((await sentSubject(spoof)).shown).toBe('New quote request from Admin (Quote Form)');
  });

  it('makes a mail client show a name holding encoded-words literally', async () => {
    const { raw, shown } = await sentSubject(literalHeaderText(spoof));
    expect(shown).toBe(spoof);
    expect(raw).not.toContain('QWRtaW4=?=');
  });

  it('keeps long and non-Latin text intact across several encoded-words', async () => {
    const text = `Request from Ōtāhuhu =?iso-8859-1?Q?=41dmin?= ${'🙂'.repeat(30)} and ${'x'.repeat(120)}`;
    const { shown } = await sentSubject(literalHeaderText(text));
    expect(shown).toBe(text);
  });

  it('leaves text without encoded-words for nodemailer to encode', async () => {
    expect(literalHeaderText('New quote request from Aroha (Hero Form)')).toBe(
      'New quote request from Aroha (Hero Form)',
    );
    expect((await sentSubject(literalHeaderText('Request from Ōtāhuhu, 50% = fine?'))).shown).toBe(
      'Request from Ōtāhuhu, 50% = fine?',
    );
  });

  it('drops control and bidi characters from a name on the way into the subject', async () => {
    const name = `Aroha\u202E\u2066 Smith\r\nBcc: victim@example.com\u001b[31m\u009b0m\u0000${BIDI.join('')}`;
    const subject = literalHeaderText(`New quote request from ${oneLine(name, 80)} (Quote Form)`);
    const { raw, shown } = await sentSubject(subject);
    expect(shown).toBe(
      'New quote request from Aroha Smith Bcc: victim@example.com[31m0m (Quote Form)',
    );
    expect(shown).not.toMatch(CONTROL_OR_BIDI);
    expect(raw).not.toMatch(CONTROL_OR_BIDI);
  });

  it('never lets a header value span lines', () => {
    expect(literalHeaderText('a\r\nb =?x?\nc')).not.toMatch(/[\r\n]/);
  });
});
