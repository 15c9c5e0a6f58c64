/**
 * Crash safety of the quote store: a stream of valid submissions from several clients at once,
 * the server killed with SIGKILL in the middle of it, restarted on the same LEADS_DB, several
 * times over. Every submission the client saw acknowledged (200 {"ok":true,"id":…}) must be
 * stored under that id with what was sent; a submission cut off by the kill may or may not be
 * stored, but only once and only as sent; the database must pass SQLite's integrity check.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { validateLead } from '../../src/lib/validation.ts';
import {
  makeTempDir,
  requireBuild,
  send,
  startServer,
  type RunningServer,
} from '../support/server.ts';

requireBuild();

const ROUNDS = 3;
const CLIENTS = 6;
/** Acknowledgements to wait for before each kill: somewhere in this range */
const KILL_AFTER = [40, 120] as const;
/** Bounds each round even if the server stopped answering */
const MAX_SUBMISSIONS_PER_ROUND = 2000;

type Fields = Record<string, string>;

interface Submission {
  token: string;
  fields: Fields;
  round: number;
  outcome: 'pending' | 'acknowledged' | 'failed' | 'refused';
  id?: number;
}

function leadFields(token: string, index: number): Fields {
  if (index % 3 === 0) {
    return {
      form_source: 'Hero Form',
      name: `Hine ${index}`,
      email: `hine.${token.toLowerCase()}@example.co.nz`,
      message: `${token} Heated towel rail in the ensuite, please.`,
    };
  }
  return {
    form_source: 'Quote Form',
    name: `Tama Ngata ${index}`,
    email: `tama.${token.toLowerCase()}@example.co.nz`,
    phone: `021 555 ${String(index % 10_000).padStart(4, '0')}`,
    address: `${index} Picton Street, Howick`,
    service: 'Electrical Repairs',
    message: `${token} The kitchen power points trip the RCD.\nSometimes twice a day.`,
  };
}

interface StoredRow {
  id: number;
  fields: Fields;
}

function readRows(path: string): { rows: StoredRow[]; integrity: string } {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const integrity = String(
      (db.prepare('PRAGMA integrity_check').get() as Record<string, unknown>)['integrity_check'],
    );
    const raw = db
      .prepare(
        'SELECT id, form_source, name, email, phone, address, service, message FROM leads ORDER BY id',
      )
      .all() as Array<Record<string, string | number | null>>;
    const rows = raw.map((row) => {
      const fields: Fields = {};
      for (const [name, value] of Object.entries(row))
        if (name !== 'id' && value !== null) fields[name] = String(value);
      return { id: Number(row['id']), fields };
    });
    return { rows, integrity };
  } finally {
    db.close();
  }
}

/** Every problem with the stored rows, given what the clients sent and saw */
function storeProblems(
  rows: readonly StoredRow[],
  submissions: ReadonlyMap<string, Submission>,
): string[] {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  for (const { id, fields } of rows) {
    const invalid = validateLead(fields);
    if (invalid.length > 0)
      problems.push(`row ${id} fails validateLead: ${JSON.stringify(invalid)}`);
    const token = /^(C\d+R\d+) /.exec(fields['message'] ?? '')?.[1];
    const sent = token ? submissions.get(token) : undefined;
    if (!token || !sent) {
      problems.push(`row ${id} matches no submission: ${JSON.stringify(fields)}`);
      continue;
    }
    if (seen.has(token)) problems.push(`${token} stored twice (rows ${seen.get(token)} and ${id})`);
    seen.set(token, id);
    if (sent.outcome === 'refused') problems.push(`${token} was refused but stored as row ${id}`);
    if (sent.outcome === 'acknowledged' && sent.id !== id)
      problems.push(`${token} acknowledged as id ${sent.id}, stored as ${id}`);
    if (JSON.stringify(fields) !== JSON.stringify(sent.fields))
      problems.push(
        `${token} stored as ${JSON.stringify(fields)}, sent ${JSON.stringify(sent.fields)}`,
      );
  }
  for (const submission of submissions.values()) {
    if (submission.outcome === 'acknowledged' && !seen.has(submission.token)) {
      problems.push(
        `${submission.token} (round ${submission.round}) was acknowledged as id ${submission.id} but is not stored`,
      );
    }
  }
  return problems;
}

describe('crash safety', () => {
  it(`every acknowledged submission survives ${ROUNDS} SIGKILLs in the middle of a stream of submissions`, async () => {
    const leadsDb = join(makeTempDir('crash'), 'leads.sqlite');
    const submissions = new Map<string, Submission>();
    const perRound: string[] = [];
    let counter = 0;

    for (let round = 1; round <= ROUNDS; round++) {
      const server: RunningServer = await startServer({ leadsDb });
      try {
        // What the previous rounds acknowledged is there after the restart
        const { rows, integrity } = readRows(leadsDb);
        expect(integrity, `integrity after restart ${round}`).toBe('ok');
        expect(storeProblems(rows, submissions), `after restart ${round}`).toEqual([]);

        const killAfter =
          KILL_AFTER[0] + Math.floor(Math.random() * (KILL_AFTER[1] - KILL_AFTER[0]));
        let acknowledged = 0;
        let sent = 0;
        let killed = false;
        let inFlightAtKill = 0;
        let inFlight = 0;
        const client = async () => {
          while (!killed && sent < MAX_SUBMISSIONS_PER_ROUND) {
            const token = `C${++counter}R${round}`;
            const submission: Submission = {
              token,
              fields: leadFields(token, counter),
              round,
              outcome: 'pending',
            };
            submissions.set(token, submission);
            sent++;
            inFlight++;
            try {
              const answer = await send(server, {
                method: 'POST',
                path: '/api/leads',
                headers: {
                  'Content-Type': 'application/x-www-form-urlencoded',
                  Accept: 'application/json',
                },
                body: new URLSearchParams(submission.fields).toString(),
              });
              const reply =
                answer.status === 200
                  ? (JSON.parse(answer.text()) as { ok?: boolean; id?: number })
                  : {};
              if (reply.ok === true && Number.isInteger(reply.id) && reply.id! > 0) {
                submission.outcome = 'acknowledged';
                submission.id = reply.id!;
                if (++acknowledged === killAfter && !killed) {
                  killed = true;
                  inFlightAtKill = inFlight - 1;
                  server.child.kill('SIGKILL');
                }
              } else {
                submission.outcome = 'refused';
              }
            } catch {
              // Cut off by the kill: the client cannot know whether it was stored
              submission.outcome = 'failed';
              if (!killed) throw new Error(`${token} failed before the kill:\n${server.output()}`);
            } finally {
              inFlight--;
            }
          }
        };
        await Promise.all(Array.from({ length: CLIENTS }, client));
        const exit = await server.exited;
        expect(exit.signal, `round ${round}: the server was killed`).toBe('SIGKILL');
        const cut = [...submissions.values()].filter(
          (submission) => submission.round === round && submission.outcome === 'failed',
        ).length;
        perRound.push(
          `round ${round}: ${sent} sent, ${acknowledged} acknowledged, killed with ${inFlightAtKill} in flight (${cut} cut off)`,
        );
        expect(
          [...submissions.values()].filter((submission) => submission.outcome === 'refused'),
        ).toEqual([]);
      } finally {
        await server.kill();
      }
    }

    // A last start: the store opens, takes new submissions, and holds everything acknowledged
    const server = await startServer({ leadsDb });
    try {
      const token = `C${++counter}R${ROUNDS + 1}`;
      const submission: Submission = {
        token,
        fields: leadFields(token, counter),
        round: ROUNDS + 1,
        outcome: 'pending',
      };
      submissions.set(token, submission);
      const answer = await send(server, {
        method: 'POST',
        path: '/api/leads',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: new URLSearchParams(submission.fields).toString(),
      });
      expect(answer.status).toBe(200);
      const reply = JSON.parse(answer.text()) as { ok: boolean; id: number };
      Object.assign(submission, { outcome: 'acknowledged', id: reply.id });
      const earlierIds = [...submissions.values()]
        .filter((other) => other.outcome === 'acknowledged' && other !== submission)
        .map((other) => other.id!);
      expect(reply.id, 'a new id after every acknowledged one').toBeGreaterThan(
        Math.max(...earlierIds),
      );
      expect((await server.stop()).code).toBe(0);
    } finally {
      await server.kill();
    }

    const { rows, integrity } = readRows(leadsDb);
    expect(integrity).toBe('ok');
    expect(storeProblems(rows, submissions)).toEqual([]);
    const acknowledged = [...submissions.values()].filter(
      (submission) => submission.outcome === 'acknowledged',
    );
    const cutOff = [...submissions.values()].filter(
      (submission) => submission.outcome === 'failed',
    );
    const cutOffStored = cutOff.filter((submission) =>
      rows.some((row) => row.fields['message']?.startsWith(`${submission.token} `)),
    ).length;
    console.log(
      `crash-safety: ${perRound.join('; ')}; in all ${acknowledged.length} acknowledged, all ${acknowledged.length} found stored; ` +
        `${cutOff.length} cut off by a kill, ${cutOffStored} of them stored; ${rows.length} rows`,
    );
    expect(acknowledged.length).toBeGreaterThanOrEqual(ROUNDS * KILL_AFTER[0]);
  });
});
