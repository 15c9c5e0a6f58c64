/**
 * The content editor's API (/api/keystatic/): Keystatic's own handler in local mode, reading and
 * writing the site's source directory, behind the owner's door. Without a live session every
 * path and method answers 401, and a change without the site's own Origin 403. An update is read
 * within 30 MB and the upload deadline (http/body-deadline.ts), refused with 409 while the site
 * is being published, and checked before Keystatic writes it (updates.ts: only the editor's
 * files, every photo made safe). Every refusal is plain text, which Keystatic shows the owner as
 * it is; nothing is ever cached or indexed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '@keystatic/core';
import { makeGenericAPIRouteHandler } from '@keystatic/core/api/generic';
import { editorPaths } from '../../lib/editor-paths.ts';
import type { ApiHandler } from '../http/api.ts';
import { allowLongUpload } from '../http/body-deadline.ts';
import { toWebRequest } from '../http/web-exchange.ts';
import { decodeUtf8, mediaTypeOf, readLimitedBody } from '../leads/form-body.ts';
import { isChange, isFromOwnOrigin, OWNER_HEADERS } from '../owner/requests.ts';
import { checkUpdate } from './updates.ts';

/** An update carries its photos in base64, a third larger than the files */
export const UPDATE_MAX_BYTES = 30 * 1024 * 1024;
/** Said of a larger save, here and by the proxy in front (deploy/nginx-proxy.conf) */
export const SAVE_TOO_LARGE_MESSAGE = `That is more than ${UPDATE_MAX_BYTES / 1024 / 1024} MB in one save. Save fewer photos at a time.`;
const UPDATE_PATH = `${editorPaths.api}update`;
/** What a request without the owner's live session is told */
export const SIGNED_OUT_MESSAGE =
  'You are signed out. Sign in again with your passkey on the owner’s page, in a new tab so this page keeps your changes, then save again.';

export interface EditorApiOptions {
  /** The editor's Keystatic config (src/editor/config.ts) */
  config: Config;
  siteUrl: string;
  /** The site's source directory, holding src/ */
  siteDir: string;
  /** Whether the request carries the owner's live session */
  isSignedIn(req: IncomingMessage): Promise<boolean>;
  /** Whether the site is being published, when no file may change */
  isPublishing(): boolean;
}

export interface EditorApi {
  /** Answers every request under /api/keystatic/ */
  api: ApiHandler;
  /** Whether a save is being written, when a publish must not begin */
  isSaving(): boolean;
}

type KeystaticHandler = ReturnType<typeof makeGenericAPIRouteHandler>;
type KeystaticAnswer = Awaited<ReturnType<KeystaticHandler>>;

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { ...OWNER_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(res.req.method === 'HEAD' ? undefined : text);
}

function sendKeystaticAnswer(res: ServerResponse, answer: KeystaticAnswer): void {
  const headers = new Headers(answer.headers);
  if (!headers.has('content-type')) {
    headers.set('content-type', typeof answer.body === 'string' ? 'text/plain; charset=utf-8' : 'application/octet-stream');
  }
  for (const [name, value] of Object.entries(OWNER_HEADERS)) headers.set(name, value);
  res.writeHead(answer.status ?? 200, Object.fromEntries(headers));
  res.end(res.req.method === 'HEAD' || answer.body === null ? undefined : answer.body);
}

export function createEditorApi(options: EditorApiOptions): EditorApi {
  const siteOrigin = new URL(options.siteUrl).origin;
  const keystatic = makeGenericAPIRouteHandler({ config: options.config, localBaseDirectory: options.siteDir });
  let savesWriting = 0;

  /** Reads the update within its limit, checks it, and gives Keystatic what it may write */
  async function update(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (options.isPublishing()) return sendText(res, 409, 'The site is being published. Wait until it is done, then save again.');
    const request = toWebRequest(req);
    if (mediaTypeOf(request.headers.get('content-type')) !== 'application/json') {
      return sendText(res, 415, 'The editor sent something the server cannot read. Reload the page and try again.');
    }
    const body = await readLimitedBody(request, UPDATE_MAX_BYTES);
    if (!body.ok) {
      return body.reason === 'too-large'
        ? sendText(res, 413, SAVE_TOO_LARGE_MESSAGE)
        : sendText(res, 400, 'The save broke off. Try again.');
    }
    let json: unknown;
    try {
      json = JSON.parse(decodeUtf8(body.bytes) ?? '');
    } catch {
      return sendText(res, 400, 'The editor sent something the server cannot read. Reload the page and try again.');
    }
    const checked = await checkUpdate(json, options.config);
    if (!checked.ok) return sendText(res, checked.status, checked.message);
    // Checked again in case a publish began while the photos were being made safe
    if (options.isPublishing()) return sendText(res, 409, 'The site is being published. Wait until it is done, then save again.');
    // From here to the last file written, a publish may not begin (it would build half a save)
    savesWriting++;
    let answer: KeystaticAnswer;
    try {
      answer = await keystatic({
        method: 'POST',
        url: request.url,
        headers: request.headers,
        json: () => Promise.resolve(checked.update),
      });
    } finally {
      savesWriting--;
    }
    sendKeystaticAnswer(res, answer);
  }

  const api: ApiHandler = async (req, res) => {
    // In words, as Keystatic shows a refusal's text as it is: a session that lapsed mid-edit is the likely reason
    if (!(await options.isSignedIn(req))) return sendText(res, 401, SIGNED_OUT_MESSAGE);
    if (isChange(req.method) && !isFromOwnOrigin(req, siteOrigin))
      return sendText(res, 403, 'This change must come from the editor itself.');
    const path = (req.url ?? '').split('?')[0];
    if (path === UPDATE_PATH && req.method === 'POST') {
      // Photos from a phone on a weak signal take minutes to arrive
      allowLongUpload(req);
      return update(req, res);
    }
    sendKeystaticAnswer(res, await keystatic(toWebRequest(req)));
  };
  return { api, isSaving: () => savesWriting > 0 };
}
