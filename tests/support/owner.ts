/**
 * The owner, from outside: a client that enrols a software passkey with it, signs in, confirms
 * with it inside a session (a step-up), and calls the owner API with its session cookie and the
 * site's Origin, as his browser would.
 */
import { ownerPaths } from '../../src/lib/owner-api.ts';
import { SESSION_COOKIE } from '../../src/server/owner/session-token.ts';
import { send, type Answer, type RunningServer } from './server.ts';
import { createSoftAuthenticator, type CeremonyOptions } from './soft-authenticator.ts';

const randomOctet = () => Math.floor(Math.random() * 254) + 1;
const randomAddress = () => `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`;

/** The session token a Set-Cookie header sets, when it sets one */
export function sessionFrom(answer: Answer): string | undefined {
  const cookies = [answer.headers['set-cookie'] ?? []].flat();
  const value = cookies
    .find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))
    ?.split(';')[0]
    ?.slice(SESSION_COOKIE.length + 1);
  return value || undefined;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as given instead of JSON */
  rawBody?: string | Buffer;
  contentType?: string;
  origin?: string | null;
  /** The session token to send; the client's own when not given; null for none */
  session?: string | null;
  headers?: Record<string, string>;
}

/**
 * A client of the owner API. Each comes from an address of its own (X-Forwarded-For, which a
 * server with TRUST_PROXY=1 counts by), so the sign-in rate limit counts each test's client apart.
 */
export function ownerClient(
  server: Pick<RunningServer, 'port'> & Partial<Pick<RunningServer, 'agent'>>,
  siteUrl: string,
  address = randomAddress(),
) {
  const origin = new URL(siteUrl).origin;
  const authenticator = createSoftAuthenticator(origin);
  let session: string | undefined;

  async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const token = options.session === undefined ? session : options.session;
    const body =
      options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const headers: Record<string, string> = {
      ...(body !== undefined ? { 'Content-Type': options.contentType ?? 'application/json' } : {}),
      ...(options.origin === null ? {} : { Origin: options.origin ?? origin }),
      ...(token ? { Cookie: `${SESSION_COOKIE}=${token}` } : {}),
      'X-Forwarded-For': address,
      ...options.headers,
    };
    return send(server, { method, path, headers, body });
  }

  const json = (answer: Answer) => JSON.parse(answer.text()) as Record<string, unknown>;

  return {
    authenticator,
    call,
    json,
    get session() {
      return session;
    },
    set session(token: string | undefined) {
      session = token;
    },
    /** Enrols a new passkey with the invite and keeps the session it opens */
    async enrol(invite: string, name = 'Test phone'): Promise<Answer> {
      const options = await call('POST', ownerPaths.inviteOptions, {
        body: { invite },
        session: null,
      });
      if (options.status !== 200) return options;
      const response = authenticator.register(json(options) as unknown as CeremonyOptions);
      const answer = await call('POST', ownerPaths.invite, {
        body: { invite, name, response },
        session: null,
      });
      session = sessionFrom(answer) ?? session;
      return answer;
    },
    /**
     * Signs in with the newest passkey from another browser (no cookie, an address of its own,
     * `extra` headers such as its User-Agent) and gives that session's token, keeping the client's own
     */
    async newSession(extra: Record<string, string> = {}): Promise<string> {
      const headers = { 'X-Forwarded-For': randomAddress(), ...extra };
      const options = await call('POST', ownerPaths.signInOptions, { session: null, headers });
      const response = authenticator.authenticate(json(options) as unknown as CeremonyOptions);
      const answer = await call('POST', ownerPaths.signIn, {
        body: { response },
        session: null,
        headers,
      });
      const token = sessionFrom(answer);
      if (answer.status !== 200 || !token) throw new Error(`Sign-in answered ${answer.status}`);
      return token;
    },
    /** Confirms with the newest passkey inside the session `token` (the client's own by default) */
    async stepUp(token: string | null = session ?? null): Promise<Answer> {
      const options = await call('POST', ownerPaths.stepUpOptions, { session: token });
      if (options.status !== 200) return options;
      const response = authenticator.authenticate(json(options) as unknown as CeremonyOptions);
      return call('POST', ownerPaths.stepUp, { body: { response }, session: token });
    },
    /** Signs in with the newest passkey and keeps the new session (sending the old one, as a browser would) */
    async signIn(): Promise<Answer> {
      const options = await call('POST', ownerPaths.signInOptions);
      const response = authenticator.authenticate(json(options) as unknown as CeremonyOptions);
      const answer = await call('POST', ownerPaths.signIn, { body: { response } });
      session = sessionFrom(answer) ?? session;
      return answer;
    },
  };
}
