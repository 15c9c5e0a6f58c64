/**
 * The owner's notifications from the running server, against local stand-ins for his mail relay,
 * webhook and push service: a lead one channel refuses for good costs that lead alone, and the
 * owner is told about it on the others; messages the relay stalls on delay no other lead.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it, vi } from 'vitest';
import { ACKNOWLEDGEMENT } from '../../src/server/db/records.ts';
import { openLeadStore } from '../../src/server/db/store.ts';
import { OUTBOX_CONCURRENCY, SLOW_ATTEMPT_MS } from '../../src/server/notify/retry-policy.ts';
import { quoteFormFields, sampleLead } from '../support/leads.ts';
import {
  carriesEicar,
  EICAR,
  startFilteringChannels,
  startReceiver,
  startSmtp,
} from '../support/script-helpers.ts';
import { distDir } from '../support/build.ts';
import { FORM } from '../support/form-bodies.ts';
import {
  makeTempDir,
  repoRoot,
  requireBuild,
  send,
  startServer,
  type RunningServer,
} from '../support/server.ts';

requireBuild();

/** A visitor's quote request, as the form posts it */
function postQuoteRequest(server: RunningServer, name: string, message: string) {
  const body = new URLSearchParams(quoteFormFields({ name, message })).toString();
  return send(server, {
    method: 'POST',
    path: '/api/leads',
    headers: { 'Content-Type': FORM, Accept: 'application/json' },
    body,
  });
}

describe('a lead that one channel refuses for good', () => {
  it('costs only that lead: after ten refused, a genuine lead reaches the owner on every channel within 30 s, and he is told', async () => {
    const channels = await startFilteringChannels();
    const { smtp, webhook, ntfy } = channels;
    const server = await startServer({ env: channels.env });
    const post = (name: string, message: string) => postQuoteRequest(server, name, message);
    try {
      for (let index = 0; index < 10; index++)
        expect((await post(`Refused ${index}`, `Attached: ${EICAR}`)).status).toBe(200);
      const posted = Date.now();
      const genuine = await post('Genuine Visitor', 'The hot water cylinder element has gone.');
      expect(genuine.status).toBe(200);

      const arrived = {
        email: () =>
          smtp.received.some(
            (message) =>
              message.includes('Genuine Visitor') && message.includes('hot water cylinder'),
          ),
        webhook: () => webhook.hits.some((hit) => hit.body.includes('"name":"Genuine Visitor"')),
        ntfy: () => ntfy.hits.some((hit) => hit.body.includes('Quote request: Genuine Visitor')),
      };
      await vi.waitFor(
        () => expect(Object.values(arrived).map((seen) => seen())).toEqual([true, true, true]),
        {
          timeout: 30_000,
          interval: 100,
        },
      );
      const tookMs = Date.now() - posted;
      expect(tookMs).toBeLessThan(30_000);

      // Each refused lead tried once per channel and failed with the receiver's reason (a refusal may
      // still be on its way back while the genuine lead is already through); the customer's
      // acknowledgement is not the owner's
      const refusedDeliveries = () => {
        const db = new DatabaseSync(server.leadsDb, { readOnly: true });
        try {
          return db
            .prepare(
              `SELECT channel, deliveries.status AS status, attempts, last_error AS lastError FROM deliveries JOIN leads ON leads.id = lead_id WHERE name LIKE 'Refused %' AND channel <> ?`,
            )
            .all(ACKNOWLEDGEMENT) as Array<{
            channel: string;
            status: string;
            attempts: number;
            lastError: string;
          }>;
        } finally {
          db.close();
        }
      };
      await vi.waitFor(
        () =>
          expect(
            refusedDeliveries().filter((delivery) => delivery.status === 'failed'),
          ).toHaveLength(30),
        // Thirty refusals to record, each after its own exchange: a busy machine takes its time
        { timeout: 30_000 },
      );
      const refused = refusedDeliveries();
      for (const delivery of refused)
        expect(delivery).toMatchObject({ status: 'failed', attempts: 1 });
      expect(
        refused
          .filter((delivery) => delivery.channel === 'email')
          .every((delivery) => delivery.lastError.includes('550 5.7.1')),
      ).toBe(true);

      // The owner is told of each refused lead, without the text the filter refused
      await vi.waitFor(
        () =>
          expect(
            smtp.received.filter((message) => /^Subject: Request \d+ from Refused/m.test(message)),
          ).toHaveLength(10),
        { timeout: 30_000 },
      );
      expect(smtp.received.filter(carriesEicar)).toEqual([]);

      const health = await send(server, { path: '/api/health' });
      expect(health.status).toBe(503);
      expect(JSON.parse(health.text())).toMatchObject({
        ok: false,
        unreachedLeads: 10,
        deliveries: { email: { failed: 10 }, webhook: { failed: 10 }, ntfy: { failed: 10 } },
      });
      console.log(`The genuine lead reached every channel ${tookMs} ms after it was posted`);
    } finally {
      await server.stop();
      await channels.close();
    }
  }, 120_000);
});

describe('messages the mail relay stalls on (it holds its answer after the final dot)', () => {
  it('hold no place once slow: with more stalled at the relay than are sent at once, a genuine lead is e-mailed within 5 s', async () => {
    // One more than the lane sends at once: the last is sent only once the first have given up their places
    const stalledCount = OUTBOX_CONCURRENCY + 1;
    const smtp = await startSmtp({
      answer: (message) => (message.includes('Stalled Visitor') ? 'stall' : 'accept'),
    });
    const server = await startServer({
      env: { SMTP_URL: smtp.url, LEADS_NOTIFY_TO: 'owner@example.com', LEADS_RATE_LIMIT: '0' },
    });
    const post = (name: string, message: string) => postQuoteRequest(server, name, message);
    try {
      for (let index = 0; index < stalledCount; index++)
        expect((await post(`Stalled Visitor ${index}`, 'The relay holds this one.')).status).toBe(
          200,
        );
      // Each gives its place up once slow (SLOW_ATTEMPT_MS): all are with the relay in about 10 s
      await vi.waitFor(() => expect(smtp.stalled()).toBe(stalledCount), {
        timeout: SLOW_ATTEMPT_MS * 3,
        interval: 200,
      });
      const posted = Date.now();
      expect((await post('Genuine Visitor', 'The oven will not heat.')).status).toBe(200);
      await vi.waitFor(
        () =>
          expect(smtp.received.some((message) => message.includes('Genuine Visitor'))).toBe(true),
        { timeout: 5000, interval: 100 },
      );
      const tookMs = Date.now() - posted;
      expect(tookMs).toBeLessThan(5000);
      expect(smtp.received.filter((message) => message.includes('Stalled Visitor'))).toEqual([]);
      console.log(
        `With ${stalledCount} messages stalled at the relay, the genuine lead was e-mailed in ${tookMs} ms`,
      );
    } finally {
      await server.stop();
      await smtp.close();
    }
  }, 90_000);
});

describe('a second server started by mistake on a port already taken', () => {
  it('exits 1 without claiming or sending any delivery', async () => {
    const leadsDb = join(makeTempDir('second-server'), 'leads.sqlite');
    const store = openLeadStore(leadsDb);
    const id = store.insertLead(sampleLead(), { channels: ['ntfy'] });
    store.close();
    const ntfy = await startReceiver();
    const taken = createServer().listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const { port } = taken.address() as { port: number };
    try {
      const child = spawn(process.execPath, ['src/server/main.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          DIST_DIR: distDir,
          LEADS_DB: leadsDb,
          PORT: String(port),
          HOST: '127.0.0.1',
          LEADS_NTFY_URL: `${ntfy.origin}/harbour-leads`,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(1);
      expect(output).toContain('EADDRINUSE');
      expect(ntfy.hits).toEqual([]);
      const reader = openLeadStore(leadsDb);
      expect(reader.getLead(id)?.deliveries).toMatchObject([
        { channel: 'ntfy', status: 'pending', attempts: 0 },
      ]);
      reader.close();
    } finally {
      taken.close();
      await ntfy.close();
    }
  });
});
