/**
 * The owner's door as middleware, wrapped around every handler under /api/owner/, so no route
 * can forget a check and no spelling of a path can skip one. A change must come from the site's
 * own origin (403 otherwise). The sign-in ceremonies are open, within a rate limit per client;
 * every other route needs a live session (401 with no data otherwise, its cookie cleared) and is
 * handed it; a route that needs a step-up is refused (403 with `stepUp: true`) unless the owner
 * confirmed with a stored passkey in this session within STEP_UP_MS.
 */
import type { AsyncLeadStore } from '../db/async-store.ts';
import type { StoredSession } from '../db/owner-records.ts';
import type { ApiContext, ApiHandler } from '../http/api.ts';
import { isChange, isFromOwnOrigin } from '../http/private-answers.ts';
import type { RateLimiter } from '../support/rate-limit.ts';
import { refuse } from './requests.ts';
import {
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  endedSessionCookie,
  hashToken,
  isRecentlyVerified,
  sessionTokenFrom,
} from './session-token.ts';

const NOT_SIGNED_IN = 'Sign in with your passkey first.';
const STEP_UP_NEEDED = 'Confirm it’s you with your passkey first.';

/** What a signed-in route is handed besides the request */
export interface SignedInContext extends ApiContext {
  readonly session: StoredSession;
  /** The hash of the session's token, which names it to the store and binds its ceremonies */
  readonly tokenHash: string;
}

export interface OwnerGuard {
  /** The 403 for a change from another origin, or undefined for a request that is not one */
  foreignChange(request: Request): Response | undefined;
  /** A sign-in ceremony: open, but a change from another origin is refused, and each client is rate limited */
  open(handler: ApiHandler): ApiHandler;
  /** Only with a live session; with `stepUp`, only within STEP_UP_MS of the owner confirming with a passkey in it */
  signedIn(handler: ApiHandler<SignedInContext>, options?: { stepUp?: boolean }): ApiHandler;
  /** The live session a Cookie header carries; `touch`: the request counts as the owner's activity */
  sessionOf(
    cookieHeader: string | null | undefined,
    touch: boolean,
  ): Promise<{ session: StoredSession; tokenHash: string } | undefined>;
}

/** The 403 of a change that needs the owner to confirm with his passkey first, which his page asks for */
export const stepUpNeeded = () => refuse(403, STEP_UP_NEEDED, {}, { stepUp: true });

/** Whether the owner confirmed with a passkey in this session recently enough for a step-up route */
export const isSteppedUp = (session: StoredSession, now = new Date()) =>
  isRecentlyVerified(session.verifiedAt, now);

export const sessionLimitsAt = (now: Date) => ({
  now,
  idleMs: SESSION_IDLE_MS,
  absoluteMs: SESSION_ABSOLUTE_MS,
});

export function createOwnerGuard({
  store,
  siteOrigin,
  ceremonyLimiter,
}: {
  store: AsyncLeadStore;
  siteOrigin: string;
  ceremonyLimiter: RateLimiter;
}): OwnerGuard {
  async function sessionOf(cookieHeader: string | null | undefined, touch: boolean) {
    const token = sessionTokenFrom(cookieHeader ?? undefined);
    if (!token) return undefined;
    const tokenHash = hashToken(token);
    const session = await store.findSession(tokenHash, { ...sessionLimitsAt(new Date()), touch });
    return session && { session, tokenHash };
  }

  const foreignChange = (request: Request) =>
    isChange(request.method) && !isFromOwnOrigin(request, siteOrigin)
      ? refuse(403, 'This change must come from the owner page itself.')
      : undefined;

  return {
    foreignChange,
    sessionOf,
    open: (handler) => (request, context) => {
      const refusal = foreignChange(request);
      if (refusal) return refusal;
      const decision = ceremonyLimiter.check(context.clientKey);
      if (!decision.allowed) {
        return refuse(429, 'Too many sign-in attempts. Wait a minute and try again.', {
          'Retry-After': String(decision.retryAfterSeconds),
        });
      }
      return handler(request, context);
    },
    signedIn:
      (handler, { stepUp = false } = {}) =>
      async (request, context) => {
        const refusal = foreignChange(request);
        if (refusal) return refusal;
        // A background poll (?background=1) reads without counting as the owner's activity
        const background = new URL(request.url).searchParams.get('background') === '1';
        const signedIn = await sessionOf(request.headers.get('cookie'), !background);
        if (!signedIn) return refuse(401, NOT_SIGNED_IN, { 'Set-Cookie': endedSessionCookie() });
        if (stepUp && !isSteppedUp(signedIn.session)) return stepUpNeeded();
        return handler(request, { ...context, ...signedIn });
      },
  };
}
