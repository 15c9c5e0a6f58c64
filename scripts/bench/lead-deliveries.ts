/**
 * The deliveries phase of `npm run bench:leads`: a fresh server whose three configured channels (a
 * local SMTP server, webhook and ntfy receivers) refuse every message carrying the anti-malware
 * test string, as content filters do, and which pushes to one subscribed device through a local
 * push service (which, seeing only ciphertext, filters nothing). It posts BENCH_REFUSED_LEADS
 * (default 10) such requests, then BENCH_GENUINE_LEADS (default 20) genuine ones a quarter of a
 * second apart, and times each genuine one from its acknowledgement to its arrival on each
 * channel (a push once decrypted with the device's keys). The contract: every genuine request
 * reaches every channel within 30 s, and every refused one is tried once on each filtering
 * channel and marked failed.
 */
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { performance } from 'node:perf_hooks';
import { openLeadStore } from '../../src/server/db/store.ts';
import { startPushService } from '../support/push-service.ts';
import { EICAR, startFilteringChannels } from '../support/receivers.ts';
import { envInt, startSiteServer, table, tempDir } from './support.ts';

const refusedCount = envInt('BENCH_REFUSED_LEADS', 10);
const genuineCount = envInt('BENCH_GENUINE_LEADS', 20);
const GENUINE_GAP_MS = 250;
const DELIVERY_GOAL_MS = 30_000;
const POLL_MS = 5;
const CHANNELS = ['email', 'webhook', 'ntfy', 'push'] as const;
/** The channels whose stand-ins refuse the test string */
const FILTERING = ['email', 'webhook', 'ntfy'] as const;
type Latencies = Record<(typeof CHANNELS)[number], number>;

function request(name: string, message: string): URLSearchParams {
  return new URLSearchParams({
    form_source: 'Hero Form',
    name,
    email: 'bench@example.com',
    message,
  });
}

function percentile(sorted: readonly number[], p: number): number {
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0
  );
}

export interface DeliveryFigures {
  refusedLeads: number;
  genuineLeads: number;
  deliveryP50Ms: Latencies;
  deliveryMaxMs: Latencies;
  undeliveredGenuine: number;
  refusedNotFailedOnce: number;
  ok: boolean;
}

export async function benchDeliveries(): Promise<DeliveryFigures> {
  const channels = await startFilteringChannels();
  const { smtp, webhook, ntfy } = channels;
  const pushService = await startPushService();
  // The owner's phone, subscribed before the server starts
  const leadsDb = join(tempDir('deliveries'), 'leads.sqlite');
  const phone = pushService.subscribe('phone');
  const store = openLeadStore(leadsDb);
  store.savePushDevice(
    { endpoint: phone.json.endpoint, ...phone.json.keys, device: 'Safari on iPhone' },
    { mayAdd: true, max: 1, now: new Date() },
  );
  store.close();
  const server = await startSiteServer({ env: channels.env, leadsDb });
  const arrivedOn = {
    email: (name: string) => smtp.received.some((message) => message.includes(`from ${name} (`)),
    webhook: (name: string) => webhook.hits.some((hit) => hit.body.includes(`"name":"${name}"`)),
    ntfy: (name: string) => ntfy.hits.some((hit) => hit.body.includes(`Quote request: ${name}"`)),
    push: (name: string) =>
      pushService.hits.some((hit) => hit.text?.includes(`"title":"New request: ${name}"`)),
  };
  const post = async (body: URLSearchParams) => {
    const response = await fetch(`${server.origin}/api/leads`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body,
    });
    if (response.status !== 200)
      throw new Error(`A quote request was answered ${response.status}: ${await response.text()}`);
    return performance.now();
  };
  const latencies = {
    email: [] as number[],
    webhook: [] as number[],
    ntfy: [] as number[],
    push: [] as number[],
  };
  let undeliveredGenuine = 0;
  try {
    for (let index = 0; index < refusedCount; index++)
      await post(request(`Refused ${index}`, `See the attachment: ${EICAR}`));
    const watches: Promise<void>[] = [];
    for (let index = 0; index < genuineCount; index++) {
      const name = `Genuine ${index}`;
      const acknowledged = await post(
        request(name, 'The oven circuit trips when the element heats up.'),
      );
      watches.push(
        ...CHANNELS.map(async (channel) => {
          while (!arrivedOn[channel](name)) {
            if (performance.now() - acknowledged > DELIVERY_GOAL_MS) {
              undeliveredGenuine++;
              return;
            }
            await new Promise((resolve) => setTimeout(resolve, POLL_MS));
          }
          latencies[channel].push(performance.now() - acknowledged);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, GENUINE_GAP_MS));
    }
    await Promise.all(watches);
  } finally {
    await server.stop();
    await Promise.all([channels.close(), pushService.close()]);
  }
  const db = new DatabaseSync(server.leadsDb, { readOnly: true });
  const refused = db
    .prepare(
      `SELECT deliveries.status AS status, attempts FROM deliveries JOIN leads ON leads.id = lead_id
      WHERE name LIKE 'Refused %' AND channel IN (${FILTERING.map((name) => `'${name}'`).join(', ')})`,
    )
    .all() as Array<{ status: string; attempts: number }>;
  db.close();
  const refusedNotFailedOnce =
    refused.filter((row) => row.status !== 'failed' || row.attempts !== 1).length +
    (refusedCount * FILTERING.length - refused.length);

  for (const list of Object.values(latencies)) list.sort((a, b) => a - b);
  const round = (ms: number) => Number(ms.toFixed(1));
  const figures: DeliveryFigures = {
    refusedLeads: refusedCount,
    genuineLeads: genuineCount,
    deliveryP50Ms: Object.fromEntries(
      CHANNELS.map((channel) => [channel, round(percentile(latencies[channel], 50))]),
    ) as Latencies,
    deliveryMaxMs: Object.fromEntries(
      CHANNELS.map((channel) => [channel, round(latencies[channel].at(-1) ?? 0)]),
    ) as Latencies,
    undeliveredGenuine,
    refusedNotFailedOnce,
    ok: undeliveredGenuine === 0 && refusedNotFailedOnce === 0,
  };

  console.log('');
  console.log(
    `Delivery to the owner after ${refusedCount} requests e-mail, webhook and ntfy refuse for good (push delivers them), then ${genuineCount} genuine ones ${GENUINE_GAP_MS} ms apart`,
  );
  console.log(
    table(
      ['channel', 'delivered', 'p50 ms', 'max ms'],
      CHANNELS.map((channel) => [
        channel,
        `${latencies[channel].length}/${genuineCount}`,
        figures.deliveryP50Ms[channel].toFixed(1),
        figures.deliveryMaxMs[channel].toFixed(1),
      ]),
    ),
  );
  console.log(
    figures.ok
      ? `OK: every genuine request reached every channel within ${DELIVERY_GOAL_MS / 1000} s; each refused one was tried once per filtering channel and marked failed`
      : `FAIL: ${undeliveredGenuine} genuine deliveries missed ${DELIVERY_GOAL_MS / 1000} s; ${refusedNotFailedOnce} refused deliveries not failed after one attempt`,
  );
  return figures;
}
