/**
 * The owner's session token, its cookie and its lifetimes. The token is 256 random bits; the server keeps only
 * its SHA-256, so a copy of the database opens no session. The cookie is `__Host-` (Secure, no
 * Domain, Path=/: no subdomain or other path can set or shadow it), HttpOnly, and
 * SameSite=Strict, so no other site's link or form carries it.
 */
import { createHash, randomBytes } from 'node:crypto';

export const SESSION_COOKIE = '__Host-owner-session';
/** A session unused for an hour has ended */
export const SESSION_IDLE_MS = 60 * 60_000;
/** A session ends 12 hours after sign-in, however much it is used */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60_000;
/** How long a confirmation with a passkey inside a session (a step-up) allows what lasts: adding or removing a passkey */
export const STEP_UP_MS = 5 * 60_000;

/** Whether the owner confirmed with his passkey within the last STEP_UP_MS (a time ahead of `now` does not count) */
export function isRecentlyVerified(verifiedAt: string | null, now: Date): boolean {
  if (verifiedAt === null) return false;
  const age = now.getTime() - Date.parse(verifiedAt);
  return age >= 0 && age <= STEP_UP_MS;
}

const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[\w-]{43}$/;

/** A new random token (base64url) */
export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** What the store keeps of a token: its SHA-256, hex */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether `text` could be a token this server made (anything else is not looked up) */
export function isTokenShaped(text: string): boolean {
  return TOKEN_PATTERN.test(text);
}

const COOKIE_ATTRIBUTES = 'Path=/; Secure; HttpOnly; SameSite=Strict';

export function sessionCookie(token: string): string {
  return `${SESSION_COOKIE}=${token}; ${COOKIE_ATTRIBUTES}; Max-Age=${SESSION_ABSOLUTE_MS / 1000}`;
}

/** Tells the browser to forget the session cookie */
export function endedSessionCookie(): string {
  return `${SESSION_COOKIE}=; ${COOKIE_ATTRIBUTES}; Max-Age=0`;
}

/** The session token a Cookie header carries, when it is shaped like one */
export function sessionTokenFrom(cookieHeader: string | undefined): string | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== SESSION_COOKIE) continue;
    const value = pair.slice(separator + 1).trim();
    if (isTokenShaped(value)) return value;
  }
  return undefined;
}
