/**
 * The quote-request service of one server process, built from the environment: the store in
 * its own thread (LEADS_DB), the outbox with its channels (SMTP_URL + LEADS_NOTIFY_TO,
 * LEADS_WEBHOOK_URL, LEADS_NTFY_URL) and the rate limit (LEADS_RATE_LIMIT, TRUST_PROXY).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { siteOrigin } from '../lib/site-url.ts';
import { createThrottledLog } from './support/log.ts';
import { openStoreThread, type AsyncLeadStore } from './db/async-store.ts';
import { smtpChannel } from './notify/channels/email.ts';
import { ntfyChannel } from './notify/channels/ntfy.ts';
import { webhookChannel } from './notify/channels/webhook.ts';
import type { PageReader } from './leads/form-page.ts';
import { handleLeadRequest } from './leads/handler.ts';
import { checkHealth, type HealthReport } from './notify/health.ts';
import type { Channel } from './notify/channel.ts';
import { createOutbox, type RetryPolicy } from './notify/outbox.ts';
import { createRateLimiter, rateLimitFromEnv, rateLimitKey } from './support/rate-limit.ts';
import { DEFAULT_LEADS_DB } from './db/store.ts';
import { startUndeliveredAlerts, type UndeliveredAlerts } from './notify/undelivered-alerts.ts';
import type { SiteFacts } from './http/site-server.ts';
import { createCounter, type Counter } from './stats/counter.ts';
import { handleEvent } from './stats/events.ts';
import { startWeeklySummaries } from './stats/weekly.ts';

type Env = Record<string, string | undefined>;
const HEALTH_REUSE_MS = 10_000;
const EVENTS_PER_MINUTE = 30;
type Log = (message: string, error?: unknown) => void;

export interface LeadService {
  /**
   * Answers one request to /api/leads from the client at `socketAddress`; `readPage` gives the
   * built pages, so a native post with a mistake gets its form back filled in
   */
  respond(request: Request, socketAddress: string, readPage?: PageReader): Promise<Response>;
  /** The anonymous page and tap counts for the owner's report */
  readonly counter: Counter;
  /** Answers one request to /api/events (a tap on a phone or e-mail link) */
  recordEvent(req: IncomingMessage, res: ServerResponse, site: SiteFacts): Promise<void>;
  /** Settles once the database has been opened (or has failed to open, which is logged) */
  readonly ready: Promise<void>;
  /**
   * Starts delivering to the owner (what is due from before a restart goes out now), the notices
   * of undelivered leads and the weekly summaries; a server calls it once it is listening
   */
  start(): void;
  /** The store's and the deliveries' state for GET /api/health (checked at most every 10 s) */
  health(built: string | null): Promise<HealthReport>;
  /** Stops the outbox and closes the store, checkpointing its WAL into the database file */
  close(): Promise<void>;
}

/** An http(s) URL without credentials (they would end up in logs; secrets have their own settings) */
function httpUrl(name: string, value: string): string {
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an https:// address`);
  if (url.username || url.password) throw new Error(`${name} must not hold a user name or password`);
  return url.href;
}

/**
 * The channels the environment configures, each on its own: a setting that cannot be used is
 * logged and that channel left out, and leads are still stored and sent on the others.
 */
export function channelsFromEnv(env: Env, log: Log = console.error): Channel[] {
  const setting = (name: string) => env[name]?.trim() || undefined;
  const candidates: Array<[string, () => Channel | undefined]> = [
    [
      'SMTP_URL',
      () => {
        const smtpUrl = setting('SMTP_URL');
        const to = setting('LEADS_NOTIFY_TO');
        if (!smtpUrl && !to) return undefined;
        if (!smtpUrl || !to) throw new Error('e-mail needs both SMTP_URL and LEADS_NOTIFY_TO');
        return smtpChannel({ smtpUrl, to, from: setting('LEADS_NOTIFY_FROM') ?? to });
      },
    ],
    [
      'LEADS_WEBHOOK_URL',
      () => {
        const url = setting('LEADS_WEBHOOK_URL');
        return url ? webhookChannel({ url: httpUrl('LEADS_WEBHOOK_URL', url), secret: setting('LEADS_WEBHOOK_SECRET') }) : undefined;
      },
    ],
    [
      'LEADS_NTFY_URL',
      () => {
        const url = setting('LEADS_NTFY_URL');
        return url ? ntfyChannel({ url: httpUrl('LEADS_NTFY_URL', url), token: setting('LEADS_NTFY_TOKEN') }) : undefined;
      },
    ],
  ];
  return candidates.flatMap(([name, make]) => {
    try {
      const channel = make();
      return channel ? [channel] : [];
    } catch (error) {
      log(`${name} could not be used; leads are stored without that notification`, error);
      return [];
    }
  });
}

/**
 * The address the rate limit counts by. Behind a reverse proxy every request comes from the
 * proxy, so with TRUST_PROXY=1 the address the proxy puts last in X-Forwarded-For is used
 * (the example proxy config replaces the header with the client's address). Without it the
 * header is ignored, since any client could write it.
 */
export function rateLimitAddress(forwardedFor: string | null | undefined, socketAddress: string, env: Env = process.env): string {
  if (env['TRUST_PROXY'] !== '1') return socketAddress;
  const forwarded = forwardedFor?.split(',').at(-1)?.trim();
  return forwarded || socketAddress;
}

export interface LeadServiceParts {
  store?: AsyncLeadStore;
  channels?: readonly Channel[];
  retry?: RetryPolicy;
  log?: Log;
}

export function createLeadService(env: Env = process.env, parts: LeadServiceParts = {}): LeadService {
  const log = parts.log ?? createThrottledLog();
  const store = parts.store ?? openStoreThread(resolve(env['LEADS_DB'] || DEFAULT_LEADS_DB));
  // Opened now, so that a problem shows in the log at start rather than at the first lead
  const ready = store.countLeads().then(
    () => undefined,
    (error: unknown) => log(`The quote-request database ${store.path} cannot be used yet; each post retries it`, error),
  );
  const channels = parts.channels ?? channelsFromEnv(env, log);
  if (channels.length === 0) {
    log('No notification channel is set up: quote requests are stored, but nobody is told (see README, "Running it")');
  } else if (!parts.channels) {
    console.log(`Quote requests are sent by: ${channels.map((channel) => channel.name).join(', ')}`);
  }
  let alerts: UndeliveredAlerts | undefined;
  const outbox = createOutbox({
    store,
    channels,
    log,
    onGivenUp: () => void alerts?.check(),
    ...(parts.retry ? { retry: parts.retry } : {}),
  });
  const counter = createCounter({ store, log });
  let weekly: ReturnType<typeof startWeeklySummaries> | undefined;
  // Taps are cheap and a visitor may tap several links; the limit only stops floods
  const eventLimiter = createRateLimiter({ limit: EVENTS_PER_MINUTE });
  const limit = rateLimitFromEnv(env['LEADS_RATE_LIMIT']);
  const options = {
    siteUrl: siteOrigin(env),
    store,
    outbox,
    rateLimiter: limit > 0 ? createRateLimiter({ limit }) : null,
    log,
  };
  // A monitor, or anyone, may ask often: the check writes to the database, so it is reused briefly
  let lastHealth: { at: number; report: Promise<HealthReport> } | undefined;
  return {
    ready,
    counter,
    start() {
      if (alerts) return;
      outbox.start();
      alerts = startUndeliveredAlerts({ store, channels, isWorking: outbox.isWorking, log });
      if (env['STATS_WEEKLY'] === '1') weekly = startWeeklySummaries({ store, channels, log });
    },
    recordEvent(req, res, site) {
      const forwardedFor = req.headers['x-forwarded-for'];
      const address = rateLimitAddress(
        Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor,
        req.socket.remoteAddress ?? 'unknown',
        env,
      );
      return handleEvent(req, res, rateLimitKey(address), {
        counter,
        rateLimiter: eventLimiter,
        isPage: site.isPage,
        siteUrl: options.siteUrl,
      });
    },
    health(built) {
      if (!lastHealth || Date.now() - lastHealth.at > HEALTH_REUSE_MS) {
        lastHealth = { at: Date.now(), report: checkHealth(store, outbox.channelNames, { built }) };
      }
      return lastHealth.report;
    },
    respond(request, socketAddress, readPage) {
      const clientKey = rateLimitKey(rateLimitAddress(request.headers.get('x-forwarded-for'), socketAddress, env));
      return handleLeadRequest(request, clientKey, { ...options, readPage });
    },
    async close() {
      weekly?.close();
      alerts?.close();
      await Promise.all([outbox.close(), counter.close()]);
      await store.close();
    },
  };
}

let processService: LeadService | undefined;

/** This process's service (for `astro dev`; the Node server makes its own in main.ts) */
export function processLeadService(): LeadService {
  processService ??= createLeadService();
  return processService;
}
