/**
 * The lead store under an unlucky owner: another process holding the write lock (a backup, a
 * `sqlite3` shell), the database deleted under the running server, a file that is not a
 * database, a database or directory the server may not write, and the backups the operations guide
 * recommends.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  copyFileSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { performance } from 'node:perf_hooks';
import { describe, expect, it, type TestContext } from 'vitest';
import type { ErrorBody } from '../../src/lib/api-errors.ts';
import { FORM_SOURCES } from '../../src/lib/validation.ts';
import { STORE_WAIT_MS } from '../../src/server/leads/handler.ts';
import { openLeadStore } from '../../src/server/db/store.ts';
import { sampleLead } from '../support/leads.ts';
import {
  makeTempDir,
  repoRoot,
  requireBuild,
  send,
  sleep,
  startServer,
  type RunningServer,
} from '../support/server.ts';

requireBuild();

/** The public origin the operations guide's examples use */
const GUIDE_ORIGIN = 'https://www.example.com';

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
    return (db.prepare('SELECT name FROM leads ORDER BY id').all() as Array<{ name: string }>).map(
      (row) => row.name,
    );
  } finally {
    db.close();
  }
}

/** The server's open files under `path` (the database and its -wal and -shm) */
function openHandles(server: RunningServer, path: string): string[] {
  const fds = `/proc/${server.child.pid}/fd`;
  return readdirSync(fds).filter((fd) => {
    try {
      return readlinkSync(`${fds}/${fd}`).startsWith(path);
    } catch {
      return false;
    }
  });
}

/** Whether this process may write `path`: open the file for writing, or create a file in the directory */
function canWrite(path: string): boolean {
  try {
    if (statSync(path).isDirectory()) {
      const probe = join(path, '.write-probe');
      writeFileSync(probe, '');
      rmSync(probe);
    } else {
      closeSync(openSync(path, 'r+'));
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes `path` (a file or a directory) read-only with its mode bits, as a wrong `chmod` on a
 * server does, and returns how to make it writable again. Root writes through mode bits, so as
 * root the path is also marked immutable (`chattr +i`), which stops root too. Skips the test,
 * saying why, where neither stops this process.
 */
function makeReadOnly(path: string, context: TestContext): () => void {
  const stats = statSync(path);
  chmodSync(path, stats.isDirectory() ? 0o555 : 0o444);
  if (!canWrite(path)) return () => chmodSync(path, stats.mode);
  const chattr = (flag: string) => spawnSync('chattr', [flag, path], { encoding: 'utf8' });
  const marked = chattr('+i');
  if (marked.status === 0 && !canWrite(path)) {
    return () => {
      expect(chattr('-i').status).toBe(0);
      chmodSync(path, stats.mode);
    };
  }
  if (marked.status === 0) chattr('-i');
  chmodSync(path, stats.mode);
  const reason = `${path} stays writable to this process (uid ${process.getuid?.()}): mode bits do not stop it, and chattr +i ${marked.error ? 'is not installed' : `failed: ${marked.stderr.trim()}`}`;
  console.warn(`Skipped: ${reason}`);
  return context.skip(reason);
}

/** The operations guide's uptime-monitor line, pointed at `server`; null (saying why) where there is no curl */
function runMonitorLine(server: RunningServer): { status: number | null; stdout: string } | null {
  if (spawnSync('curl', ['--version']).error) {
    console.warn("Not run: the operations guide's monitor line needs curl, which is not installed");
    return null;
  }
  const line = readFileSync(join(repoRoot, 'docs/operations.md'), 'utf8')
    .split('\n')
    .find((text) => text.startsWith('curl ') && text.includes('/api/health'));
  expect(line, "the operations guide's monitor line").toContain(GUIDE_ORIGIN);
  const run = spawnSync('sh', ['-c', line!.replace(GUIDE_ORIGIN, server.origin)], {
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout };
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
      const posts = Array.from({ length: 5 }, (_, index) =>
        timed(() => postLead(server, `Locked out ${index}`)),
      );

      // Pages answer while the posts wait on the lock
      for (let index = 0; index < 10; index++) {
        const page = await timed(() => send(server, { path: '/' }));
        expect(page.value.status).toBe(200);
        expect(page.ms).toBeLessThan(1000);
      }

      const answers = await Promise.all(posts);
      for (const { value, ms } of answers) {
        expect(value.status).toBe(503);
        expect((JSON.parse(value.text()) as ErrorBody).errors[0]?.message).toContain('call us');
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
      for (let index = 0; index < 20; index++)
        expect((await postLead(server, `Refused ${index}`)).status).toBe(503);
      expect(openHandles(server, leadsDb).length).toBeLessThanOrEqual(1);
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

describe('a database the server may not write', () => {
  // 'wal': the -wal another program left read-only (opened while the file itself was read-only)
  for (const readOnly of ['file', 'wal', 'directory'] as const) {
    it(`refuses with 503 and reports unhealthy while the ${readOnly} of LEADS_DB is read-only, without leaking handles, and stores once it is writable`, async (context) => {
      const dir = makeTempDir(`read-only-${readOnly}`);
      const leadsDb = join(dir, 'data', 'leads.sqlite');
      mkdirSync(join(dir, 'data'));
      const before: string[] = [];
      if (readOnly !== 'directory') {
        const store = openLeadStore(leadsDb);
        store.insertLead(sampleLead({ name: 'Before read-only' }));
        store.close();
        before.push('Before read-only');
      }
      // An empty -wal is one with nothing to replay
      if (readOnly === 'wal') writeFileSync(`${leadsDb}-wal`, '');
      const readOnlyPath = { file: leadsDb, wal: `${leadsDb}-wal`, directory: dirname(leadsDb) }[
        readOnly
      ];
      let makeWritable: (() => void) | undefined = makeReadOnly(readOnlyPath, context);
      const server = await startServer({ leadsDb });
      try {
        for (let index = 0; index < 10; index++) {
          const refused = await postLead(server, `Refused ${index}`);
          expect(refused.status).toBe(503);
          expect((JSON.parse(refused.text()) as ErrorBody).errors[0]?.message).toContain('call us');
        }
        expect(
          openHandles(server, dirname(leadsDb)).length,
          'open handles after 10 refused posts',
        ).toBeLessThanOrEqual(1);
        // SQLite gives a -wal or -shm it creates the database file's mode; a read-only one would
        // keep refusing writes after the file is made writable again
        for (const companion of readOnly === 'wal' ? ['-shm'] : ['-wal', '-shm']) {
          const stats = statSync(`${leadsDb}${companion}`, { throwIfNoEntry: false });
          if (stats)
            expect(stats.mode & 0o200, `${companion} is writable by its owner`).not.toBe(0);
        }
        // The log names the file to give back to the server's user
        expect(server.output()).toContain(readOnlyPath);
        const health = await send(server, { path: '/api/health' });
        expect(health.status).toBe(503);
        expect(JSON.parse(health.text())).toMatchObject({ ok: false, store: { writable: false } });
        const unhealthy = runMonitorLine(server);
        if (unhealthy)
          expect(unhealthy).toEqual({ status: 0, stdout: 'harbour-east is not healthy\n' });

        makeWritable();
        makeWritable = undefined;
        expect((await postLead(server, 'Once writable')).status).toBe(200);
        // A bad health report is reused for a second; the monitor goes quiet once it is redone
        const deadline = Date.now() + 15_000;
        let recovered = await send(server, { path: '/api/health' });
        while (recovered.status !== 200 && Date.now() < deadline) {
          await sleep(500);
          recovered = await send(server, { path: '/api/health' });
        }
        expect(recovered.status).toBe(200);
        const healthy = runMonitorLine(server);
        if (healthy) expect(healthy).toEqual({ status: 0, stdout: '' });
      } finally {
        makeWritable?.();
        await server.stop();
      }
      expect(storedNames(leadsDb)).toEqual([...before, 'Once writable']);
    });
  }
});

describe('backups hold every lead', () => {
  it('`npm run backup` while serving, and a plain copy after a clean stop, both hold all 30 leads', async () => {
    const server = await startServer();
    const backup = join(makeTempDir('backup'), 'leads-backup.sqlite');
    try {
      for (let index = 0; index < 30; index++)
        expect((await postLead(server, `Client ${index}`)).status).toBe(200);
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
