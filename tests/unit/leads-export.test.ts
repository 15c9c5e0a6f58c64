import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { csvField, leadsToCsv, leadsToTable, neutraliseFormula } from '../../src/server/leads/export.ts';
import { openLeadStore, type StoredLead } from '../../src/server/leads/store.ts';

const stored = (overrides: Partial<StoredLead> = {}): StoredLead => ({
  id: 7,
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
  notifyStatus: 'sent',
  notifyAttempts: 1,
  notifiedAt: '2025-03-01T01:02:04.000Z',
  notifyError: null,
  ...overrides,
});

describe('CSV export', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(neutraliseFormula('=HYPERLINK("http://evil.example","Click")')).toBe('\'=HYPERLINK("http://evil.example","Click")');
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

  it('writes a header and one CRLF-terminated record per lead', () => {
    const csv = leadsToCsv([stored({ name: '=cmd|"/c calc"!A1', message: 'a\r\nb' }), stored({ id: 6, phone: null })]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at,form_source,name,email,phone,address,service,message,page,user_agent,notify_status,notify_attempts,notified_at,notify_error',
    );
    expect(lines[1]).toBe(
      `7,2025-03-01T01:02:03.456Z,Quote Form,"'=cmd|""/c calc""!A1",aroha@example.co.nz,021 555 0199,"12 Picton Street, Howick",Other,"a`,
    );
    expect(lines[2]).toBe('b",/quote,TestBrowser/1.0,sent,1,2025-03-01T01:02:04.000Z,');
    expect(lines[3]).toMatch(/^6,.*,aroha@example\.co\.nz,,"12 Picton/);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(lines).toHaveLength(5);
  });
});

describe('table output', () => {
  it('keeps control characters from the terminal and each lead on one line', () => {
    const table = leadsToTable([stored({ message: 'first\nsecond\u001b[2J' })]);
    expect(table).not.toContain('\u001b');
    expect(table.split('\n')[2]).toContain('first \u23CE second\uFFFD[2J');
    expect(table).toContain('1 quote request, newest first.');
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
      store.insertLead({ ...stored({ name }), phone: null, address: null, service: null, formSource: 'Hero Form' });
    }
    store.close();

    const csv = run(path, '--format', 'csv').split('\r\n');
    expect(csv[1]).toMatch(/^2,.*,Hero Form,'@Newer,/);
    expect(csv[2]).toMatch(/^1,.*,Hero Form,Older,/);
    const json = JSON.parse(run(path, '--format=json')) as Array<{ id: number; name: string; phone: string | null }>;
    expect(json.map(({ id, name, phone }) => ({ id, name, phone }))).toEqual([
      { id: 2, name: '@Newer', phone: null },
      { id: 1, name: 'Older', phone: null },
    ]);
    expect(run(path)).toContain('2 quote requests, newest first.');
  });

  it('does not create a database that is not there, and refuses unknown formats', () => {
    const path = join(dir, 'missing', 'leads.sqlite');
    expect(run(path, '--format', 'json')).toBe('[]\n');
    expect(() => run(path, '--format', 'xml')).toThrow(/Unknown format "xml"/);
    expect(existsSync(join(dir, 'missing'))).toBe(false);
  });
});
