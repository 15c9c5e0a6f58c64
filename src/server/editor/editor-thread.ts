/**
 * The editor's heavy work, done by a worker thread (editor-worker.ts) one job at a time: checking
 * and writing a save (30 MB of base64 photos to decode, each photo made safe), and Keystatic's
 * tree of the site's files (every content file and photo read and hashed), which the editor asks
 * for on opening and after each save. The thread that serves pages only passes bytes. A save's
 * bytes are moved, not copied, to the thread; a thread that dies is replaced on the next job, and
 * the job it held is answered as failed.
 */
import { Worker } from 'node:worker_threads';

export type SaveOutcome =
  | { kind: 'saved'; bytes: number }
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'over-quota' }
  | { kind: 'failed'; error: string };

export type TreeOutcome =
  { kind: 'tree'; status: number; body: string } | { kind: 'failed'; error: string };

export type EditorJob =
  /** `body` is the save's JSON as it arrived; `maxBytes` the most it may write */
  { kind: 'save'; body: Uint8Array; maxBytes: number } | { kind: 'tree' };

export interface EditorRequest {
  id: number;
  job: EditorJob;
}

export interface EditorResponse {
  id: number;
  outcome: SaveOutcome | TreeOutcome;
}

export interface EditorThread {
  save(body: Uint8Array, maxBytes: number): Promise<SaveOutcome>;
  tree(): Promise<TreeOutcome>;
  close(): Promise<void>;
}

const workerUrl = new URL('./editor-worker.ts', import.meta.url);

export function openEditorThread(siteDir: string): EditorThread {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, (outcome: SaveOutcome | TreeOutcome) => void>();
  /** Jobs run one after another: a tree asked for during a save shows the save */
  let queue: Promise<unknown> = Promise.resolve();

  function failAll(error: string) {
    for (const done of pending.values()) done({ kind: 'failed', error });
    pending.clear();
  }

  function thread(): Worker {
    if (worker) return worker;
    const started = new Worker(workerUrl, { workerData: { siteDir } });
    started.on('message', ({ id, outcome }: EditorResponse) => {
      const done = pending.get(id);
      pending.delete(id);
      if (pending.size === 0) started.unref();
      done?.(outcome);
    });
    started.on('error', (error: Error) => failAll(error.stack ?? error.message));
    started.on('exit', (code) => {
      if (worker === started) worker = undefined;
      failAll(`The editor's thread stopped (exit code ${code})`);
    });
    worker = started;
    return started;
  }

  function run(job: EditorJob): Promise<SaveOutcome | TreeOutcome> {
    const result = queue.then(
      () =>
        new Promise<SaveOutcome | TreeOutcome>((resolve) => {
          const id = nextId++;
          pending.set(id, resolve);
          const target = thread();
          target.ref();
          target.postMessage(
            { id, job } satisfies EditorRequest,
            job.kind === 'save' ? [job.body.buffer as ArrayBuffer] : [],
          );
        }),
    );
    queue = result;
    return result;
  }

  return {
    // The body's buffer is moved to the thread: the caller must not use it again
    save: (body, maxBytes) => run({ kind: 'save', body, maxBytes }) as Promise<SaveOutcome>,
    tree: () => run({ kind: 'tree' }) as Promise<TreeOutcome>,
    async close() {
      await worker?.terminate();
      worker = undefined;
    },
  };
}
