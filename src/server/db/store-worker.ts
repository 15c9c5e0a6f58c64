/**
 * The lead store's thread (started by openStoreThread): answers one call at a time. The store
 * is opened on first use and dropped after any failure, closing its handle, so the next call
 * opens the database afresh.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { StoreRequest, StoreResponse } from './async-store.ts';
import { openLeadStore } from './store.ts';
import { StoreBusyError, type LeadStore } from './records.ts';

const { path } = workerData as { path: string };
let store: LeadStore | undefined;

/**
 * A database this process may not write is refused unopened: SQLite would open it read-only and
 * create its -wal and -shm with the file's read-only mode, and those would keep refusing writes
 * after the file itself is made writable again. So the -wal and -shm another program (a backup
 * or `npm run leads` run while the file was read-only) left behind are checked too, and the
 * error names the file to fix.
 */
function openWritableStore(): LeadStore {
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (existsSync(file)) accessSync(file, constants.W_OK);
  }
  return openLeadStore(path);
}

function answer(request: StoreRequest): StoreResponse {
  try {
    if (request.method === 'close') {
      store?.close();
      store = undefined;
      return { id: request.id, ok: true, value: undefined };
    }
    store ??= openWritableStore();
    // A call of the parenthesised member: the store stays its `this`
    const value = (store[request.method] as (...args: unknown[]) => unknown)(...request.args);
    return { id: request.id, ok: true, value };
  } catch (error) {
    const busy = error instanceof StoreBusyError;
    // A lock held elsewhere says nothing about this connection; anything else may
    if (!busy) {
      store?.close({ checkpoint: false });
      store = undefined;
    }
    const message = error instanceof Error ? error.message : String(error);
    return { id: request.id, ok: false, failure: busy ? 'busy' : 'failed', message };
  }
}

parentPort!.on('message', (request: StoreRequest) => parentPort!.postMessage(answer(request)));
