import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  csvField,
  formatLeads,
  leadsToCsv,
  leadsToJson,
  leadsToTable,
  neutraliseFormula,
} from '../../src/server/leads/export.ts';
import { openLeadStore } from '../../src/server/db/store.ts';
import { type StoredLead } from '../../src/server/db/records.ts';

/** C0 and C1 controls, DEL, and the bidi controls: what a terminal or the bidi algorithm acts on */
const CONTROL_OR_BIDI = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const BIDI = '\u061C\u200E\u200F\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069';
/** A message that clears the screen, retitles the terminal, recolours text and reorders a file name */
const HOSTILE = `Hi\u001b[2J\u001b]0;owned\u0007 there\u009b31m red\u009b0m \u0000\u007f\u202Eexe.pdf\u202C${BIDI}!`;

const stored = (overrides: Partial<StoredLead> = {}): StoredLead => ({
  id: 7,
  uid: '6f1c2a9e-4b7d-4e0a-9c3f-2d8e5b1a7c40',
  createdAt: '2025-03-01T01:02:03.456Z',
  formSource: 'Quote Form',
  name: 'Aroha Smith',
  email: 'aroha@example.co.nz',
  phone: '021 555 0199',
  address: '12 Picton Street, Howick',
  service: 'Other',
  message: 'Hello',
  page: '/quote',
  userAgent: 'TestBrowser/1.0',
  acknowledgement: null,
  deliveries: [
    {
      channel: 'email',
      status: 'sent',
      attempts: 1,
      nextAttemptAt: '2025-03-01T01:02:03.456Z',
      deliveredAt: '2025-03-01T01:02:04.000Z',
      lastError: null,
    },
  ],
  status: 'new',
  followUp: null,
  readAt: null,
  notes: [],
  photos: 0,
  photosNotKept: 0,
  ...overrides,
});

describe('CSV export', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(neutraliseFormula('=HYPERLINK("http://evil.example","Click")')).toBe(
      '\'=HYPERLINK("http://evil.example","Click")',
    );
    expect(neutraliseFormula('+64 21 555 0199')).toBe("'+64 21 555 0199");
    expect(neutraliseFormula('-2+3')).toBe("'-2+3");
    expect(neutraliseFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutraliseFormula('\t=1')).toBe("'\t=1");
    expect(neutraliseFormula('Aroha = great')).toBe('Aroha = great');
  });

  it('quotes per RFC 4180: commas, quotes and line breaks, with quotes doubled', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('12 Picton Street, Howick')).toBe('"12 Picton Street, Howick"');
    expect(csvField('She said "hi"')).toBe('"She said ""hi"""');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('=1+1,"x"')).toBe('"\'=1+1,""x"""');
    expect(csvField(null)).toBe('');
    expect(csvField(42)).toBe('42');
  });

  it('drops control and bidi characters from every cell, keeping line breaks as \\n and tabs', () => {
    expect(csvField(HOSTILE)).toBe('Hi[2J]0;owned there31m red0m exe.pdf!');
    expect(csvField('one\r\ntwo\rthree\u2028four\tfive')).toBe('"one\ntwo\nthree\nfour\tfive"');
    const csv = leadsToCsv([
      stored({ name: HOSTILE, message: HOSTILE, userAgent: `Agent\u001b[0m${BIDI}` }),
    ]);
    // Besides the CRLF ending each record, only line breaks and tabs inside cells remain
    expect(csv.replaceAll('\r\n', '').replace(/[\n\t]/g, '')).not.toMatch(CONTROL_OR_BIDI);
  });

  it('neutralises a formula once the characters hiding it are dropped', () => {
    for (const hidden of [
      '\u202E=HYPERLINK("http://evil.example")',
      '\u0000=1+1',
      '\u001b+1',
      `${BIDI}@SUM(A1)`,
      '\u009b-1',
      '\u200E\t=1',
    ]) {
      const cell = csvField(hidden);
      expect(cell.replace(/^"/, '')).toMatch(/^'[=+\-@\t]/);
      expect(cell.replace(/\t/g, '')).not.toMatch(CONTROL_OR_BIDI);
    }
    expect(csvField('\r\n=1')).toBe('"\n=1"');
  });

  it('writes a header and one CRLF-terminated record per lead', () => {
    const csv = leadsToCsv([
      stored({ name: '=cmd|"/c calc"!A1', message: 'a\r\nb' }),
      stored({ id: 6, phone: null }),
    ]);
    // A line break inside a quoted cell is written as \n, so CRLF only ends records
    const records = csv.split('\r\n');
    expect(records[0]).toBe(
      'id,created_at,form_source,name,email,phone,address,service,message,page,user_agent,status,follow_up,notes,' +
        'email_status,email_attempts,email_error,webhook_status,webhook_attempts,webhook_error,ntfy_status,ntfy_attempts,ntfy_error,' +
        'push_status,push_attempts,push_error',
    );
    expect(records[1]).toBe(
      `7,2025-03-01T01:02:03.456Z,Quote Form,"'=cmd|""/c calc""!A1",aroha@example.co.nz,021 555 0199,"12 Picton Street, Howick",Other,"a\nb",/quote,TestBrowser/1.0,new,,,sent,1,,,,,,,,,,`,
    );
    expect(records[2]).toMatch(/^6,.*,aroha@example\.co\.nz,,"12 Picton/);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(records).toHaveLength(4);
  });
});

describe('table output', () => {
  it('keeps control characters from the terminal and each lead on one line', () => {
    const table = leadsToTable([stored({ message: 'first\r\nsecond\u001b[2J\tend' })]);
    expect(table).not.toContain('\u001b');
    expect(table.split('\n')[2]).toContain('first \u23CE second[2J end');
    expect(table).toContain('1 quote request, newest first.');
  });

  it('drops terminal escapes, C1 controls and bidi controls from every column', () => {
    const lead = stored({
      formSource: `Quote${BIDI}`,
      name: HOSTILE,
      email: `a\u202E@example.com`,
      phone: '\u009b2J021',
      service: HOSTILE,
      message: HOSTILE,
    });
    const table = leadsToTable([lead]);
    expect(table.replaceAll('\n', '')).not.toMatch(CONTROL_OR_BIDI);
    const row = table.split('\n')[2]!;
    expect(row).toContain('Hi[2J]0;owned there…');
    expect(row).toContain('a@example.com');
    expect(row).toContain('2J021');
    expect(table.split('\n')).toHaveLength(6);
  });
});

describe('table columns, by the width a terminal draws', () => {
  /** Characters as a reader sees them (one grapheme each), with the columns each takes in a terminal */
  const COLUMNS = new Map([
    ['a', 1],
    ['Ō', 1],
    ['e\u0301', 1], // e and a combining acute accent: é
    ['o\u0308\u0331', 1], // o with two combining marks
    ['王', 2],
    ['김', 2],
    ['ｈ', 2], // fullwidth
    ['🙂', 2],
    ['⚡', 2],
    ['👩🏽\u200D🔧', 2], // one emoji of four code points
    ['🇳🇿', 2],
  ]);
  const { email } = stored();
  /** The header's columns of the name: where it starts and how wide it is (the header is ASCII) */
  const header = leadsToTable([stored()]).split('\n')[0]!;
  const nameStart = header.indexOf('name');
  const nameWidth = header.indexOf('email') - nameStart - 2;

  /** The name cell a terminal should show for a name of these characters: cut with '…' when too wide, then padded */
  function expectedCell(characters: readonly string[]): string {
    const columns = (character: string) => COLUMNS.get(character)!;
    const total = characters.reduce((sum, character) => sum + columns(character), 0);
    if (total <= nameWidth) return characters.join('') + ' '.repeat(nameWidth - total);
    let kept = '';
    let used = 0;
    for (const character of characters) {
      if (used + columns(character) > nameWidth - 1) break;
      kept += character;
      used += columns(character);
    }
    return `${kept}…${' '.repeat(nameWidth - used - 1)}`;
  }

  function nameCell(characters: readonly string[]): string {
    const row = leadsToTable([stored({ name: characters.join('') })]).split('\n')[2]!;
    return row.slice(nameStart, row.indexOf(email));
  }

  it.each([
    ['wide emoji', Array<string>(5).fill('🙂')],
    ['an emoji of four code points and a flag', ['👩🏽\u200D🔧', '🇳🇿', 'a']],
    ['combining marks', ['Ō', 'e\u0301', 'o\u0308\u0331', 'a']],
    ['Chinese, Korean and fullwidth letters', ['王', '王', '김', 'ｈ']],
    ['wide characters, too many to fit', Array<string>(15).fill('王')],
    ['combined characters, too many to fit', Array<string>(25).fill('e\u0301')],
  ])('lines up a name of %s with the header', (_, characters) => {
    expect(nameCell(characters)).toBe(`${expectedCell(characters)}  `);
  });

  it('lines up any name made of wide, narrow and combining characters', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...COLUMNS.keys()), { minLength: 1, maxLength: 16 }),
        (characters) => {
          expect(nameCell(characters)).toBe(`${expectedCell(characters)}  `);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('delivery state', () => {
  const HOUR = 3_600_000;
  const failing = (createdAt: Date, status: 'pending' | 'failed' = 'pending') =>
    stored({
      createdAt: createdAt.toISOString(),
      deliveries: [
        {
          channel: 'email',
          status: 'sent',
          attempts: 2,
          nextAttemptAt: '',
          deliveredAt: createdAt.toISOString(),
          lastError: null,
        },
        {
          channel: 'ntfy',
          status,
          attempts: 40,
          nextAttemptAt: '',
          deliveredAt: null,
          lastError: 'HTTP 502 from ntfy.sh',
        },
      ],
    });

  it('shows each channel with its state, attempts and last error', () => {
    const lead = failing(new Date(Date.now() - HOUR));
    const row = leadsToTable([lead]).split('\n')[2]!;
    expect(row).toContain('email sent ×2; ntfy pending ×40 (HTTP 502 from');
    const [record] = JSON.parse(leadsToJson([lead])) as Array<Record<string, unknown>>;
    expect(record).toMatchObject({
      email_status: 'sent',
      email_attempts: 2,
      email_error: null,
      webhook_status: null,
      ntfy_status: 'pending',
      ntfy_attempts: 40,
      ntfy_error: 'HTTP 502 from ntfy.sh',
    });
    expect(leadsToTable([stored({ deliveries: [] })])).toContain('not sent (no channel set up)');
  });

  it('lists under the table each request a channel failed or is an hour late on, with how to reach the client', () => {
    const now = new Date('2025-03-05T00:00:00.000Z');
    const refused = failing(new Date(now.getTime() - 10 * 60_000), 'failed');
    const late = {
      ...failing(new Date(now.getTime() - 2 * HOUR)),
      id: 8,
      name: 'Tama Ngata',
      phone: null,
    };
    const onTime = { ...failing(new Date(now.getTime() - 10 * 60_000)), id: 9 };
    const lines = leadsToTable([onTime, late, refused], now).split('\n');
    const notice = lines.indexOf(
      '2 requests did not reach you on every channel; call or e-mail the client:',
    );
    expect(notice).toBeGreaterThan(0);
    expect(lines.slice(notice + 1, notice + 3)).toEqual([
      `  #8 Tama Ngata, ${refused.email}: ntfy pending (HTTP 502 from ntfy.sh)`,
      `  #7 ${refused.name}, ${refused.phone}, ${refused.email}: ntfy failed (HTTP 502 from ntfy.sh)`,
    ]);
    expect(leadsToTable([onTime], now)).not.toContain('did not reach you');
  });

  it('shows a lead still undelivered 72 hours after it arrived as failed', () => {
    const [record] = JSON.parse(leadsToJson([failing(new Date(Date.now() - 73 * HOUR))])) as Array<
      Record<string, unknown>
    >;
    expect(record).toMatchObject({ email_status: 'sent', ntfy_status: 'failed' });
    expect(leadsToCsv([failing(new Date(Date.now() - 73 * HOUR))])).toContain(
      ',sent,2,,,,,failed,40,HTTP 502 from ntfy.sh,,,\r\n',
    );
  });
});

describe("the owner's work", () => {
  const worked = stored({
    status: 'quoted',
    followUp: '2025-03-08',
    notes: [
      { at: '2025-03-01T02:00:00.000Z', text: 'Called, visiting Tuesday' },
      { at: '2025-03-04T03:30:00.000Z', text: '=Quoted $1,450\u001b[2J' },
    ],
  });

  it('shows the status in the table and the follow-up date and notes under it, cleaned', () => {
    const table = leadsToTable([worked]);
    const [header, , row] = table.split('\n');
    expect(header).toMatch(/\bstatus\b/);
    expect(row).toMatch(/\bquoted\b/);
    expect(table).toContain('#7 Aroha Smith (follow up 2025-03-08)');
    expect(table).toContain('2025-03-01 02:00 Called, visiting Tuesday');
    expect(table).toContain('2025-03-04 03:30 =Quoted $1,450[2J');
    expect(table).not.toContain('\u001b');
  });

  it('gives the status, follow-up and notes their own CSV and JSON columns, formula-safe', () => {
    const [header, record] = leadsToCsv([worked]).split('\r\n');
    const columns = header!.split(',');
    expect(columns).toEqual(expect.arrayContaining(['status', 'follow_up', 'notes']));
    expect(record).toContain(
      'quoted,2025-03-08,"2025-03-01 02:00 Called, visiting Tuesday\n2025-03-04 03:30 =Quoted $1,450[2J"',
    );
    expect((JSON.parse(leadsToJson([worked])) as unknown[])[0]).toMatchObject({
      status: 'quoted',
      follow_up: '2025-03-08',
    });
  });
});

describe('invisible characters', () => {
  const INVISIBLE = 'A\u200Bb\uFEFFc\u00ADd\u{E0041}e\u2060f';

  it('are dropped from the table and the CSV, keeping the joiner inside an emoji', () => {
    expect(csvField(INVISIBLE)).toBe('Abcdef');
    expect(leadsToTable([stored({ name: INVISIBLE })])).toContain('Abcdef');
    expect(csvField('👩🏽\u200D🔧')).toBe('👩🏽\u200D🔧');
  });

  it('are escaped in JSON, and read back exactly, even outside the BMP', () => {
    const json = leadsToJson([stored({ name: INVISIBLE, message: 'line\u2028next\u2029end' })]);
    expect(json).not.toMatch(/[\u00AD\u200B\u2028\u2029\u2060\uFEFF\u{E0041}]/u);
    expect((JSON.parse(json) as unknown[])[0]).toMatchObject({
      name: INVISIBLE,
      message: 'line\u2028next\u2029end',
    });
  });
});

describe('JSON output', () => {
  it('keeps every value exactly, with no raw control or bidi character for the terminal', () => {
    const json = leadsToJson([stored({ name: HOSTILE, message: `line\r\nnext${BIDI}\u0085` })]);
    expect(json.replaceAll('\n', '')).not.toMatch(CONTROL_OR_BIDI);
    const [record] = JSON.parse(json) as Array<{ name: string; message: string }>;
    expect(record).toMatchObject({ name: HOSTILE, message: `line\r\nnext${BIDI}\u0085` });
  });
});

describe('formatLeads', () => {
  it('cleans the table and the CSV it is asked for', () => {
    for (const format of ['table', 'csv'] as const) {
      expect(
        formatLeads([stored({ message: HOSTILE })], format).replace(/[\r\n\t]/g, ''),
      ).not.toMatch(CONTROL_OR_BIDI);
    }
  });
});

describe('npm run leads', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'leads-export-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const run = (path: string, ...args: string[]) =>
    execFileSync(process.execPath, [resolve('scripts/leads.ts'), ...args], {
      env: { ...process.env, LEADS_DB: path },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });

  it('prints LEADS_DB newest first as CSV and JSON', () => {
    const path = join(dir, 'leads.sqlite');
    const store = openLeadStore(path);
    for (const name of ['Older', '@Newer']) {
      store.insertLead({
        ...stored({ name }),
        phone: null,
        address: null,
        service: null,
        formSource: 'Hero Form',
      });
    }
    store.close();

    const csv = run(path, '--format', 'csv').split('\r\n');
    expect(csv[1]).toMatch(/^2,.*,Hero Form,'@Newer,/);
    expect(csv[2]).toMatch(/^1,.*,Hero Form,Older,/);
    const json = JSON.parse(run(path, '--format=json')) as Array<{
      id: number;
      name: string;
      phone: string | null;
    }>;
    expect(json.map(({ id, name, phone }) => ({ id, name, phone }))).toEqual([
      { id: 2, name: '@Newer', phone: null },
      { id: 1, name: 'Older', phone: null },
    ]);
    expect(run(path)).toContain('2 quote requests, newest first.');
  });

  it('--limit 20, as README shows it, prints only the 20 newest', () => {
    const path = join(dir, 'leads.sqlite');
    const store = openLeadStore(path);
    for (let index = 1; index <= 25; index++) {
      store.insertLead({
        ...stored({ name: `Client ${index}` }),
        phone: null,
        address: null,
        service: null,
        formSource: 'Hero Form',
      });
    }
    store.close();

    const table = run(path, '--limit', '20');
    expect(table).toContain('20 quote requests, newest first.');
    expect(table).toContain('Client 25');
    expect(table).toContain('Client 6');
    expect(table).not.toContain('Client 5');
    const json = JSON.parse(run(path, '--limit', '20', '--format', 'json')) as Array<{
      id: number;
    }>;
    expect(json.map(({ id }) => id)).toEqual(Array.from({ length: 20 }, (_, index) => 25 - index));
  });

  it('prints the table with its columns lined up for names in any script', () => {
    const path = join(dir, 'leads.sqlite');
    const store = openLeadStore(path);
    for (const name of ['Aroha Smith', '王小明', '👩🏽\u200D🔧 Zoe\u0308'])
      store.insertLead({ ...stored({ name }) });
    store.close();

    const [header, , ...rows] = run(path).split('\n');
    const nameStart = header!.indexOf('name');
    const emailStart = header!.indexOf('email');
    // Newest first, each name followed by as many spaces as the columns it leaves free: it takes 6, 6 and 11
    expect(
      rows.slice(0, 3).map((row) => row.slice(nameStart, row.indexOf(stored().email))),
    ).toEqual([
      `👩🏽\u200D🔧 Zoe\u0308${' '.repeat(emailStart - nameStart - 6)}`,
      `王小明${' '.repeat(emailStart - nameStart - 6)}`,
      `Aroha Smith${' '.repeat(emailStart - nameStart - 11)}`,
    ]);
  });

  it('does not create a database that is not there, and refuses unknown formats', () => {
    const path = join(dir, 'missing', 'leads.sqlite');
    expect(run(path, '--format', 'json')).toBe('[]\n');
    expect(() => run(path, '--format', 'xml')).toThrow(/Unknown format "xml"/);
    expect(existsSync(join(dir, 'missing'))).toBe(false);
  });
});
