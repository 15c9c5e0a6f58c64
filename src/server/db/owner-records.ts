/**
 * What the store keeps for the owner's sign-in: his passkeys, the one-time invites that enrol
 * one, his sessions (a hash of each token, never the token), and a record of each sign-in.
 */

export interface StoredPasskey {
  /** The credential's id, base64url */
  id: string;
  publicKey: Uint8Array<ArrayBuffer>;
  /** The authenticator's signature counter (0 for passkeys that keep none) */
  counter: number;
  transports: string[];
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export type NewPasskey = Pick<StoredPasskey, 'id' | 'publicKey' | 'counter' | 'transports' | 'name'>;

export interface StoredSession {
  passkeyId: string;
  passkeyName: string;
  createdAt: string;
  lastSeenAt: string;
}

export interface SessionLimits {
  now: Date;
  /** A session not used for this long has ended */
  idleMs: number;
  /** A session this old has ended, however much it is used */
  absoluteMs: number;
  /** Whether this use counts as the owner's activity (a background poll does not) */
  touch: boolean;
}

export interface StoredSignIn {
  at: string;
  device: string;
  passkeyName: string;
}

export interface OwnerRecords {
  /** The owner's WebAuthn user handle (base64url), made on first use */
  ownerUserId(): string;
  listPasskeys(): StoredPasskey[];
  getPasskey(id: string): StoredPasskey | undefined;
  /**
   * Stores a passkey; with `inviteHash`, only by using up that invite (unused and not expired at
   * `now`) in the same transaction. False when the invite is not usable or the passkey exists.
   */
  addPasskey(passkey: NewPasskey, options: { now: Date; inviteHash?: string }): boolean;
  renamePasskey(id: string, name: string): boolean;
  /** Removes a passkey and ends the sessions it opened; never the last one */
  removePasskey(id: string): 'removed' | 'last' | 'missing';
  /** Records a sign-in with the passkey: its new counter and when it was used */
  usePasskey(id: string, counter: number, now: Date): void;
  createInvite(tokenHash: string, options: { now: Date; expiresAt: Date }): void;
  /** Whether the invite exists, is unused and has not expired at `now` */
  isInviteUsable(tokenHash: string, now: Date): boolean;
  /** Opens a session for `passkeyId` and records the sign-in (with the device it came from) */
  createSession(session: { tokenHash: string; passkeyId: string; device: string; now: Date }): void;
  /**
   * The session with this token hash while it is live; an ended one (idle, too old, dated in
   * the future by a clock that stepped back, or its passkey removed) is deleted and undefined.
   */
  findSession(tokenHash: string, limits: SessionLimits): StoredSession | undefined;
  endSession(tokenHash: string): void;
  /** Newest first */
  recentSignIns(limit: number): StoredSignIn[];
}

/** The passkey is stored already (enrolled twice); nothing was changed */
export class PasskeyExistsError extends Error {
  override name = 'PasskeyExistsError';
}
