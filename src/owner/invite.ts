/** An invite link is /owner#invite=TOKEN: the token is read once, then taken out of the address */

const INVITE = /^#invite=([^\s&#]{1,512})$/;

export function inviteTokenOf(hash: string): string | null {
  return INVITE.exec(hash)?.[1] ?? null;
}

/**
 * The invite token of the current address, removed from it at once, so it stays out of the
 * history, a bookmark and a shared screen
 */
export function takeInviteToken(): string | null {
  const token = inviteTokenOf(window.location.hash);
  if (token)
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
  return token;
}
