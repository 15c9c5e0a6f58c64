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

export type NewPasskey = Pick<
  StoredPasskey,
  'id' | 'publicKey' | 'counter' | 'transports' | 'name'
>;

export interface StoredSession {
  /** Names the session to the owner's page; random, not derived from its token */
  id: string;
  passkeyId: string;
  passkeyName: string;
  /** The browser and system it signed in from, as the User-Agent claimed */
  device: string;
  createdAt: string;
  lastSeenAt: string;
  /** When the owner last confirmed with a passkey inside it (a step-up), or null */
  verifiedAt: string | null;
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
   * `now`) in the same transaction. A passkey stored already changes nothing, its invite included.
   */
  addPasskey(passkey: NewPasskey, options: { now: Date; inviteHash?: string }): AddPasskeyOutcome;
  renamePasskey(id: string, name: string): boolean;
  /** Removes a passkey (its name is given back) and ends the sessions it opened; never the last one */
  removePasskey(id: string): { removed: string } | 'last' | 'missing';
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
  /** Records that the owner confirmed with a passkey inside the session at `now` */
  markSessionVerified(tokenHash: string, now: Date): void;
  /** The live sessions, newest first; ended ones are deleted */
  listSessions(limits: Omit<SessionLimits, 'touch'>): StoredSession[];
  /** Ends the session with this id; whether there was one */
  endSessionById(id: string): boolean;
  /** Ends every session but the one with `keepTokenHash`; how many ended */
  endOtherSessions(keepTokenHash: string): number;
  /** Newest first */
  recentSignIns(limit: number): StoredSignIn[];
}

/**
 * How storing a passkey ended, as a value (it crosses the store's thread): stored, refused for
 * its invite (used, expired or unknown), or refused as stored already (enrolled twice)
 */
export type AddPasskeyOutcome = 'added' | 'invite-unusable' | 'duplicate-passkey';
