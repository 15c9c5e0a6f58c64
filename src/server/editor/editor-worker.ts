/**
 * The editor's thread (started by editor-thread.ts): one job at a time, a save (read its JSON,
 * check it, make its photos safe, write it) or Keystatic's tree of the site's files.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { makeGenericAPIRouteHandler } from '@keystatic/core/api/generic';
import { editorConfig } from '../../editor/forms.ts';
import { editorPaths } from '../../lib/editor-paths.ts';
import { decodeUtf8 } from '../http/request-body.ts';
import type {
  EditorJob,
  EditorRequest,
  EditorResponse,
  SaveOutcome,
  TreeOutcome,
} from './editor-thread.ts';
import { checkUpdate, editableFiles, UNREADABLE_MESSAGE } from './updates.ts';
import { writeUpdate } from './write-update.ts';

const { siteDir } = workerData as { siteDir: string };
const files = editableFiles(editorConfig);
const keystatic = makeGenericAPIRouteHandler({ config: editorConfig, localBaseDirectory: siteDir });

async function save(body: Uint8Array, maxBytes: number): Promise<SaveOutcome> {
  let json: unknown;
  try {
    json = JSON.parse(decodeUtf8(body) ?? '');
  } catch {
    return { kind: 'refused', status: 400, message: UNREADABLE_MESSAGE };
  }
  const readEntry = (path: string) => readFile(join(siteDir, path), 'utf8').catch(() => undefined);
  const checked = await checkUpdate(json, files, { readEntry });
  if (!checked.ok) return { kind: 'refused', status: checked.status, message: checked.message };
  const bytes = checked.update.additions.reduce(
    (sum, addition) => sum + addition.bytes.byteLength,
    0,
  );
  if (bytes > maxBytes) return { kind: 'over-quota' };
  const written = await writeUpdate(siteDir, checked.update);
  if (!written.ok) {
    return {
      kind: 'refused',
      status: 400,
      message: `The editor may not change ${written.path}: it is a link on the server.`,
    };
  }
  return { kind: 'saved', bytes };
}

/** Keystatic's own answer to its tree route */
async function tree(): Promise<TreeOutcome> {
  const answer = await keystatic(
    new Request(`http://localhost${editorPaths.api}tree`, { headers: { 'no-cors': '1' } }),
  );
  return { kind: 'tree', status: answer.status ?? 200, body: String(answer.body) };
}

const run = (job: EditorJob) => (job.kind === 'save' ? save(job.body, job.maxBytes) : tree());

parentPort?.on('message', ({ id, job }: EditorRequest) => {
  void run(job)
    .catch((error: unknown) => ({
      kind: 'failed' as const,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    }))
    .then((outcome) => parentPort?.postMessage({ id, outcome } satisfies EditorResponse));
});
