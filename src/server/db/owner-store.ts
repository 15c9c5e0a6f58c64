/**
 * The owner's records (owner-records.ts) and his work on the leads, on the lead store's
 * connection, through the statements of owner-statements.ts.
 */
import { randomBytes } from 'node:crypto';
import type { Connection } from './database-file.ts';
import {
  type AddPasskeyOutcome,
  type OwnerRecords,
  type SessionLimits,
  type StoredSession,
  type StoredSignIn,
} from './owner-records.ts';
import { LEAD_STATUSES, type LeadStatus, type LeadStore } from './records.ts';
import { fromPasskeyRow, ownerStatementsFor, type PasskeyRow } from './owner-statements.ts';
import { readLead, type LeadRow } from './statements.ts';
import { inTransaction } from './sqlite.ts';

type OwnersLeadMethods = 'findLeads' | 'followUpsDue' | 'leadTally' | 'updateLead' | 'addLeadNote';

/** Rolls back the transaction of a passkey stored already; never leaves this module */
class DuplicatePasskey extends Error {}

/** How far a stored time may lie ahead of the clock before it is taken for a clock that stepped back */
const CLOCK_TOLERANCE_MS = 5 * 60_000;

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
    return { db, statements, owner: ownerStatementsFor(db) };
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
          if (Number(added.changes) !== 1) throw new DuplicatePasskey();
          return 'added';
        });
      } catch (error) {
        if (error instanceof DuplicatePasskey) return 'duplicate-passkey';
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
    followUpsDue(day, limit) {
      const { db, statements, owner } = open();
      db.exec('BEGIN');
      try {
        const rows = owner.followUpsDue.all({ day, limit }) as unknown as LeadRow[];
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
