/** `npm run leads -- --delete ID`, run as the owner runs it: a child process on a database file */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLeadStore } from '../../src/server/db/store.ts';
import { PHOTOS_FOLDER } from '../../src/server/db/lead-photos.ts';
import { sampleLead } from '../support/leads.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'leads-cli-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function run(path: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [resolve('scripts/leads.ts'), ...args], {
    env: { ...process.env, LEADS_DB: path },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A database holding three leads (ids 1 to 3), each queued for e-mail and push */
function seeded(): string {
  const path = join(dir, 'leads.sqlite');
  const store = openLeadStore(path);
  for (const name of ['Aroha Smith', 'Mere\u001b[2J Tane', 'Sam Lee']) {
    store.insertLead(sampleLead({ name }), {
      channels: ['email', 'ntfy'],
      now: new Date('2025-03-01T01:02:03.456Z'),
    });
  }
  store.close();
  return path;
}

/** Rows left in each table, read without the store (which would tidy up as it opens) */
function rows(path: string): { leads: number[]; deliveries: number[] } {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const ids = (sql: string) =>
      (db.prepare(sql).all() as Array<{ id: number }>).map((row) => row.id);
    return {
      leads: ids('SELECT id FROM leads ORDER BY id'),
      deliveries: ids('SELECT lead_id AS id FROM deliveries ORDER BY lead_id'),
    };
  } finally {
    db.close();
  }
}

describe('npm run leads -- --delete ID', () => {
  it('deletes that request and its deliveries, and says what it deleted', () => {
    const path = seeded();
    const result = run(path, '--delete', '2');
    expect(result.status).toBe(0);
    // The name is typed by a stranger: no terminal escape reaches the owner's screen
    expect(result.stdout).toContain(
      'Deleted quote request #2, received 2025-03-01T01:02:03.456Z (UTC), from Mere[2J Tane',
    );
    expect(result.stdout).toContain('with its 2 delivery records');
    expect(result.stdout).not.toContain('\u001b');
    expect(rows(path)).toEqual({ leads: [1, 3], deliveries: [1, 1, 3, 3] });
    expect(
      (JSON.parse(run(path, '--format', 'json').stdout) as { id: number }[]).map((lead) => lead.id),
    ).toEqual([3, 1]);
  });

  it('deletes the photos sent with it, and no other request’s', () => {
    const path = join(dir, 'leads.sqlite');
    const store = openLeadStore(path);
    const ids = [1, 2].map(() => store.insertLead({ ...sampleLead(), photos: 1 }));
    store.close();
    for (const id of ids) {
      mkdirSync(join(dir, PHOTOS_FOLDER, String(id)), { recursive: true });
      writeFileSync(join(dir, PHOTOS_FOLDER, String(id), '1.jpg'), 'jpeg');
    }
    const result = run(path, '--delete', '1');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('and its 1 photo.');
    expect(readdirSync(join(dir, PHOTOS_FOLDER))).toEqual(['2']);
  });

  it('says there is no such request, with exit status 1, and deletes nothing', () => {
    const path = seeded();
    expect(run(path, '--delete', '2').status).toBe(0);
    for (const id of ['2', '99']) {
      const again = run(path, '--delete', id);
      expect(again.status).toBe(1);
      expect(again.stderr).toContain(`There is no quote request #${id}`);
      expect(again.stdout).toBe('');
    }
    expect(rows(path).leads).toEqual([1, 3]);
  });

  it('never creates a database', () => {
    const path = join(dir, 'missing', 'leads.sqlite');
    const result = run(path, '--delete', '1');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('There is no quote request #1');
    expect(existsSync(join(dir, 'missing'))).toBe(false);
  });

  it('refuses an id that is not a positive whole number, or other options beside it', () => {
    const path = seeded();
    for (const args of [
      ['--delete', 'abc'],
      ['--delete', '0'],
      ['--delete', '1.5'],
      ['--delete', '-1'],
      ['--delete'],
      ['--delete', '1', '--format', 'csv'],
    ]) {
      const result = run(path, ...args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toContain('Usage: npm run leads');
    }
    expect(rows(path).leads).toEqual([1, 2, 3]);
  });

  it('lists --delete in its usage', () => {
    const help = run(join(dir, 'leads.sqlite'), '--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('npm run leads -- --delete ID');
  });
});
