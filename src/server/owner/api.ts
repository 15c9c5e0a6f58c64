/**
 * The owner's door: /api/owner/ and the gate of the /owner page. Sign-in is by passkey only;
 * a session lives in the store and reaches the browser only as an HttpOnly `__Host-` cookie.
 * Without a live session every path but the sign-in ceremonies answers 401 with no data, and
 * every change must come from the site's own origin. What lasts beyond a session or reaches
 * another (adding, renaming or removing a passkey, signing out other devices) also needs a
 * step-up: the owner confirmed with a stored passkey inside this session within STEP_UP_MS, so a
 * stolen session cookie alone cannot keep the door, lock it, or sign him out.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { ownerRequests } from '../../lib/owner-api/requests.ts';
import {
  NUMBERS_PERIODS,
  describeDevice,
  ownerPaths,
  type BusyBody,
  type PasskeysBody,
  type SessionBody,
  type SessionsBody,
  type SiteBody,
  type StepUpNeededBody,
} from '../../lib/owner-api.ts';
import type { AsyncLeadStore } from '../db/async-store.ts';
import type { StoredSession } from '../db/owner-records.ts';
import type { ApiHandler } from '../http/api.ts';
import { isChange, isFromOwnOrigin, OWNER_HEADERS } from '../http/private-answers.ts';
import { leadsToCsv } from '../leads/export.ts';
import type { Channel } from '../notify/channel.ts';
import { sendOwnerAlert } from '../notify/owner-alerts.ts';
import type { Publisher, StartOutcome } from '../publish/publisher.ts';
import { nzDateTime, nzDay } from '../stats/days.ts';
import { collectReport, lastDays } from '../stats/report.ts';
import { createRateLimiter, type RateLimiter } from '../support/rate-limit.ts';
import { ownerLead, parseInboxQuery, readInbox } from './inbox.ts';
import { createPasskeyCeremonies, type PasskeyCeremonies } from './passkey-ceremonies.ts';
import { readJsonBody, refuse, reply } from './requests.ts';
import {
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  endedSessionCookie,
  hashToken,
  isRecentlyVerified,
  newToken,
  sessionCookie,
  sessionTokenFrom,
} from './session-token.ts';

/** Sign-in and enrolment requests per client and minute (each ceremony takes two) */
export const CEREMONIES_PER_MINUTE = 20;
const SIGN_INS_SHOWN = 20;
/** Changes of the site's history shown, and the only ones Undo takes */
export const HISTORY_SHOWN = 30;

const INVITE_UNUSABLE = 'This invite link has been used or has expired. Make a new one on the server with npm run owner:invite.';
const NOT_SIGNED_IN = 'Sign in with your passkey first.';
const STEP_UP_NEEDED = 'Confirm it’s you with your passkey first.';

type Log = (message: string, error?: unknown) => void;

export interface OwnerAccessOptions {
  store: AsyncLeadStore;
  siteUrl: string;
  /** Told when a passkey is added or removed */
  channels: readonly Channel[];
  log: Log;
  /** Who a request comes from, for the rate limit */
  clientKey(req: IncomingMessage): string;
  ceremoniesPerMinute?: number;
  ceremonies?: PasskeyCeremonies;
  /** Publishes the owner's edits; the site routes answer 503 without it */
  publisher?: Publisher | undefined;
}

export interface OwnerAccess {
  /** Answers every request under /api/owner/ */
  readonly api: ApiHandler;
  /** Whether the request carries a live session (a visit to /owner counts as the owner's activity) */
  isSignedIn(req: IncomingMessage): Promise<boolean>;
}

interface Context {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** The path's parameter (a lead's or passkey's id) */
  param: string;
}
interface SignedIn extends Context {
  session: StoredSession;
  tokenHash: string;
}

type Route =
  | { method: string; path: RegExp; signedIn: false; run(context: Context): Promise<void> }
  | {
      method: string;
      path: RegExp;
      signedIn: true;
      /** Refused unless the owner confirmed with his passkey in this session within STEP_UP_MS */
      stepUp?: true;
      run(context: SignedIn): Promise<void>;
    };

const exactly = (path: string) => new RegExp(`^${path.replaceAll('.', '\\.')}$`);
const LEAD_PATH = new RegExp(`^${ownerPaths.leads}/(\\d{1,15})$`);
const NOTES_PATH = new RegExp(`^${ownerPaths.leads}/(\\d{1,15})/notes$`);
const PASSKEY_PATH = new RegExp(`^${ownerPaths.passkeys}/([\\w-]{1,1400})$`);
const SESSION_PATH = new RegExp(`^${ownerPaths.sessions}/([\\w-]{1,64})$`);

const schemas = ownerRequests;

/** How an enrolment ended: not proved, refused (the invite used or expired, the passkey stored already), or stored */
type Enrolment =
  { outcome: 'unverified' } | { outcome: 'invite-unusable' } | { outcome: 'exists' } | { outcome: 'added'; passkeyId: string };

/** The browser and system a request came from, as its User-Agent claims: a hint for the owner's lists, never an alert */
const deviceOf = (req: IncomingMessage) => describeDevice(String(req.headers['user-agent'] ?? ''));

const sessionLimitsAt = (now: Date) => ({ now, idleMs: SESSION_IDLE_MS, absoluteMs: SESSION_ABSOLUTE_MS });

export function createOwnerAccess(options: OwnerAccessOptions): OwnerAccess {
  const { store, siteUrl, channels, log } = options;
  const siteOrigin = new URL(siteUrl).origin;
  const ceremonies = options.ceremonies ?? createPasskeyCeremonies({ store, siteUrl });
  const ceremonyLimiter: RateLimiter = createRateLimiter({ limit: options.ceremoniesPerMinute ?? CEREMONIES_PER_MINUTE });

  async function sessionOf(req: IncomingMessage, touch: boolean) {
    const token = sessionTokenFrom(req.headers.cookie);
    if (!token) return undefined;
    const tokenHash = hashToken(token);
    const session = await store.findSession(tokenHash, { ...sessionLimitsAt(new Date()), touch });
    return session && { session, tokenHash };
  }

  /** Opens a new session for `passkeyId`, ending the one the browser had; its cookie */
  async function signIn(req: IncomingMessage, passkeyId: string): Promise<string> {
    const previous = sessionTokenFrom(req.headers.cookie);
    if (previous) await store.endSession(hashToken(previous));
    const token = newToken();
    await store.createSession({
      tokenHash: hashToken(token),
      passkeyId,
      device: deviceOf(req),
      now: new Date(),
    });
    return sessionCookie(token);
  }

  /**
   * Checks a new passkey against the challenge made for `boundTo` (an invite or a session),
   * stores it (using up `inviteHash` in the same transaction, when given) and announces it on
   * every channel
   */
  async function enrol({
    response,
    name,
    boundTo,
    inviteHash,
  }: {
    response: unknown;
    name: string;
    boundTo: string;
    inviteHash?: string;
  }): Promise<Enrolment> {
    const passkey = await ceremonies.verifyEnrolment(response as never, boundTo);
    if (!passkey) return { outcome: 'unverified' };
    const now = new Date();
    const added = await store.addPasskey({ ...passkey, name }, { now, ...(inviteHash ? { inviteHash } : {}) });
    if (added === 'invite-unusable') return { outcome: 'invite-unusable' };
    if (added === 'duplicate-passkey') return { outcome: 'exists' };
    announcePasskey('added', name, now);
    return { outcome: 'added', passkeyId: passkey.id };
  }

  /** Tells the owner on every channel, with the passkey's name and the time (what the server knows, not what a browser claims) */
  function announcePasskey(change: 'added' | 'removed', name: string, now: Date) {
    const alert =
      change === 'added'
        ? {
            title: 'A passkey was added to your website sign-in',
            text:
              `The passkey "${name}" was added on ${nzDateTime(now)}. It can now sign in to your owner page.\n\n` +
              'If you did not add it, open your owner page, remove it under Passkeys, and sign out everywhere else.',
          }
        : {
            title: 'A passkey was removed from your website sign-in',
            text:
              `The passkey "${name}" was removed on ${nzDateTime(now)}. It can no longer sign in to your owner page.\n\n` +
              'If you did not remove it, sign in with another passkey, check Passkeys, and sign out everywhere else.',
          };
    void sendOwnerAlert(channels, { ...alert, key: `passkey-${change}-${now.getTime()}` }, log).catch((error: unknown) =>
      log('A passkey alert could not be sent', error),
    );
  }

  /** Reads the body with `schema`, answering the request itself when it does not match */
  async function body<T>(context: Context, schema: z.ZodType<T>): Promise<T | undefined> {
    const outcome = await readJsonBody(context.req, schema);
    if (outcome.ok) return outcome.value;
    refuse(context.res, outcome.status, outcome.error);
    return undefined;
  }

  const routes: Route[] = [
    {
      method: 'POST',
      path: exactly(ownerPaths.signInOptions),
      signedIn: false,
      async run({ res }) {
        reply(res, 200, await ceremonies.signInOptions());
      },
    },
    {
      method: 'POST',
      path: exactly(ownerPaths.signIn),
      signedIn: false,
      async run(context) {
        const request = await body(context, schemas.passkeyAnswer);
        if (!request) return;
        const verified = await ceremonies.verifySignIn(request.response as never);
        if (!verified)
          return refuse(
            context.res,
            401,
            'That passkey was not recognised. Use one set up for this site, or make a new invite on the server.',
          );
        reply(context.res, 200, { ok: true }, { 'Set-Cookie': await signIn(context.req, verified.passkeyId) });
      },
    },
    {
      method: 'POST',
      path: exactly(ownerPaths.inviteOptions),
      signedIn: false,
      async run(context) {
        const request = await body(context, schemas.inviteOptions);
        if (!request) return;
        const inviteHash = hashToken(request.invite);
        if (!(await store.isInviteUsable(inviteHash, new Date()))) return refuse(context.res, 410, INVITE_UNUSABLE);
        reply(context.res, 200, await ceremonies.enrolOptions(`invite:${inviteHash}`));
      },
    },
    {
      method: 'POST',
      path: exactly(ownerPaths.invite),
      signedIn: false,
      async run(context) {
        const request = await body(context, schemas.invite);
        if (!request) return;
        const inviteHash = hashToken(request.invite);
        const { response, name } = request;
        const enrolled = await enrol({ response, name, boundTo: `invite:${inviteHash}`, inviteHash });
        if (enrolled.outcome === 'unverified') {
          return refuse(context.res, 400, 'The passkey could not be checked. Open the invite link again and try once more.');
        }
        if (enrolled.outcome === 'invite-unusable') return refuse(context.res, 410, INVITE_UNUSABLE);
        if (enrolled.outcome === 'exists') return refuse(context.res, 409, 'This passkey is set up already. Sign in with it.');
        reply(context.res, 200, { ok: true }, { 'Set-Cookie': await signIn(context.req, enrolled.passkeyId) });
      },
    },
    {
      method: 'GET',
      path: exactly(ownerPaths.session),
      signedIn: true,
      async run({ res, session }) {
        reply(res, 200, { passkeyName: session.passkeyName, signedInAt: session.createdAt } satisfies SessionBody);
      },
    },
    {
      method: 'POST',
      path: exactly(ownerPaths.signOut),
      signedIn: true,
      async run({ res, tokenHash }) {
        await store.endSession(tokenHash);
        reply(res, 204, null, { 'Set-Cookie': endedSessionCookie() });
      },
    },
    {
      method: 'POST',
      path: exactly(ownerPaths.signOutOthers),
      signedIn: true,
      // Else a stolen cookie could sign the owner out as fast as he signs in
      stepUp: true,
      async run({ res, tokenHash }) {
        await store.endOtherSessions(tokenHash);
        reply(res, 204, null);
      },
    },
    {
      method: 'GET',
      path: exactly(ownerPaths.sessions),
      signedIn: true,
      async run({ res, session }) {
        const sessions = await store.listSessions(sessionLimitsAt(new Date()));
        const body: SessionsBody = {
          sessions: sessions.map(({ id, device, passkeyName, createdAt, lastSeenAt }) => ({
            id,
            device,
            passkeyName,
            startedAt: createdAt,
            lastUsedAt: lastSeenAt,
            current: id === session.id,
          })),
        };
        reply(res, 200, body);
      },
    },
    {
      method: 'DELETE',
      path: SESSION_PATH,
      signedIn: true,
      stepUp: true,
      async run({ res, param, session }) {
        if (param === session.id) return refuse(res, 400, 'To sign out on this device, use Sign out.');
        if (await store.endSessionById(param)) reply(res, 204, null);
        else refuse(res, 404, 'That sign-in has ended already.');
      },
    },
    {
      method: 'POST',
      path: exactly(ownerPaths.stepUpOptions),
      signedIn: true,
      async run({ res, tokenHash }) {
        reply(res, 200, await ceremonies.stepUpOptions(`session:${tokenHash}`));
      },
    },
    {
      method: 'POST',
      path: exactly(ownerPaths.stepUp),
      signedIn: true,
      async run(context) {
        const request = await body(context, schemas.passkeyAnswer);
        if (!request) return;
        const confirmed = await ceremonies.verifyStepUp(request.response as never, `session:${context.tokenHash}`);
        if (!confirmed) return refuse(context.res, 400, 'Your passkey could not confirm it’s you. Try again.');
        await store.markSessionVerified(context.tokenHash, new Date());
        reply(context.res, 204, null);
      },
    },
    {
      method: 'GET',
      path: exactly(ownerPaths.leads),
      signedIn: true,
      async run({ res, url }) {
        const query = parseInboxQuery(url.searchParams);
        if ('error' in query) return refuse(res, 400, query.error);
        reply(res, 200, await readInbox(store, query));
      },
    },
    {
      method: 'GET',
      path: exactly(ownerPaths.leadsCsv),
      signedIn: true,
      async run({ res }) {
        const csv = leadsToCsv(await store.listLeads());
        const day = nzDay(new Date());
        res.writeHead(200, {
          ...OWNER_HEADERS,
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="quote-requests-${day}.csv"`,
        });
        res.end(res.req.method === 'HEAD' ? undefined : csv);
      },
    },
    {
      method: 'PATCH',
      path: LEAD_PATH,
      signedIn: true,
      async run(context) {
        const change = await body(context, schemas.leadChange);
        if (!change) return;
        const id = Number(context.param);
        const { read, ...update } = change;
        const updated = await store.updateLead(id, { ...update, ...(read ? { readAt: new Date() } : {}) });
        await replyWithLead(context.res, updated, id);
      },
    },
    {
      method: 'DELETE',
      path: LEAD_PATH,
      signedIn: true,
      async run({ res, param }) {
        if (await store.deleteLead(Number(param))) reply(res, 204, null);
        else refuse(res, 404, 'There is no such request (it may have been deleted already).');
      },
    },
    {
      method: 'POST',
      path: NOTES_PATH,
      signedIn: true,
      async run(context) {
        const note = await body(context, schemas.note);
        if (!note) return;
        const id = Number(context.param);
        await replyWithLead(context.res, await store.addLeadNote(id, note.text, new Date()), id);
      },
    },
    {
      method: 'GET',
      path: exactly(ownerPaths.numbers),
      signedIn: true,
      async run({ res, url }) {
        const days = Number(url.searchParams.get('days') ?? NUMBERS_PERIODS[0]);
        if (!(NUMBERS_PERIODS as readonly number[]).includes(days))
          return refuse(res, 400, `days must be one of ${NUMBERS_PERIODS.join(', ')}`);
        reply(res, 200, await collectReport(store, lastDays(days)));
      },
    },
    {
      method: 'GET',
      path: exactly(ownerPaths.passkeys),
      signedIn: true,
      async run({ res, session }) {
        const [passkeys, signIns] = await Promise.all([store.listPasskeys(), store.recentSignIns(SIGN_INS_SHOWN)]);
        const body: PasskeysBody = {
          passkeys: passkeys.map(({ id, name, createdAt, lastUsedAt }) => ({
            id,
            name,
            createdAt,
            lastUsedAt,
            current: id === session.passkeyId,
          })),
          signIns,
        };
        reply(res, 200, body);
      },
    },
    {
      method: 'POST',
      path: exactly(ownerPaths.passkeyOptions),
      signedIn: true,
      stepUp: true,
      async run({ res, tokenHash }) {
        reply(res, 200, await ceremonies.enrolOptions(`session:${tokenHash}`));
      },
    },
    {
      method: 'POST',
      path: exactly(ownerPaths.passkeys),
      signedIn: true,
      stepUp: true,
      async run(context) {
        const request = await body(context, schemas.addPasskey);
        if (!request) return;
        const { response, name } = request;
        const enrolled = await enrol({ response, name, boundTo: `session:${context.tokenHash}` });
        if (enrolled.outcome === 'unverified') return refuse(context.res, 400, 'The passkey could not be checked. Try adding it again.');
        if (enrolled.outcome !== 'added') return refuse(context.res, 409, 'This passkey is set up already.');
        reply(context.res, 201, { id: enrolled.passkeyId });
      },
    },
    {
      method: 'PATCH',
      path: PASSKEY_PATH,
      signedIn: true,
      // A name is what the owner trusts in the list and in every alert
      stepUp: true,
      async run(context) {
        const request = await body(context, schemas.rename);
        if (!request) return;
        if (await store.renamePasskey(context.param, request.name)) reply(context.res, 200, { id: context.param, name: request.name });
        else refuse(context.res, 404, 'There is no such passkey.');
      },
    },
    {
      method: 'DELETE',
      path: PASSKEY_PATH,
      signedIn: true,
      stepUp: true,
      async run({ res, param }) {
        const now = new Date();
        const outcome = await store.removePasskey(param);
        if (typeof outcome === 'object') {
          announcePasskey('removed', outcome.removed, now);
          reply(res, 204, null);
        } else if (outcome === 'last') refuse(res, 409, 'This is your only passkey. Add another before you remove this one.');
        else refuse(res, 404, 'There is no such passkey.');
      },
    },
    {
      method: 'GET',
      path: exactly(ownerPaths.site),
      signedIn: true,
      async run({ res }) {
        const publisher = publisherFor(res);
        if (publisher) reply(res, 200, await siteBody(publisher));
      },
    },
    {
      method: 'POST',
      path: exactly(ownerPaths.publish),
      signedIn: true,
      async run(context) {
        if (!(await body(context, schemas.nothing))) return;
        const publisher = publisherFor(context.res);
        if (publisher) replyToStart(context.res, publisher.publish());
      },
    },
    {
      method: 'POST',
      path: exactly(ownerPaths.undo),
      signedIn: true,
      async run(context) {
        const request = await body(context, schemas.undo);
        if (!request) return;
        const publisher = publisherFor(context.res);
        if (!publisher) return;
        // Only a change the page lists can be undone; the publisher says whether this one can
        const listed = await publisher.history(HISTORY_SHOWN);
        if (!listed.some((change) => change.commit === request.commit))
          return refuse(context.res, 400, 'That change is not one the owner page lists.');
        replyToStart(context.res, await publisher.undo(request.commit));
      },
    },
  ];

  /** The publisher, or a 503 saying this server does not publish */
  function publisherFor(res: ServerResponse): Publisher | undefined {
    if (!options.publisher) refuse(res, 503, 'This server does not publish the site.');
    return options.publisher;
  }

  async function siteBody(publisher: Publisher): Promise<SiteBody> {
    // The state first: a job that ends while git is read is then still shown running, and the page
    // asks again; read last, it would show the job over beside the files and history of before it
    // saved, and the page would stop asking
    const status = publisher.status();
    const [pending, history] = await Promise.all([publisher.pending(), publisher.history(HISTORY_SHOWN)]);
    return { ...status, pending, history };
  }

  function replyToStart(res: ServerResponse, outcome: StartOutcome) {
    if (outcome.started) return reply(res, 202, { running: outcome.progress });
    if (outcome.running) return reply(res, outcome.status, { error: outcome.error, running: outcome.running } satisfies BusyBody);
    refuse(res, outcome.status, outcome.error);
  }

  async function replyWithLead(res: ServerResponse, found: boolean, id: number) {
    const lead = found ? await store.getLead(id) : undefined;
    if (lead) reply(res, 200, ownerLead(lead, new Date()));
    else refuse(res, 404, 'There is no such request (it may have been deleted).');
  }

  const api: ApiHandler = async (req, res) => {
    const url = new URL(req.url ?? '/', siteOrigin);
    const matching = routes.flatMap((route) => {
      const match = route.path.exec(url.pathname);
      return match ? [{ route, param: match[1] ?? '' }] : [];
    });
    const publicRoute = matching.find(({ route }) => !route.signedIn);
    if (isChange(req.method) && !isFromOwnOrigin(req, siteOrigin))
      return refuse(res, 403, 'This change must come from the owner page itself.');
    if (publicRoute) {
      if (req.method !== publicRoute.route.method) return refuse(res, 405, 'Method not allowed', { Allow: publicRoute.route.method });
      const decision = ceremonyLimiter.check(options.clientKey(req));
      if (!decision.allowed) {
        return refuse(res, 429, 'Too many sign-in attempts. Wait a minute and try again.', {
          'Retry-After': String(decision.retryAfterSeconds),
        });
      }
      return (publicRoute.route as Extract<Route, { signedIn: false }>).run({ req, res, url, param: publicRoute.param });
    }
    // A background poll (?background=1) reads without counting as the owner's activity
    const signedIn = await sessionOf(req, url.searchParams.get('background') !== '1');
    if (!signedIn) return refuse(res, 401, NOT_SIGNED_IN, { 'Set-Cookie': endedSessionCookie() });
    if (matching.length === 0) return refuse(res, 404, 'Not found');
    const route = matching.find(
      (candidate) => candidate.route.method === req.method || (req.method === 'HEAD' && candidate.route.method === 'GET'),
    );
    if (!route) return refuse(res, 405, 'Method not allowed', { Allow: matching.map(({ route }) => route.method).join(', ') });
    const signedInRoute = route.route as Extract<Route, { signedIn: true }>;
    if (signedInRoute.stepUp && !isRecentlyVerified(signedIn.session.verifiedAt, new Date()))
      return reply(res, 403, { error: STEP_UP_NEEDED, stepUp: true } satisfies StepUpNeededBody);
    return signedInRoute.run({ req, res, url, param: route.param, ...signedIn });
  };

  return {
    api,
    async isSignedIn(req) {
      return (await sessionOf(req, true)) !== undefined;
    },
  };
}
