/**
 * The owner's door: /api/owner/ and the gate of the /owner page. Sign-in is by passkey only;
 * a session lives in the store and reaches the browser only as an HttpOnly `__Host-` cookie.
 * Without a live session every path but the sign-in ceremonies answers 401 with no data, and
 * every change must come from the site's own origin (guard.ts, around every route). What lasts
 * beyond a session or reaches another (adding, renaming or removing a passkey, signing out other
 * devices) also needs a step-up. The routes live by feature in routes/.
 */
import type { AsyncLeadStore } from '../db/async-store.ts';
import type { LeadPhotoFiles } from '../db/lead-photos.ts';
import type { ApiHandler, ApiRoute } from '../http/api.ts';
import { OWNER_API_PREFIX } from '../../lib/owner-api.ts';
import type { Channel } from '../notify/channel.ts';
import type { PushChannel } from '../notify/channels/push.ts';
import type { Outbox } from '../notify/outbox.ts';
import type { Publisher } from '../publish/publisher.ts';
import type { PageTitles } from '../stats/page-titles.ts';
import { createRateLimiter } from '../support/rate-limit.ts';
import { createEnrolments } from './enrolment.ts';
import { createOwnerGuard } from './guard.ts';
import type { JobStore } from './jobs.ts';
import { createPasskeyCeremonies, type PasskeyCeremonies } from './passkey-ceremonies.ts';
import { refuse } from './requests.ts';
import type { OwnerRouteDeps } from './routes/deps.ts';
import { jobRoutes } from './routes/jobs.ts';
import { leadRoutes } from './routes/leads.ts';
import { numbersRoutes } from './routes/numbers.ts';
import { passkeyRoutes } from './routes/passkeys.ts';
import { pushRoutes } from './routes/push.ts';
import { CEREMONY_PATHS, signInRoutes } from './routes/sign-in.ts';
import { siteRoutes } from './routes/site.ts';

/** Sign-in and enrolment requests per client and minute (each ceremony takes two) */
export const CEREMONIES_PER_MINUTE = 20;

type Log = (message: string, error?: unknown) => void;

export interface OwnerAccessOptions {
  store: AsyncLeadStore;
  siteUrl: string;
  /** Told when a passkey is added or removed */
  channels: readonly Channel[];
  log: Log;
  ceremoniesPerMinute?: number;
  ceremonies?: PasskeyCeremonies;
  /** Publishes the owner's edits; the site routes answer 503 without it */
  publisher?: Publisher | undefined;
  /** His finished jobs; the job routes answer 503 without them */
  jobs?: JobStore | undefined;
  /** Push to his devices; the push routes answer 503 without it */
  push?: PushChannel | undefined;
  outbox?: Pick<Outbox, 'channelNames' | 'isWorking'>;
  /** Names the site's pages in his numbers */
  pageTitles?: PageTitles | undefined;
  /** The photos sent with the requests: shown to him, deleted with their request */
  photoFiles?: LeadPhotoFiles | undefined;
}

export interface OwnerAccess {
  /** Every route under /api/owner/ */
  readonly routes: ApiRoute[];
  /** Whether a Cookie header carries a live session (a visit to /owner or the editor counts as the owner's activity) */
  hasSession(cookieHeader: string | null | undefined): Promise<boolean>;
}

export function createOwnerAccess(options: OwnerAccessOptions): OwnerAccess {
  const { store, siteUrl, channels, log } = options;
  const ceremonies = options.ceremonies ?? createPasskeyCeremonies({ store, siteUrl });
  const guard = createOwnerGuard({
    store,
    siteOrigin: new URL(siteUrl).origin,
    ceremonyLimiter: createRateLimiter({
      limit: options.ceremoniesPerMinute ?? CEREMONIES_PER_MINUTE,
    }),
  });
  const deps: OwnerRouteDeps = {
    store,
    guard,
    ceremonies,
    enrolments: createEnrolments({ store, ceremonies, channels, log }),
    publisher: options.publisher,
    photoFiles: options.photoFiles,
    jobs: options.jobs,
    push:
      options.push && options.outbox
        ? { channel: options.push, channels, outbox: options.outbox, siteUrl, log }
        : undefined,
    pageTitles: options.pageTitles,
  };

  /** What no route takes: on a ceremony's path a 405; anything else needs the session first (401), then is a 404 or 405 */
  const unrouted: ApiHandler = (request, context) => {
    const answer = () => {
      const allowed = context.allowedMethods();
      return allowed.length === 0
        ? refuse(404, 'Not found')
        : refuse(405, 'Method not allowed', { Allow: allowed.join(', ') });
    };
    if (!CEREMONY_PATHS.has(new URL(request.url).pathname))
      return guard.signedIn(answer)(request, context);
    return guard.foreignChange(request) ?? answer();
  };

  return {
    routes: [
      ...signInRoutes(deps),
      ...passkeyRoutes(deps),
      ...leadRoutes(deps),
      ...numbersRoutes(deps),
      ...siteRoutes(deps),
      ...jobRoutes(deps),
      ...pushRoutes(deps),
      { method: 'ALL', path: `${OWNER_API_PREFIX}*`, handler: unrouted, fallback: true },
    ],
    hasSession: async (cookieHeader) => (await guard.sessionOf(cookieHeader, true)) !== undefined,
  };
}
