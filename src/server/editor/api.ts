/**
 * The content editor's API (/api/keystatic/): Keystatic's own handler in local mode reads the
 * site's source directory, behind the owner's door. Without a live session every path and method
 * answers 401, and a change without the site's own Origin 403. Each request is routed as Keystatic
 * itself would read its path (keystatic-route.ts), so every spelling of a route meets the same
 * checks, and only one spelling is ever passed on. A save (the update) is never handed to
 * Keystatic: it is read within 30 MB and the upload deadline (http/body-deadline.ts), refused
 * with 409 while the site is being published, and checked, its photos made safe, and written by
 * the editor's worker thread (editor-thread.ts), within a quota of bytes a day; the same thread
 * lists the files (Keystatic's tree), so neither holds up a page. Every refusal is plain text,
 * which Keystatic shows the owner as it is; nothing is ever cached or indexed.
 */
import { makeGenericAPIRouteHandler } from '@keystatic/core/api/generic';
import { editorConfig } from '../../editor/forms.ts';
import { editorPaths } from '../../lib/editor-paths.ts';
import type { ApiHandler, ApiRoute } from '../http/api.ts';
import { isChange, isFromOwnOrigin, OWNER_HEADERS } from '../http/private-answers.ts';
import { mediaTypeOf, readLimitedBody } from '../http/request-body.ts';
import { createDailyQuota, PHOTO_BYTES_PER_DAY } from './daily-quota.ts';
import { blobPath, keystaticRoute } from './keystatic-route.ts';
import { openEditorThread } from './editor-thread.ts';
import { UNREADABLE_MESSAGE } from './updates.ts';

/** An update carries its photos in base64, a third larger than the files */
export const UPDATE_MAX_BYTES = 30 * 1024 * 1024;
/** Said of a larger save, here and by the proxy in front (deploy/nginx-proxy.conf) */
export const SAVE_TOO_LARGE_MESSAGE = `That is more than ${UPDATE_MAX_BYTES / 1024 / 1024} MB in one save. Save fewer photos at a time.`;
export const OVER_QUOTA_MESSAGE = `That is more than the ${PHOTO_BYTES_PER_DAY / 1024 / 1024} MB of photos the editor takes in a day. Save the rest tomorrow.`;
/** What a request without the owner's live session is told */
export const SIGNED_OUT_MESSAGE =
  'You are signed out. Sign in again with your passkey on the owner’s page, in a new tab so this page keeps your changes, then save again.';
const PUBLISHING_MESSAGE = 'The site is being published. Wait until it is done, then save again.';

export interface EditorApiOptions {
  siteUrl: string;
  /** The site's source directory, holding src/ */
  siteDir: string;
  /** Whether the request carries the owner's live session */
  isSignedIn(request: Request): Promise<boolean>;
  /** Whether the site is being published, when no file may change */
  isPublishing(): boolean;
  /** Told after each save written, as the changes waiting to be published are now others */
  onSaved?: () => void;
  log?: (message: string, error?: unknown) => void;
  /** Bytes the editor may write in any 24 hours */
  bytesPerDay?: number;
}

export interface EditorApi {
  /** One route, /api/keystatic/*: every path under it is read here as Keystatic reads it */
  routes: ApiRoute[];
  /** Whether a save is being checked or written, when a publish must not begin */
  isSaving: () => boolean;
  /** Ends the editor's thread */
  close: () => Promise<void>;
}

type KeystaticHandler = ReturnType<typeof makeGenericAPIRouteHandler>;
type KeystaticAnswer = Awaited<ReturnType<KeystaticHandler>>;

/** A refusal in words: Keystatic shows the owner a refusal's body as it is, so it is plain text, not JSON */
function textAnswer(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { ...OWNER_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

function keystaticAnswer(answer: KeystaticAnswer): Response {
  const headers = new Headers(answer.headers);
  if (!headers.has('content-type')) {
    headers.set(
      'content-type',
      typeof answer.body === 'string' ? 'text/plain; charset=utf-8' : 'application/octet-stream',
    );
  }
  for (const [name, value] of Object.entries(OWNER_HEADERS)) headers.set(name, value);
  const body =
    answer.body === null || typeof answer.body === 'string'
      ? answer.body
      : new Uint8Array(answer.body);
  return new Response(body, { status: answer.status ?? 200, headers });
}

export function createEditorApi(options: EditorApiOptions): EditorApi {
  const siteOrigin = new URL(options.siteUrl).origin;
  const log =
    options.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  const keystatic = makeGenericAPIRouteHandler({
    config: editorConfig,
    localBaseDirectory: options.siteDir,
  });
  const thread = openEditorThread(options.siteDir);
  const quota = createDailyQuota(options.bytesPerDay ?? PHOTO_BYTES_PER_DAY);
  let savesUnderWay = 0;

  /** Keystatic's tree of the site's files, from the editor's thread */
  async function tree(): Promise<Response> {
    const listed = await thread.tree();
    if (listed.kind === 'failed') {
      log('The editor could not list the site’s files', listed.error);
      return textAnswer(
        500,
        'The editor could not read the site’s files. Reload the page; if it fails again, the server’s log has the details.',
      );
    }
    return keystaticAnswer({
      status: listed.status,
      headers: { 'content-type': 'application/json' },
      body: listed.body,
    });
  }

  /** Reads the save within its limits and has the save thread check and write it */
  async function update(request: Request): Promise<Response> {
    if (options.isPublishing()) return textAnswer(409, PUBLISHING_MESSAGE);
    // Keystatic's own guard against a form posted from elsewhere, kept
    if (request.headers.get('no-cors') !== '1') return textAnswer(400, UNREADABLE_MESSAGE);
    if (mediaTypeOf(request.headers.get('content-type')) !== 'application/json')
      return textAnswer(415, UNREADABLE_MESSAGE);
    const body = await readLimitedBody(request, UPDATE_MAX_BYTES);
    if (!body.ok) {
      return body.reason === 'too-large'
        ? textAnswer(413, SAVE_TOO_LARGE_MESSAGE)
        : textAnswer(400, 'The save broke off. Try again.');
    }
    if (options.isPublishing()) return textAnswer(409, PUBLISHING_MESSAGE);
    if (quota.remaining() === 0) return textAnswer(429, OVER_QUOTA_MESSAGE);
    // From here to the last file written, a publish may not begin (it would build half a save)
    savesUnderWay++;
    let outcome;
    try {
      outcome = await thread.save(body.bytes, quota.remaining());
    } finally {
      savesUnderWay--;
    }
    switch (outcome.kind) {
      case 'refused':
        return textAnswer(outcome.status, outcome.message);
      case 'over-quota':
        return textAnswer(429, OVER_QUOTA_MESSAGE);
      case 'failed':
        log('An editor save could not be written', outcome.error);
        return textAnswer(
          500,
          'The save could not be written. Try again; if it fails again, the server’s log has the details.',
        );
      case 'saved':
        quota.spend(outcome.bytes);
        options.onSaved?.();
        // Keystatic's answer to a save is the new tree of files
        return tree();
    }
  }

  const editor: ApiHandler = async (request, context) => {
    // In words, as Keystatic shows a refusal's text as it is: a session that lapsed mid-edit is the likely reason
    if (!(await options.isSignedIn(request))) return textAnswer(401, SIGNED_OUT_MESSAGE);
    if (isChange(request.method) && !isFromOwnOrigin(request, siteOrigin))
      return textAnswer(403, 'This change must come from the editor itself.');
    const route = keystaticRoute(request.method, new URL(request.url));
    switch (route.name) {
      case 'update':
        // Photos from a phone on a weak signal take minutes to arrive
        context.allowLongUpload();
        return update(request);
      case 'tree':
        // Keystatic's own guard against a read from elsewhere, kept
        if (request.headers.get('no-cors') !== '1') return textAnswer(400, UNREADABLE_MESSAGE);
        return tree();
      case 'blob':
        return keystaticAnswer(
          await keystatic(
            new Request(new URL(blobPath(route), siteOrigin), { headers: request.headers }),
          ),
        );
      case 'unknown':
        return route.reason === 'unreadable'
          ? textAnswer(400, UNREADABLE_MESSAGE)
          : textAnswer(404, 'There is no such address in the editor.');
    }
  };
  // Every method, so each meets the session and Origin checks before keystaticRoute refuses it
  const routes: ApiRoute[] = [{ method: 'ALL', path: `${editorPaths.api}*`, handler: editor }];
  return { routes, isSaving: () => savesUnderWay > 0, close: () => thread.close() };
}
