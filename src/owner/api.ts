/**
 * The owner's page talking to the server over the paths of src/lib/owner-api.ts: JSON both ways,
 * the session cookie sent (same origin only), every change a POST, PATCH or DELETE. A 401 from
 * any call but the session check means the session has ended, and sends the page back to sign-in.
 */
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { Report } from '../server/stats/report.ts';
import {
  ownerPaths,
  type AddPasskeyRequest,
  type ErrorBody,
  type InboxBody,
  type InviteRequest,
  type LeadChange,
  type LeadStatus,
  type NumbersPeriod,
  type OwnerLead,
  type PasskeysBody,
  type PublishProgress,
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
  constructor(status: number, message: string, stepUp = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.stepUp = stepUp;
  }
}

/** The session has ended (401): the page has already gone back to sign-in, so say nothing more */
export const isSignedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

let signedOutListener: () => void = () => {};

/** Called whenever the server answers 401, so the app can show the sign-in view */
export function onSignedOut(listener: () => void): void {
  signedOutListener = listener;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function errorText(status: number, body: unknown): string {
  const error = (body as Partial<ErrorBody> | null)?.error;
  if (typeof error === 'string' && error) return error;
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

async function request<T>(method: Method, path: string, body?: unknown, options: { quietOn401?: boolean; keepalive?: boolean } = {}) {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch {
    throw new ApiError(0, 'No connection to the site. Check your signal, then try again.');
  }
  const json = parseJson(await response.text());
  if (!response.ok) {
    if (response.status === 401 && !options.quietOn401) signedOutListener();
    const stepUp = response.status === 403 && (json as Partial<StepUpNeededBody> | null)?.stepUp === true;
    throw new ApiError(response.status, errorText(response.status, json), stepUp);
  }
  return json as T;
}

const leadPath = (id: number) => `${ownerPaths.leads}/${id}`;
const passkeyPath = (id: string) => `${ownerPaths.passkeys}/${encodeURIComponent(id)}`;
const sessionPath = (id: string) => `${ownerPaths.sessions}/${encodeURIComponent(id)}`;

export interface InboxQuery {
  status?: LeadStatus | undefined;
  q?: string | undefined;
  /** A poll the owner did not ask for: the server does not count it as activity */
  background?: boolean | undefined;
}

export function inboxUrl({ status, q, background }: InboxQuery = {}): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (q?.trim()) params.set('q', q.trim());
  if (background) params.set('background', '1');
  const query = params.toString();
  return query ? `${ownerPaths.leads}?${query}` : ownerPaths.leads;
}

export const ownerApi = {
  /** The current session, or null when there is none (401) */
  async session(): Promise<SessionBody | null> {
    try {
      return await request<SessionBody>('GET', ownerPaths.session, undefined, { quietOn401: true });
    } catch (error) {
      if (isSignedOut(error)) return null;
      throw error;
    }
  },
  signInOptions: () => request<PublicKeyCredentialRequestOptionsJSON>('POST', ownerPaths.signInOptions, {}, { quietOn401: true }),
  signIn: (response: unknown) => request<unknown>('POST', ownerPaths.signIn, { response }, { quietOn401: true }),
  inviteOptions: (invite: string) =>
    request<PublicKeyCredentialCreationOptionsJSON>('POST', ownerPaths.inviteOptions, { invite }, { quietOn401: true }),
  acceptInvite: (body: InviteRequest) => request<unknown>('POST', ownerPaths.invite, body, { quietOn401: true }),
  signOut: () => request<unknown>('POST', ownerPaths.signOut, {}, { quietOn401: true }),
  signOutOthers: () => request<unknown>('POST', ownerPaths.signOutOthers, {}),
  sessions: () => request<SessionsBody>('GET', ownerPaths.sessions),
  signOutSession: (id: string) => request<unknown>('DELETE', sessionPath(id)),
  stepUpOptions: () => request<PublicKeyCredentialRequestOptionsJSON>('POST', ownerPaths.stepUpOptions, {}),
  stepUp: (response: unknown) => request<unknown>('POST', ownerPaths.stepUp, { response }),

  inbox: (query: InboxQuery = {}) => request<InboxBody>('GET', inboxUrl(query)),
  changeLead: (id: number, change: LeadChange, options: { keepalive?: boolean } = {}) =>
    request<OwnerLead>('PATCH', leadPath(id), change, options),
  addNote: (id: number, text: string) => request<OwnerLead>('POST', `${leadPath(id)}/notes`, { text }),
  deleteLead: (id: number) => request<unknown>('DELETE', leadPath(id)),

  numbers: (days: NumbersPeriod) => request<Report>('GET', `${ownerPaths.numbers}?days=${days}`),

  passkeys: () => request<PasskeysBody>('GET', ownerPaths.passkeys),
  passkeyOptions: () => request<PublicKeyCredentialCreationOptionsJSON>('POST', ownerPaths.passkeyOptions, {}),
  addPasskey: (body: AddPasskeyRequest) => request<unknown>('POST', ownerPaths.passkeys, body),
  renamePasskey: (id: string, name: string) => request<unknown>('PATCH', passkeyPath(id), { name }),
  removePasskey: (id: string) => request<unknown>('DELETE', passkeyPath(id)),

  /** A poll while a publish runs is `background`: it does not count as the owner's activity */
  site: ({ background = false }: { background?: boolean } = {}) =>
    request<SiteBody>('GET', background ? `${ownerPaths.site}?background=1` : ownerPaths.site),
  publish: () => request<{ running: PublishProgress }>('POST', ownerPaths.publish, {}),
  undo: (commit: string) => request<{ running: PublishProgress }>('POST', ownerPaths.undo, { commit }),
};
