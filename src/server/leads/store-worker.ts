/**
 * The lead store's thread (started by openStoreThread): answers one call at a time. The store
 * is opened on first use and dropped after any failure, closing its handle, so the next call
 * opens the database afresh.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { StoreRequest, StoreResponse } from './async-store.ts';
import { openLeadStore, StoreBusyError, type LeadStore } from './store.ts';

const { path } = workerData as { path: string };
let store: LeadStore | undefined;

function answer(request: StoreRequest): StoreResponse {
  try {
    if (request.method === 'close') {
      store?.close();
      store = undefined;
      return { id: request.id, ok: true, value: undefined };
    }
    store ??= openLeadStore(path);
    const method = store[request.method] as (...args: unknown[]) => unknown;
    return { id: request.id, ok: true, value: method.apply(store, request.args) };
  } catch (error) {
    // A lock held elsewhere says nothing about this connection; anything else may
    if (!(error instanceof StoreBusyError)) {
      store?.close({ checkpoint: false });
      store = undefined;
    }
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    return { id: request.id, ok: false, name, message };
  }
}

parentPort!.on('message', (request: StoreRequest) => parentPort!.postMessage(answer(request)));
