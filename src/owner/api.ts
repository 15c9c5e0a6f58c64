/**
 * The owner's page talking to the server over the paths of src/lib/owner-api.ts: JSON both ways,
 * the session cookie sent (same origin only), every change a POST, PATCH or DELETE. A 401 from
 * any call but the session check means the session has ended, and sends the page back to sign-in.
 * Every GET goes through `read`, typed by its path (OwnerReads), which src/owner/data.tsx's hooks
 * use as their fetcher; an answer is taken for its contract type once it is a JSON object.
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { errorMessageOf } from '../lib/api-errors.ts';
import {
  ownerPaths,
  type AddPasskeyRequest,
  type DiscardBody,
  type InboxBody,
  type InviteRequest,
  type JobBody,
  type JobDraft,
  type JobSaved,
  type JobsBody,
  type LeadChange,
  type LeadBody,
  type LeadStatus,
  type NumbersBody,
  type OwnerLead,
  type PasskeysBody,
  type PushBody,
  type PushDevice,
  type SessionBody,
  type SessionsBody,
  type SiteBody,
  type StepUpNeededBody,
} from '../lib/owner-api.ts';

/** An answer that is not 2xx: its status, and the server's own words for it */
export class ApiError extends Error {
  readonly status: number;
  /** The change needs him to confirm with his passkey first (a step-up) */
  readonly stepUp: boolean;
  /** The field of his form the refusal is about, where it names one */
  readonly field: string | undefined;
  constructor(status: number, message: string, stepUp = false, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.stepUp = stepUp;
    this.field = field;
  }
}

/** The session has ended (401): the page has already gone back to sign-in, so say nothing more */
export const isSignedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

let signedOutListener: () => void = () => {};

/** Called whenever the server answers 401, so the app can show the sign-in view */
export function onSignedOut(listener: () => void): void {
  signedOutListener = listener;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** What each GET of the owner's API answers, by its path (the query aside) */
export interface OwnerReads {
  [ownerPaths.session]: SessionBody;
  [ownerPaths.leads]: InboxBody;
  [leadPath: `${typeof ownerPaths.leads}/${number}`]: LeadBody;
  [ownerPaths.numbers]: NumbersBody;
  [ownerPaths.passkeys]: PasskeysBody;
  [ownerPaths.sessions]: SessionsBody;
  [ownerPaths.site]: SiteBody;
  [ownerPaths.push]: PushBody;
  [ownerPaths.jobs]: JobsBody;
  [jobPath: `${typeof ownerPaths.jobs}/${string}`]: JobBody;
}
export type ReadPath = keyof OwnerReads;

/** A GET as the page's data layer keys it: the path, and its query ('' for none) without `background` */
export type ReadKey<P extends ReadPath = ReadPath> = readonly [path: P, query: string];

const UNREADABLE =
  'The site answered in a way this page cannot read. Reload the page, then try again.';

function errorText(status: number, body: unknown): string {
  const error = errorMessageOf(body);
  if (error) return error;
  if (status === 401) return 'You are signed out. Sign in again with your passkey.';
  if (status === 404) return 'That is no longer there. It may have been deleted.';
  if (status === 429) return 'Too many tries. Wait a minute, then try again.';
  return `The server could not do that (error ${status}). Try again in a moment.`;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

interface CallOptions {
  quietOn401?: boolean;
  keepalive?: boolean;
}

/** One call: a 2xx gives its body, whatever it is; anything else throws an ApiError in the owner's words */
async function call(
  method: Method,
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<{ json: unknown; isJson: boolean }> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      cache: 'no-store',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch {
    throw new ApiError(0, 'No connection to the site. Check your signal, then try again.');
  }
  const json = parseJson(await response.text());
  if (!response.ok) {
    if (response.status === 401 && !options.quietOn401) signedOutListener();
    const stepUp =
      response.status === 403 && (json as Partial<StepUpNeededBody> | null)?.stepUp === true;
    const field = (json as { field?: unknown } | null)?.field;
    throw new ApiError(
      response.status,
      errorText(response.status, json),
      stepUp,
      typeof field === 'string' ? field : undefined,
    );
  }
  return { json, isJson: /^application\/json\b/i.test(response.headers.get('Content-Type') ?? '') };
}

/**
 * A call whose answer is a JSON object, as the contract (src/lib/owner-api.ts) shapes it. Only
 * that much is checked here: the server's own tests hold it to the shapes.
 */
async function answer<Body extends object>(
  method: Method,
  path: string,
  body?: unknown,
  options?: CallOptions,
): Promise<Body> {
  const { json, isJson } = await call(method, path, body, options);
  if (!isJson || typeof json !== 'object' || json === null || Array.isArray(json))
    throw new ApiError(200, UNREADABLE);
  return json as Body;
}

/** A change whose answer the page does not need */
async function send(
  method: Method,
  path: string,
  body?: unknown,
  options?: CallOptions,
): Promise<void> {
  await call(method, path, body, options);
}

/** The address of a read; `background` marks a poll the owner did not ask for, which the server does not count as his activity */
export function readUrl([path, query]: ReadKey, background = false): string {
  const params = new URLSearchParams(query);
  if (background) params.set('background', '1');
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The one fetcher of the page's data: a GET, typed by its path */
export function read<P extends ReadPath>(
  key: ReadKey<P>,
  { background = false }: { background?: boolean } = {},
): Promise<OwnerReads[P]> {
  return answer<OwnerReads[P]>('GET', readUrl(key, background));
}

export const leadPath = (id: number) => `${ownerPaths.leads}/${id}` as const;
export const jobPath = (id: string) => `${ownerPaths.jobs}/${encodeURIComponent(id)}` as const;
const passkeyPath = (id: string) => `${ownerPaths.passkeys}/${encodeURIComponent(id)}`;
const sessionPath = (id: string) => `${ownerPaths.sessions}/${encodeURIComponent(id)}`;
const pushDevicePath = (id: number) => `${ownerPaths.pushDevices}/${id}`;

/** A browser's push subscription, as PushSubscription.toJSON() gives it */
export interface PushSubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface InboxQuery {
  status?: LeadStatus | undefined;
  q?: string | undefined;
  /** A poll the owner did not ask for: the server does not count it as activity */
  background?: boolean | undefined;
}

/** The inbox's read for a status and search: only the filters in use */
export function inboxKey({ status, q }: InboxQuery = {}): ReadKey<typeof ownerPaths.leads> {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (q?.trim()) params.set('q', q.trim());
  return [ownerPaths.leads, params.toString()];
}

export const inboxUrl = (query: InboxQuery = {}): string =>
  readUrl(inboxKey(query), query.background);

/** The calls that are not reads: the sign-in ceremonies, and every change */
export const ownerApi = {
  /** The current session, or null when there is none (401) */
  async session(): Promise<SessionBody | null> {
    try {
      return await answer<SessionBody>('GET', ownerPaths.session, undefined, { quietOn401: true });
    } catch (error) {
      if (isSignedOut(error)) return null;
      throw error;
    }
  },
  signInOptions: () =>
    answer<PublicKeyCredentialRequestOptionsJSON>(
      'POST',
      ownerPaths.signInOptions,
      {},
      { quietOn401: true },
    ),
  signIn: (response: unknown) =>
    send('POST', ownerPaths.signIn, { response }, { quietOn401: true }),
  inviteOptions: (invite: string) =>
    answer<PublicKeyCredentialCreationOptionsJSON>(
      'POST',
      ownerPaths.inviteOptions,
      { invite },
      { quietOn401: true },
    ),
  acceptInvite: (body: InviteRequest) =>
    send('POST', ownerPaths.invite, body, { quietOn401: true }),
  signOut: () => send('POST', ownerPaths.signOut, {}, { quietOn401: true }),
  signOutOthers: () => send('POST', ownerPaths.signOutOthers, {}),
  signOutSession: (id: string) => send('DELETE', sessionPath(id)),
  stepUpOptions: () =>
    answer<PublicKeyCredentialRequestOptionsJSON>('POST', ownerPaths.stepUpOptions, {}),
  stepUp: (response: unknown) => send('POST', ownerPaths.stepUp, { response }),
  discard: () => answer<DiscardBody>('POST', ownerPaths.discard, {}),

  changeLead: (id: number, change: LeadChange, options: { keepalive?: boolean } = {}) =>
    answer<OwnerLead>('PATCH', leadPath(id), change, options),
  addNote: (id: number, text: string) =>
    answer<OwnerLead>('POST', `${leadPath(id)}/notes`, { text }),
  deleteLead: (id: number) => send('DELETE', leadPath(id)),

  passkeyOptions: () =>
    answer<PublicKeyCredentialCreationOptionsJSON>('POST', ownerPaths.passkeyOptions, {}),
  addPasskey: (body: AddPasskeyRequest) => send('POST', ownerPaths.passkeys, body),
  renamePasskey: (id: string, name: string) => send('PATCH', passkeyPath(id), { name }),
  removePasskey: (id: string) => send('DELETE', passkeyPath(id)),

  /** Stores this device's subscription (a new device needs a step-up), or refreshes it */
  addPushDevice: (subscription: PushSubscriptionBody) =>
    answer<{ device: PushDevice }>('POST', ownerPaths.pushDevices, { subscription }),
  removePushDevice: (id: number) => send('DELETE', pushDevicePath(id)),
  testPush: (id: number) => send('POST', ownerPaths.pushTest, { id }),

  publish: () => send('POST', ownerPaths.publish, {}),

  /** Adds a job (no `id`) or changes his job `id` */
  saveJob: (id: string | null, draft: JobDraft) =>
    id === null
      ? answer<JobSaved>('POST', ownerPaths.jobs, draft)
      : answer<JobSaved>('PUT', jobPath(id), draft),
  /** The home page's jobs, first to last: the list as it now stands */
  orderJobs: (ids: string[]) => answer<JobsBody>('POST', ownerPaths.jobsOrder, { ids }),
  undo: (commit: string) => send('POST', ownerPaths.undo, { commit }),
};
