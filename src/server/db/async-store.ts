/**
 * The lead store as the server uses it: every call returns a promise, so SQLite's waits (an
 * fsync, a lock held by another process) never hold up the event loop that serves pages.
 * `openStoreThread` runs the store in a worker thread; `inProcessStore` wraps one in this
 * thread (for tests and scripts).
 */
import { Worker } from 'node:worker_threads';
import { StoreBusyError, type LeadStore } from './records.ts';

type StoreMethods = Omit<LeadStore, 'path' | 'close'>;
export type StoreMethod = keyof StoreMethods;

export type AsyncLeadStore = {
  readonly [Method in StoreMethod]: (
    ...args: Parameters<StoreMethods[Method]>
  ) => Promise<ReturnType<StoreMethods[Method]>>;
} & {
  readonly path: string;
  /** Closes the store (checkpointing its WAL) and, for a thread, ends it */
  close(): Promise<void>;
};

const STORE_METHODS = [
  'insertLead',
  'getLead',
  'listLeads',
  'countLeads',
  'deleteLead',
  'hasLead',
  'claimDueDeliveries',
  'releaseClaim',
  'markDelivered',
  'markAttemptFailed',
  'nextDueAt',
  'health',
  'countUnreachedLeads',
  'undeliveredToAnnounce',
  'markAnnounced',
  'addCounts',
  'countsBetween',
  'leadSourcesBetween',
  'addSources',
  'sourcesBetween',
  'addVitals',
  'vitalsBetween',
  'claimWeeklySummary',
  'releaseWeeklySummary',
  'ownerUserId',
  'listPasskeys',
  'getPasskey',
  'addPasskey',
  'renamePasskey',
  'removePasskey',
  'usePasskey',
  'createInvite',
  'isInviteUsable',
  'createSession',
  'findSession',
  'endSession',
  'markSessionVerified',
  'listSessions',
  'endSessionById',
  'endOtherSessions',
  'recentSignIns',
  'findLeads',
  'followUpsDue',
  'leadTally',
  'updateLead',
  'addLeadNote',
  'listPushDevices',
  'getPushDevice',
  'savePushDevice',
  'deletePushDevice',
  'markPushDevice',
  'latestDeliveryFailed',
] as const satisfies readonly StoreMethod[];

/** A call to the store thread and its answer */
export interface StoreRequest {
  id: number;
  method: StoreMethod | 'close';
  args: unknown[];
}
/**
 * An answer's failure, as a code: busy (a lock held elsewhere past the deadline; the caller may
 * try again) or failed (anything else). What a store method refuses in the ordinary way (an
 * invite used up, a passkey stored already) is its return value, not a failure.
 */
export type StoreFailure = 'busy' | 'failed';
export type StoreResponse =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; failure: StoreFailure; message: string };

/** The error a caller of the thread sees for a failed answer: StoreBusyError for busy, as the store itself throws */
function errorOf(failure: StoreFailure, message: string): Error {
  return failure === 'busy' ? new StoreBusyError(message) : new Error(message);
}

function asyncMethods(call: (method: StoreMethod, args: unknown[]) => Promise<unknown>) {
  return Object.fromEntries(
    STORE_METHODS.map((method) => [method, (...args: unknown[]) => call(method, args)]),
  ) as {
    [Method in StoreMethod]: AsyncLeadStore[Method];
  };
}

/** The store in this thread, behind the same promise-returning interface */
export function inProcessStore(store: LeadStore): AsyncLeadStore {
  // Promise.try: what the store throws is a rejection, as it is from the thread
  const call = (method: StoreMethod, args: unknown[]) =>
    Promise.try(() => (store[method] as (...a: unknown[]) => unknown)(...args));
  return {
    ...asyncMethods(call),
    path: store.path,
    close: () => Promise.try(() => store.close()),
  };
}

const workerUrl = new URL('./store-worker.ts', import.meta.url);

/**
 * The store at `path`, owned by a worker thread. The thread opens the database on first use
 * and again after any failure, so a bad moment (a full disk, a file that is not a database)
 * costs one answer, not every answer until a restart. A thread that dies is replaced.
 */
export function openStoreThread(path: string): AsyncLeadStore {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();

  function failAll(error: Error) {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  }

  function thread(): Worker {
    if (worker) return worker;
    const started = new Worker(workerUrl, { workerData: { path } });
    started.on('message', (response: StoreResponse) => {
      const call = pending.get(response.id);
      if (!call) return;
      pending.delete(response.id);
      if (pending.size === 0) started.unref();
      if (response.ok) call.resolve(response.value);
      else call.reject(errorOf(response.failure, response.message));
    });
    started.on('error', (error: Error) => failAll(error));
    started.on('exit', (code) => {
      if (worker === started) worker = undefined;
      failAll(new Error(`The lead store thread stopped (exit code ${code})`));
    });
    started.unref();
    worker = started;
    return started;
  }

  function call(method: StoreRequest['method'], args: unknown[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      const target = thread();
      target.ref();
      target.postMessage({ id, method, args } satisfies StoreRequest);
    });
  }

  return {
    ...asyncMethods(call),
    path,
    async close() {
      if (!worker) return;
      const stopping = worker;
      try {
        await call('close', []);
      } finally {
        await stopping.terminate();
      }
    },
  };
}
