/**
 * The SQL of the owner's records and of his work on the leads, prepared once per connection
 * (the connection is reopened when the database file is replaced), and how a passkey's row reads.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { StoredPasskey } from './owner-records.ts';
import { LEAD_COLUMNS } from './statements.ts';

const SESSION_COLUMNS = `owner_sessions.id, owner_sessions.passkey_id AS passkeyId, owner_passkeys.name AS passkeyName,
  owner_sessions.device, owner_sessions.created_at AS createdAt, owner_sessions.last_seen_at AS lastSeenAt,
  owner_sessions.verified_at AS verifiedAt`;
const SESSION_JOIN =
  'FROM owner_sessions JOIN owner_passkeys ON owner_passkeys.id = owner_sessions.passkey_id';

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
    followUpsDue: prepare(`SELECT ${LEAD_COLUMNS} FROM leads
      WHERE follow_up <= :day AND status NOT IN ('won', 'lost', 'spam')
      ORDER BY follow_up, id LIMIT :limit`),
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

/** The owner's statements on `db`, prepared on first use */
export function ownerStatementsFor(db: DatabaseSync): OwnerStatements {
  let statements = preparedFor.get(db);
  if (!statements) preparedFor.set(db, (statements = prepareOwnerStatements(db)));
  return statements;
}

export interface PasskeyRow extends Omit<StoredPasskey, 'transports' | 'publicKey'> {
  publicKey: Uint8Array;
  transports: string;
}

export function fromPasskeyRow(row: PasskeyRow): StoredPasskey {
  return {
    ...row,
    publicKey: new Uint8Array(row.publicKey),
    transports: JSON.parse(row.transports) as string[],
  };
}
