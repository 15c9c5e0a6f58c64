/**
 * The lead database as a file at a path, kept to that path: before each use, and after each
 * commit of a lead, the store checks that the path still names the file it has open, and its
 * -wal the WAL it writes (same device and inode). A database deleted or replaced under a running
 * server is reopened at the path; a deleted -wal is checkpointed into the database first.
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { prepareSchema } from './schema.ts';
import { prepareStatements, type Statements } from './statements.ts';

/** How long a read or an outbox update waits for a lock held by another process */
export const BUSY_TIMEOUT_MS = 2000;

interface FileIdentity {
  path: string;
  device: number;
  inode: number;
}

export interface Connection {
  db: DatabaseSync;
  statements: Statements;
  file: FileIdentity;
  /** The -wal this connection writes to (noted once it exists) */
  wal: FileIdentity | undefined;
  shm: FileIdentity | undefined;
}

/** same: all as opened; wal-lost: the -wal lost its name; replaced: the database file did */
export type FileState = 'same' | 'wal-lost' | 'replaced';

function identify(path: string): FileIdentity | undefined {
  const stats = statSync(path, { throwIfNoEntry: false });
  return stats && { path, device: stats.dev, inode: stats.ino };
}

/** Whether the file at `identity.path` is still the one identified */
function isSameFile(identity: FileIdentity): boolean {
  const now = identify(identity.path);
  return now !== undefined && now.device === identity.device && now.inode === identity.inode;
}

/** Opens (creating when needed) the database at `path`; closes the handle again if any step fails */
function connect(path: string): Connection {
  mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  try {
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = FULL');
    // A deleted request (a privacy request) is overwritten, not left in free pages
    db.exec('PRAGMA secure_delete = ON');
    prepareSchema(db);
    return {
      db,
      statements: prepareStatements(db),
      file: identify(path)!,
      wal: identify(`${path}-wal`),
      shm: identify(`${path}-shm`),
    };
  } catch (error) {
    db.close();
    throw error;
  }
}

function fileState(connection: Connection): FileState {
  if (!isSameFile(connection.file)) return 'replaced';
  connection.wal ??= identify(`${connection.file.path}-wal`);
  return connection.wal && !isSameFile(connection.wal) ? 'wal-lost' : 'same';
}

/** Copies every committed page from the WAL into the database file; throws if any is left behind */
function checkpoint(db: DatabaseSync) {
  const result = db.prepare('PRAGMA wal_checkpoint(TRUNCATE)').get() as
    { busy: number } | undefined;
  if (result?.busy)
    throw new Error('The WAL could not be checkpointed: another connection is reading');
}

function closeConnection(connection: Connection, withCheckpoint: boolean) {
  if (!connection.db.isOpen) return;
  try {
    if (withCheckpoint) checkpoint(connection.db);
  } finally {
    connection.db.close();
  }
}

export function isBusy(error: unknown): boolean {
  const code = (error as { errcode?: number } | null)?.errcode;
  // SQLITE_BUSY and its extended codes (the low byte is the primary code)
  return typeof code === 'number' && (code & 0xff) === 5;
}

export interface DatabaseFile {
  /** The connection to the files now at the path, reopened first if they changed */
  connection(): Connection;
  /**
   * After a commit: whether the files are still those written to ('same'), the -wal lost its
   * name ('wal-lost', now saved into the database) or the database was replaced ('replaced': the
   * commit went to the old file); reopens at the path when they are not
   */
  checkAfterCommit(): FileState;
  close(options: { checkpoint: boolean }): void;
}

/** Opens (creating when needed) the database at `absolutePath` */
export function openDatabaseFile(absolutePath: string): DatabaseFile {
  let current: Connection = connect(absolutePath);
  let closed = false;

  /**
   * Makes the connection match the files at the path again. A replaced database's -wal and -shm
   * are removed (SQLite would replay the old WAL into the new file); a deleted -wal is first
   * checkpointed through the open handle, which still reaches it, into the database file.
   */
  function reopen(state: Exclude<FileState, 'same'>) {
    closeConnection(current, state === 'wal-lost');
    if (state === 'replaced') {
      for (const companion of [current.wal, current.shm])
        if (companion && isSameFile(companion)) rmSync(companion.path, { force: true });
    }
    current = connect(absolutePath);
  }

  return {
    connection() {
      if (closed) throw new Error('The lead store is closed');
      const state = fileState(current);
      if (state !== 'same') reopen(state);
      return current;
    },
    checkAfterCommit() {
      const state = fileState(current);
      if (state !== 'same') reopen(state);
      return state;
    },
    close({ checkpoint }) {
      closed = true;
      closeConnection(current, checkpoint);
    },
  };
}
