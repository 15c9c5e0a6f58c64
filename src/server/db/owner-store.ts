/**
 * The owner's records (owner-records.ts) and his work on the leads, on the lead store's
 * connection: the statements are prepared once per connection, which is reopened when the
 * database file is replaced.
 */
import { randomBytes } from 'node:crypto';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Connection } from './database-file.ts';
import {
  type AddPasskeyOutcome,
  type OwnerRecords,
  type SessionLimits,
  type StoredPasskey,
  type StoredSession,
  type StoredSignIn,
} from './owner-records.ts';
import { LEAD_STATUSES, type LeadStatus, type LeadStore } from './records.ts';
import { LEAD_COLUMNS, readLead, type LeadRow } from './statements.ts';
import { inTransaction } from './sqlite.ts';

type OwnersLeadMethods = 'findLeads' | 'leadTally' | 'updateLead' | 'addLeadNote';

/** Rolls back the transaction of a passkey stored already; never leaves this module */
const DUPLICATE_PASSKEY = Symbol('duplicate passkey');

/** How far a stored time may lie ahead of the clock before it is taken for a clock that stepped back */
const CLOCK_TOLERANCE_MS = 5 * 60_000;

const SESSION_COLUMNS = `owner_sessions.id, owner_sessions.passkey_id AS passkeyId, owner_passkeys.name AS passkeyName,
  owner_sessions.device, owner_sessions.created_at AS createdAt, owner_sessions.last_seen_at AS lastSeenAt,
  owner_sessions.verified_at AS verifiedAt`;
const SESSION_JOIN =
  'FROM owner_sessions JOIN owner_passkeys ON owner_passkeys.id = owner_sessions.passkey_id';

/** Whether a session has ended at `now`: idle, too old, or dated in the future by a clock that stepped back */
function hasEnded(
  session: StoredSession,
  { now, idleMs, absoluteMs }: Omit<SessionLimits, 'touch'>,
): boolean {
  const at = now.getTime();
  const created = Date.parse(session.createdAt);
  const lastSeen = Date.parse(session.lastSeenAt);
  return (
    at - lastSeen > idleMs ||
    at - created > absoluteMs ||
    created > at + CLOCK_TOLERANCE_MS ||
    lastSeen > at + CLOCK_TOLERANCE_MS
  );
}

function prepareOwnerStatements(db: DatabaseSync) {
  const prepare = (sql: string): StatementSync => db.prepare(sql);
  return {
    userId: prepare('SELECT user_id AS userId FROM owner_account WHERE id = 1'),
    insertUserId: prepare(
      'INSERT INTO owner_account (id, user_id) VALUES (1, ?) ON CONFLICT (id) DO NOTHING',
    ),
    passkeys:
      prepare(`SELECT id, public_key AS publicKey, counter, transports, name, created_at AS createdAt,
      last_used_at AS lastUsedAt FROM owner_passkeys ORDER BY created_at, id`),
    passkey:
      prepare(`SELECT id, public_key AS publicKey, counter, transports, name, created_at AS createdAt,
      last_used_at AS lastUsedAt FROM owner_passkeys WHERE id = ?`),
    insertPasskey:
      prepare(`INSERT INTO owner_passkeys (id, public_key, counter, transports, name, created_at)
      VALUES (:id, :publicKey, :counter, :transports, :name, :now) ON CONFLICT (id) DO NOTHING`),
    renamePasskey: prepare('UPDATE owner_passkeys SET name = ? WHERE id = ?'),
    countPasskeys: prepare('SELECT COUNT(*) AS count FROM owner_passkeys'),
    deletePasskey: prepare('DELETE FROM owner_passkeys WHERE id = ?'),
    endSessionsOf: prepare('DELETE FROM owner_sessions WHERE passkey_id = ?'),
    usePasskey: prepare(
      'UPDATE owner_passkeys SET counter = :counter, last_used_at = :now WHERE id = :id',
    ),
    insertInvite: prepare(
      'INSERT INTO owner_invites (token_hash, created_at, expires_at) VALUES (?, ?, ?)',
    ),
    usableInvite: prepare(`SELECT 1 AS usable FROM owner_invites
      WHERE token_hash = :tokenHash AND used_at IS NULL AND expires_at > :now AND created_at <= :latest`),
    useInvite: prepare(`UPDATE owner_invites SET used_at = :now
      WHERE token_hash = :tokenHash AND used_at IS NULL AND expires_at > :now AND created_at <= :latest`),
    insertSession:
      prepare(`INSERT INTO owner_sessions (token_hash, id, passkey_id, device, created_at, last_seen_at)
      VALUES (:tokenHash, :id, :passkeyId, :device, :now, :now)`),
    insertSignIn: prepare('INSERT INTO owner_sign_ins (at, passkey_name, device) VALUES (?, ?, ?)'),
    session: prepare(
      `SELECT ${SESSION_COLUMNS} ${SESSION_JOIN} WHERE owner_sessions.token_hash = ?`,
    ),
    sessions:
      prepare(`SELECT owner_sessions.token_hash AS tokenHash, ${SESSION_COLUMNS} ${SESSION_JOIN}
      ORDER BY owner_sessions.created_at DESC, owner_sessions.id`),
    touchSession: prepare('UPDATE owner_sessions SET last_seen_at = ? WHERE token_hash = ?'),
    verifySession: prepare('UPDATE owner_sessions SET verified_at = ? WHERE token_hash = ?'),
    endSession: prepare('DELETE FROM owner_sessions WHERE token_hash = ?'),
    endSessionById: prepare('DELETE FROM owner_sessions WHERE id = ?'),
    endOtherSessions: prepare('DELETE FROM owner_sessions WHERE token_hash <> ?'),
    signIns: prepare(
      'SELECT at, device, passkey_name AS passkeyName FROM owner_sign_ins ORDER BY id DESC LIMIT ?',
    ),
    findLeads: prepare(`SELECT ${LEAD_COLUMNS} FROM leads
      WHERE (:status IS NULL OR status = :status)
        AND (:text IS NULL OR name LIKE :text ESCAPE '\\' OR email LIKE :text ESCAPE '\\' OR address LIKE :text ESCAPE '\\'
          OR (:digits IS NOT NULL AND replace(replace(replace(replace(phone, ' ', ''), '-', ''), '(', ''), ')', '') LIKE :digits))
      ORDER BY id DESC LIMIT :limit`),
    tally: prepare(
      'SELECT status, COUNT(*) AS count, SUM(read_at IS NULL) AS unread FROM leads GROUP BY status',
    ),
    updateLead: prepare(`UPDATE leads SET
        status = CASE WHEN :setStatus THEN :status ELSE status END,
        follow_up = CASE WHEN :setFollowUp THEN :followUp ELSE follow_up END,
        read_at = COALESCE(read_at, :readAt)
      WHERE id = :id`),
    insertNote: prepare(
      `INSERT INTO lead_notes (lead_id, at, text) SELECT id, :now, :text FROM leads WHERE id = :id`,
    ),
  };
}

type OwnerStatements = ReturnType<typeof prepareOwnerStatements>;
const preparedFor = new WeakMap<DatabaseSync, OwnerStatements>();

interface PasskeyRow extends Omit<StoredPasskey, 'transports' | 'publicKey'> {
  publicKey: Uint8Array;
  transports: string;
}

function fromPasskeyRow(row: PasskeyRow): StoredPasskey {
  return {
    ...row,
    publicKey: new Uint8Array(row.publicKey),
    transports: JSON.parse(row.transports) as string[],
  };
}

/** `text` as a LIKE pattern that matches it anywhere, its own % and _ taken literally */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The owner's sign-in records, and his work on the leads (the lead store's methods for it) */
export function ownerRecords(
  connection: () => Connection,
): OwnerRecords & Pick<LeadStore, OwnersLeadMethods> {
  function open() {
    const { db, statements } = connection();
    let owner = preparedFor.get(db);
    if (!owner) preparedFor.set(db, (owner = prepareOwnerStatements(db)));
    return { db, statements, owner };
  }

  return {
    ownerUserId() {
      const { owner } = open();
      owner.insertUserId.run(randomBytes(32).toString('base64url'));
      return (owner.userId.get() as { userId: string }).userId;
    },
    listPasskeys() {
      return (open().owner.passkeys.all() as unknown as PasskeyRow[]).map(fromPasskeyRow);
    },
    getPasskey(id) {
      const row = open().owner.passkey.get(id) as PasskeyRow | undefined;
      return row && fromPasskeyRow(row);
    },
    addPasskey(passkey, { now, inviteHash }) {
      const { db, owner } = open();
      try {
        return inTransaction(db, (): AddPasskeyOutcome => {
          if (inviteHash !== undefined) {
            const latest = new Date(now.getTime() + CLOCK_TOLERANCE_MS).toISOString();
            if (
              Number(
                owner.useInvite.run({ tokenHash: inviteHash, now: now.toISOString(), latest })
                  .changes,
              ) !== 1
            ) {
              return 'invite-unusable';
            }
          }
          const added = owner.insertPasskey.run({
            id: passkey.id,
            publicKey: passkey.publicKey,
            counter: passkey.counter,
            transports: JSON.stringify(passkey.transports),
            name: passkey.name,
            now: now.toISOString(),
          });
          // Thrown to roll back: an invite used for a passkey that already exists stays unused
          if (Number(added.changes) !== 1) throw DUPLICATE_PASSKEY;
          return 'added';
        });
      } catch (error) {
        if (error === DUPLICATE_PASSKEY) return 'duplicate-passkey';
        throw error;
      }
    },
    renamePasskey(id, name) {
      return Number(open().owner.renamePasskey.run(name, id).changes) === 1;
    },
    removePasskey(id) {
      const { db, owner } = open();
      return inTransaction(db, () => {
        const passkey = owner.passkey.get(id) as PasskeyRow | undefined;
        if (!passkey) return 'missing';
        if (Number((owner.countPasskeys.get() as { count: number }).count) <= 1) return 'last';
        owner.endSessionsOf.run(id);
        owner.deletePasskey.run(id);
        return { removed: passkey.name };
      });
    },
    usePasskey(id, counter, now) {
      open().owner.usePasskey.run({ id, counter, now: now.toISOString() });
    },
    createInvite(tokenHash, { now, expiresAt }) {
      open().owner.insertInvite.run(tokenHash, now.toISOString(), expiresAt.toISOString());
    },
    isInviteUsable(tokenHash, now) {
      const latest = new Date(now.getTime() + CLOCK_TOLERANCE_MS).toISOString();
      return (
        open().owner.usableInvite.get({ tokenHash, now: now.toISOString(), latest }) !== undefined
      );
    },
    createSession({ tokenHash, passkeyId, device, now }) {
      const { db, owner } = open();
      inTransaction(db, () => {
        const passkey = owner.passkey.get(passkeyId) as PasskeyRow | undefined;
        if (!passkey) throw new Error('No such passkey');
        owner.insertSession.run({
          tokenHash,
          id: randomBytes(16).toString('base64url'),
          passkeyId,
          device,
          now: now.toISOString(),
        });
        owner.insertSignIn.run(now.toISOString(), passkey.name, device);
      });
    },
    findSession(tokenHash, limits) {
      const { owner } = open();
      const session = owner.session.get(tokenHash) as StoredSession | undefined;
      if (!session) return undefined;
      if (hasEnded(session, limits)) {
        owner.endSession.run(tokenHash);
        return undefined;
      }
      if (limits.touch) {
        owner.touchSession.run(limits.now.toISOString(), tokenHash);
        return { ...session, lastSeenAt: limits.now.toISOString() };
      }
      return session;
    },
    endSession(tokenHash) {
      open().owner.endSession.run(tokenHash);
    },
    markSessionVerified(tokenHash, now) {
      open().owner.verifySession.run(now.toISOString(), tokenHash);
    },
    listSessions(limits) {
      const { owner } = open();
      const rows = owner.sessions.all() as unknown as Array<StoredSession & { tokenHash: string }>;
      return rows.flatMap(({ tokenHash, ...session }) => {
        if (!hasEnded(session, limits)) return [session];
        owner.endSession.run(tokenHash);
        return [];
      });
    },
    endSessionById(id) {
      return Number(open().owner.endSessionById.run(id).changes) === 1;
    },
    endOtherSessions(keepTokenHash) {
      return Number(open().owner.endOtherSessions.run(keepTokenHash).changes);
    },
    recentSignIns(limit) {
      return open().owner.signIns.all(limit) as unknown as StoredSignIn[];
    },
    findLeads({ status, text, limit }) {
      const { db, statements, owner } = open();
      const trimmed = text?.trim() || null;
      const digits = trimmed?.replace(/\D/g, '') ?? '';
      // One snapshot, so a lead is not shown without its deliveries
      db.exec('BEGIN');
      try {
        const rows = owner.findLeads.all({
          status: status ?? null,
          text: trimmed && containing(trimmed),
          digits: digits.length >= 3 ? `%${digits}%` : null,
          limit,
        }) as unknown as LeadRow[];
        return rows.map((row) => readLead(statements, row));
      } finally {
        db.exec('COMMIT');
      }
    },
    leadTally() {
      const rows = open().owner.tally.all() as Array<{
        status: LeadStatus;
        count: number;
        unread: number;
      }>;
      const counts = Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as Record<
        LeadStatus,
        number
      >;
      let unread = 0;
      for (const row of rows) {
        if (row.status in counts) counts[row.status] = Number(row.count);
        unread += Number(row.unread);
      }
      return { counts, unread };
    },
    updateLead(id, { status, followUp, readAt }) {
      const result = open().owner.updateLead.run({
        id,
        setStatus: status === undefined ? 0 : 1,
        status: status ?? null,
        setFollowUp: followUp === undefined ? 0 : 1,
        followUp: followUp ?? null,
        readAt: readAt?.toISOString() ?? null,
      });
      return Number(result.changes) === 1;
    },
    addLeadNote(id, text, now) {
      return (
        Number(open().owner.insertNote.run({ id, text, now: now.toISOString() }).changes) === 1
      );
    },
  };
}
