/**
 * The server's features on one database, built from the environment: quote requests (the store
 * in its own thread at LEADS_DB, their photos in lead-photos/ beside it, the rate limit LEADS_RATE_LIMIT behind TRUST_PROXY), the
 * owner's notifications (the outbox with the channels SMTP_URL, LEADS_WEBHOOK_URL and
 * LEADS_NTFY_URL set up, Web Push to the devices he turns it on for with its keys beside LEADS_DB,
 * each customer's acknowledgement through SMTP_URL, the notices of undelivered leads, unopened emergencies repeated, each morning's follow-ups), the
 * anonymous counts (page views, taps, STATS_WEEKLY's summary), the owner's door (passkey sign-in,
 * his inbox and numbers), the content editor's API on the site's source at SITE_DIR, and
 * publishing the owner's edits (SITE_DIR's content built, swapped in, committed, pushed to
 * CONTENT_GIT_REMOTE).
 * It answers /api/ through the routes it gives the http layer, is told of each page view, and
 * says whether a request may see the owner's pages.
 */
import type { IncomingMessage } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { business } from '../config/business.ts';
import { apiPaths } from '../config/routes.ts';
import { siteOrigin } from '../lib/site-url.ts';
import { openStoreThread, type AsyncLeadStore } from './db/async-store.ts';
import { DEFAULT_LEADS_DB } from './db/store.ts';
import { leadPhotoFiles, photosFolderBeside } from './db/lead-photos.ts';
import { apiRouter, type ApiRoute, type NodeApiHandler } from './http/api.ts';
import { clientAddresses } from './http/client-address.ts';
import type { LiveSite } from './http/live-site.ts';
import type { Site } from './http/site-files.ts';
import { handleLeadRequest } from './leads/handler.ts';
import { createUploadRoom } from './leads/upload-room.ts';
import { THANKS_PATH, thanksPageAt } from './leads/thanks-page.ts';
import type { Channel, Sender } from './notify/channel.ts';
import { checkHealth, healthRoute, reusedHealthCheck, type HealthReport } from './notify/health.ts';
import { createNotifications } from './notify/notifications.ts';
import { type RetryPolicy } from './notify/retry-policy.ts';
import { createCounter } from './stats/counter.ts';
import { pageTitles } from './stats/page-titles.ts';
import { pageViewCounter } from './stats/page-views.ts';
import { statsRoutes } from './stats/routes.ts';
import { startWeeklySummaries } from './stats/weekly.ts';
import { createOwnerAccess } from './owner/api.ts';
import { SESSION_COOKIE } from './owner/session-token.ts';
import { createJobStore } from './owner/jobs.ts';
import { createEditorApi } from './editor/api.ts';
import { BUSINESS_FILE, siteDirOf } from './publish/content-paths.ts';
import { startClosureSchedule, type ClosureSchedule } from './publish/closure-schedule.ts';
import { createPublisher, type Publisher } from './publish/publisher.ts';
import { nzDay } from './support/days.ts';
import { factsFollower } from './support/live-facts.ts';
import { createThrottledLog } from './support/log.ts';
import { createRateLimiter, rateLimitFromEnv } from './support/rate-limit.ts';

type Env = Record<string, string | undefined>;
type Log = (message: string, error?: unknown) => void;

export interface App {
  /** Settles once the database has been opened (or has failed to open, which is logged) */
  readonly ready: Promise<void>;
  /** Answers every request under /api/ */
  readonly api: NodeApiHandler;
  /**
   * Answers one quote request (POST /api/leads) from the client at `socketAddress`;
   * `allowPhotoUpload` gives a body with photos longer to arrive
   */
  respond(
    request: Request,
    socketAddress: string,
    allowPhotoUpload?: () => void,
  ): Promise<Response>;
  /** Counts a page sent to a visitor, once per visitor and page within a few minutes */
  countView: (path: string, req: IncomingMessage) => void;
  /** Pages the server words at each request: the thank-you page, with when to expect an answer */
  readonly filledPages: ReadonlyMap<string, (html: string) => string>;
  /** Whether the request carries the owner's live session, for the /owner page */
  isOwnerSignedIn: (req: IncomingMessage) => Promise<boolean>;
  /** The store's and the deliveries' state for GET /api/health (checked at most every 10 s) */
  health(): Promise<HealthReport>;
  /**
   * Starts delivering to the owner (what is due from before a restart goes out now), the notices
   * of undelivered leads and the weekly summaries; a server calls it once it is listening
   */
  start(): void;
  /** Stops a build under way, the outbox, and closes the store, checkpointing its WAL into the database file */
  close(): Promise<void>;
}

export interface AppParts {
  /** The built site: a native post with a mistake gets its form back filled in, and taps name its pages */
  site: Pick<Site, 'isPage' | 'readPage'>;
  /** When the pages served were built (ISO 8601), for the health report */
  built: string | null;
  /** The site being served and the folder of its build (holding client/), for the publisher to swap; no publishing without */
  publishing?: { live: LiveSite; servedDir: string };
  store?: AsyncLeadStore;
  channels?: readonly Channel[];
  /** Sends the customers' acknowledgements; from the environment (SMTP_URL) unless `channels` is given */
  acknowledgement?: Sender;
  retry?: RetryPolicy;
  log?: Log;
}

export function createApp(env: Env, parts: AppParts): App {
  const { site } = parts;
  let built = parts.built;
  const log = parts.log ?? createThrottledLog();
  const leadsDb = resolve(env['LEADS_DB'] || DEFAULT_LEADS_DB);
  const store = parts.store ?? openStoreThread(leadsDb);
  const photoFiles = leadPhotoFiles(photosFolderBeside(store.path));
  const siteUrl = siteOrigin(env);
  const notifications = createNotifications(env, {
    store,
    siteUrl,
    leadsDb,
    channels: parts.channels,
    acknowledgement: parts.acknowledgement,
    retry: parts.retry,
    log,
  });
  const { push, channels, outbox } = notifications;
  // Opened now, so that a problem shows in the log at start rather than at the first lead
  const ready = Promise.all([store.countLeads(), push?.refresh()]).then(
    () => notifications.announce(),
    (error: unknown) =>
      log(
        `The quote-request database ${store.path} cannot be used yet; each post retries it`,
        error,
      ),
  );
  let started = false;
  let weekly: ReturnType<typeof startWeeklySummaries> | undefined;
  let closureSchedule: ClosureSchedule | undefined;
  const counter = createCounter({ store, log });
  const clients = clientAddresses(env);
  const leadLimit = rateLimitFromEnv(env['LEADS_RATE_LIMIT']);
  const leadLimiter = leadLimit > 0 ? createRateLimiter({ limit: leadLimit }) : null;
  // Turning the per-client limit off (tests, measurements) lifts its share of uploads too
  const uploads = createUploadRoom(leadLimiter ? {} : { perClient: Infinity });
  const health = reusedHealthCheck(() =>
    checkHealth(store, notifications.deliveryKinds(), { built }),
  );

  function respond(request: Request, socketAddress: string, allowPhotoUpload?: () => void) {
    const clientKey = clients.keyOf(request, socketAddress);
    return handleLeadRequest(request, clientKey, {
      siteUrl,
      store,
      outbox: notifications.leadOutbox,
      rateLimiter: leadLimiter,
      log,
      readPage: site.readPage,
      photoFiles,
      allowPhotoUpload,
      uploads,
    });
  }

  /** The server's own words follow the facts of the site it serves: those of SITE_DIR, read again after each publish */
  const followFacts = factsFollower(join(siteDirOf(env), BUSINESS_FILE), log);
  if (parts.publishing) followFacts();

  const publisher: Publisher | undefined =
    parts.publishing &&
    createPublisher({
      siteDir: siteDirOf(env),
      live: parts.publishing.live,
      servedDir: parts.publishing.servedDir,
      remote: env['CONTENT_GIT_REMOTE'] || undefined,
      authorEmail: business.email,
      isSaving: () => editor.isSaving(),
      servedDay: built ? nzDay(new Date(built)) : undefined,
      onLive: (at) => {
        built = at.toISOString();
        health.forget();
        followFacts();
      },
      log,
    });

  // His jobs are added in the site's source as the editor's are, their photos waiting beside LEADS_DB
  const jobs = createJobStore({
    siteDir: siteDirOf(env),
    uploadsDir: join(dirname(leadsDb), 'job-photo-uploads'),
    isPublishing: () => publisher?.isBusy() ?? false,
    onSaved: () => publisher?.contentChanged(),
  });
  /** The pages named as his Numbers and the weekly summary name them */
  const titles = pageTitles(site.readPage);
  const owner = createOwnerAccess({
    store,
    siteUrl,
    channels,
    log,
    publisher,
    push,
    outbox,
    pageTitles: titles,
    photoFiles,
    jobs,
  });
  /** The signed-in owner's own visits, taps and readings are not counted */
  const isOwner = (request: Request) => owner.hasSession(request.headers.get('cookie'));

  const editor = createEditorApi({
    siteUrl,
    siteDir: siteDirOf(env),
    isSignedIn: (request) => owner.hasSession(request.headers.get('cookie')),
    isPublishing: () => publisher?.isBusy() ?? false,
    onSaved: () => publisher?.contentChanged(),
    log,
  });

  const routes: ApiRoute[] = [
    // Every method: the lead endpoint answers each in JSON or HTML, as the request accepts
    {
      method: 'ALL',
      path: apiPaths.leads,
      handler: (request, context) =>
        respond(request, context.socketAddress, () => context.allowPhotoUpload()),
    },
    ...statsRoutes({ counter, isPage: site.isPage, siteUrl, isOwner }),
    healthRoute(health),
    ...owner.routes,
    ...editor.routes,
  ];
  const api = apiRouter(routes, { clientKey: clients.keyOf });
  const isOwnerSignedIn = (req: IncomingMessage) => owner.hasSession(req.headers.cookie);

  return {
    ready,
    api,
    filledPages: new Map([[THANKS_PATH, (html: string) => thanksPageAt(html)]]),
    respond,
    health: () => health.report(),
    isOwnerSignedIn,
    countView: pageViewCounter({
      counter,
      siteUrl,
      clientAddress: clients.addressOf,
      // Only a request carrying a session cookie waits on the store to learn whether it is live
      isOwner: (req) =>
        req.headers.cookie?.includes(SESSION_COOKIE) ? isOwnerSignedIn(req) : false,
      log,
    }),
    start() {
      if (started) return;
      started = true;
      notifications.start();
      if (publisher) {
        closureSchedule = startClosureSchedule({ publisher, log });
        const schedule = closureSchedule;
        void publisher.recoverSetAside().then(() => schedule.check());
      }
      if (env['STATS_WEEKLY'] === '1')
        weekly = startWeeklySummaries({ store, channels, titles, log });
    },
    async close() {
      publisher?.stop();
      weekly?.close();
      closureSchedule?.close();
      await Promise.all([notifications.close(), counter.close(), editor.close()]);
      await store.close();
    },
  };
}
