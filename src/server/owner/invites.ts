/**
 * The one-time link that enrols a passkey: the owner's first, or a new one when every passkey
 * is lost. `npm run owner:invite` makes it on the server; it works once, for 24 hours, and the
 * store keeps only its hash. The token travels in the URL's fragment, which browsers never send
 * to a server, so it stays out of access logs and Referer headers.
 */
import { ownerPaths } from '../../lib/owner-api.ts';
import type { LeadStore } from '../db/records.ts';
import { hashToken, newToken } from './session-token.ts';

export const INVITE_LIFETIME_MS = 24 * 60 * 60_000;

/** Stores a new invite and returns its token */
export async function createInvite(
  store: { createInvite(...args: Parameters<LeadStore['createInvite']>): unknown },
  now = new Date(),
): Promise<string> {
  const token = newToken();
  await store.createInvite(hashToken(token), {
    now,
    expiresAt: new Date(now.getTime() + INVITE_LIFETIME_MS),
  });
  return token;
}

export function inviteLink(siteUrl: string, token: string): string {
  return `${new URL(siteUrl).origin}${ownerPaths.page}#invite=${token}`;
}
