import type { DatabaseSync } from 'node:sqlite';

/**
 * Runs `work` in one write transaction: committed when it returns, rolled back when it throws.
 * `begin` starts it (BEGIN IMMEDIATE, taking the write lock up front, unless given another way).
 */
export function inTransaction<T>(
  db: DatabaseSync,
  work: () => T,
  begin: () => void = () => db.exec('BEGIN IMMEDIATE'),
): T {
  begin();
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
