/**
 * `npm run backup -- FILE`: writes a consistent copy of the quote-request database (LEADS_DB,
 * default data/leads.sqlite) to FILE with SQLite's online backup, safe while the server runs,
 * and prints how many leads the copy holds, then the photos sent with the requests (lead-photos/
 * beside the database) to the folder FILE-photos. Each copy is written beside its place first and
 * renamed into place only when complete, so an interrupted backup never spoils the previous one.
 * The photos are copied after the database, so every request in the copy has its photos. The
 * push notification keys (vapid-keys.json beside it) go to FILE-vapid-keys.json, readable by the
 * owner of the file alone: without them every device would have to turn push on again.
 */
import { chmodSync, copyFileSync, cpSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { DEFAULT_LEADS_DB } from '../src/server/db/store.ts';
import { belongsInBackup, isSentPhoto, photosFolderBeside } from '../src/server/db/lead-photos.ts';
import { vapidKeysPath } from '../src/server/notify/push-keys.ts';

const usage = `Usage: npm run backup -- FILE
Copies the quote-request database (LEADS_DB, default ${DEFAULT_LEADS_DB}) to FILE, safely while the server runs,
the photos sent with the requests to the folder FILE-photos, and the push keys to FILE-vapid-keys.json.`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { help: { type: 'boolean', short: 'h' } },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (positionals.length !== 1) fail('Name one file to write the backup to.');

const source = resolve(process.env['LEADS_DB'] || DEFAULT_LEADS_DB);
const target = resolve(positionals[0]!);
if (!existsSync(source)) fail(`There is no database at ${source} yet.`);
if (!statSync(dirname(target), { throwIfNoEntry: false })?.isDirectory())
  fail(`There is no folder ${dirname(target)}.`);
const existing = statSync(target, { throwIfNoEntry: false });
if (existing?.isDirectory()) fail(`${target} is a folder: name the file to write.`);
// The database and its -wal and -shm, by path or through a link
const inUse = [source, `${source}-wal`, `${source}-shm`].flatMap(
  (path) => statSync(path, { throwIfNoEntry: false }) ?? [],
);
if (inUse.some((file) => file.dev === existing?.dev && file.ino === existing.ino)) {
  fail('The backup must go to another file than the database and its -wal and -shm files.');
}

/** Copies the database to `partial` and returns how many leads the copy holds */
async function copyTo(partial: string): Promise<number> {
  const db = new DatabaseSync(source);
  try {
    db.exec('PRAGMA busy_timeout = 10000');
    await backup(db, partial);
  } finally {
    db.close();
  }
  // One self-contained file (no -wal beside it), checked before it replaces the last backup
  const copy = new DatabaseSync(partial);
  try {
    copy.exec('PRAGMA journal_mode = DELETE');
    const { quick_check: check } = copy.prepare('PRAGMA quick_check').get() as {
      quick_check: string;
    };
    if (check !== 'ok') throw new Error(`the copy failed its integrity check: ${check}`);
    return Number(
      (copy.prepare('SELECT COUNT(*) AS count FROM leads').get() as { count: number }).count,
    );
  } finally {
    copy.close();
  }
}

/** Copies every request's photos (not those still being written, nor thumbnails) to `folder`; how many */
function copyPhotosTo(folder: string): number {
  const photos = photosFolderBeside(source);
  let count = 0;
  cpSync(photos, folder, {
    recursive: true,
    filter: (path) => {
      const name = path.slice(path.lastIndexOf('/') + 1);
      if (!belongsInBackup(name)) return false;
      if (isSentPhoto(name)) count++;
      return true;
    },
  });
  return count;
}

/** Copies the push keys, when the server has made them, to `keysTarget`; whether it did */
function copyPushKeys(keysTarget: string): boolean {
  const keys = vapidKeysPath(source);
  if (!existsSync(keys)) return false;
  const keysPartial = `${keysTarget}.partial-${process.pid}`;
  copyFileSync(keys, keysPartial);
  chmodSync(keysPartial, 0o600);
  renameSync(keysPartial, keysTarget);
  return true;
}

const partial = `${target}.partial-${process.pid}`;
const photosTarget = `${target}-photos`;
const photosPartial = `${photosTarget}.partial-${process.pid}`;
const keysTarget = `${target}-vapid-keys.json`;
try {
  const leads = await copyTo(partial);
  renameSync(partial, target);
  const photos = existsSync(photosFolderBeside(source)) ? copyPhotosTo(photosPartial) : 0;
  rmSync(photosTarget, { recursive: true, force: true });
  if (existsSync(photosPartial)) renameSync(photosPartial, photosTarget);
  if (copyPushKeys(keysTarget)) console.log(`Copied the push notification keys to ${keysTarget}.`);
  console.log(
    `Backed up ${leads} quote request${leads === 1 ? '' : 's'} from ${source} to ${target}` +
      (photos > 0
        ? `, and their ${photos} photo${photos === 1 ? '' : 's'} to ${photosTarget}.`
        : '.'),
  );
} catch (error) {
  rmSync(partial, { force: true });
  rmSync(photosPartial, { recursive: true, force: true });
  rmSync(`${keysTarget}.partial-${process.pid}`, { force: true });
  console.error(`The backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
