/**
 * The lead store under an unlucky owner: another process holding the write lock (a backup, a
 * `sqlite3` shell), the database deleted under the running server, a file that is not a
 * database, and the backups the README recommends.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { FORM_SOURCES } from '../../src/lib/validation.ts';
import { STORE_WAIT_MS } from '../../src/server/leads/handler.ts';
import { makeTempDir, repoRoot, requireBuild, send, startServer, type RunningServer } from './support/server.ts';

requireBuild();

function postLead(server: RunningServer, name: string) {
  const body = new URLSearchParams({
    form_source: FORM_SOURCES.hero,
    name,
    email: 'aroha@example.co.nz',
    message: 'Two new power points in the lounge, please.',
  }).toString();
  return send(server, {
    method: 'POST',
    path: '/api/leads',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body,
    timeoutMs: 30_000,
  });
}

function storedNames(path: string): string[] {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return (db.prepare('SELECT name FROM leads ORDER BY id').all() as Array<{ name: string }>).map((row) => row.name);
  } finally {
    db.close();
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

describe('the lead store never holds up the site', () => {
  it('serves pages at once while another process holds the write lock, and answers queued posts 503 within the bound', async () => {
    const server = await startServer();
    try {
      expect((await postLead(server, 'First client')).status).toBe(200);
      const holder = new DatabaseSync(server.leadsDb);
      holder.exec('BEGIN IMMEDIATE');
      const posts = Array.from({ length: 5 }, (_, index) => timed(() => postLead(server, `Locked out ${index}`)));

      // Pages answer while the posts wait on the lock
      for (let index = 0; index < 10; index++) {
        const page = await timed(() => send(server, { path: '/' }));
        expect(page.value.status).toBe(200);
        expect(page.ms).toBeLessThan(1000);
      }

      const answers = await Promise.all(posts);
      for (const { value, ms } of answers) {
        expect(value.status).toBe(503);
        expect(JSON.parse(value.text()).errors[0].message).toContain('call us');
        expect(ms).toBeLessThan(STORE_WAIT_MS + 3000);
      }
      holder.exec('ROLLBACK');
      holder.close();
      expect((await postLead(server, 'After the lock')).status).toBe(200);
    } finally {
      await server.stop();
    }
    expect(storedNames(server.leadsDb)).toEqual(['First client', 'After the lock']);
  });
});

describe('never acknowledged into a lost file', () => {
  it('stores into a fresh database at LEADS_DB when the file was deleted while the server ran', async () => {
    const server = await startServer();
    try {
      expect((await postLead(server, 'Before the clean-up')).status).toBe(200);
      rmSync(server.leadsDb);
      const after = await postLead(server, 'After the clean-up');
      expect(after.status).toBe(200);
      expect(storedNames(server.leadsDb)).toEqual(['After the clean-up']);
    } finally {
      await server.stop();
    }
    expect(storedNames(server.leadsDb)).toEqual(['After the clean-up']);
  });

  it('refuses with 503 while LEADS_DB is not a database, without leaking handles or logs, and stores once it is fixed', async () => {
    const leadsDb = join(makeTempDir('garbage'), 'leads.sqlite');
    writeFileSync(leadsDb, 'This is not a database. '.repeat(400));
    const server = await startServer({ leadsDb });
    try {
      for (let index = 0; index < 20; index++) expect((await postLead(server, `Refused ${index}`)).status).toBe(503);
      const handles = readdirSync(`/proc/${server.child.pid}/fd`).filter((fd) => {
        try {
          return readlinkSync(`/proc/${server.child.pid}/fd/${fd}`).startsWith(leadsDb);
        } catch {
          return false;
        }
      });
      expect(handles.length).toBeLessThanOrEqual(1);
      // One line for the repeated failure, not one stack per post
      expect(
        server
          .output()
          .split('\n')
          .filter((line) => line.includes('Could not store')).length,
      ).toBeLessThanOrEqual(2);
      expect(server.output()).not.toContain('\n    at ');

      rmSync(leadsDb);
      expect((await postLead(server, 'Once fixed')).status).toBe(200);
    } finally {
      await server.stop();
    }
    expect(storedNames(leadsDb)).toEqual(['Once fixed']);
  });
});

describe('backups hold every lead', () => {
  it('`npm run backup` while serving, and a plain copy after a clean stop, both hold all 30 leads', async () => {
    const server = await startServer();
    const backup = join(makeTempDir('backup'), 'leads-backup.sqlite');
    try {
      for (let index = 0; index < 30; index++) expect((await postLead(server, `Client ${index}`)).status).toBe(200);
      const run = spawnSync(process.execPath, ['scripts/backup.ts', backup], {
        cwd: repoRoot,
        env: { ...process.env, LEADS_DB: server.leadsDb },
        encoding: 'utf8',
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('Backed up 30 quote requests');
      expect(storedNames(backup)).toHaveLength(30);
    } finally {
      expect((await server.stop()).code).toBe(0);
    }
    const copy = join(makeTempDir('copy'), 'copy.sqlite');
    copyFileSync(server.leadsDb, copy);
    expect(storedNames(copy)).toHaveLength(30);
  });
});
