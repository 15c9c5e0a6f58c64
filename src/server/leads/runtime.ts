/**
 * The endpoint's collaborators for this process, built once from the environment: the store
 * (LEADS_DB), the notifier (SMTP_URL, LEADS_NOTIFY_TO) and the rate limit (LEADS_RATE_LIMIT).
 */
import { siteOrigin } from '../../lib/site-url.ts';
import { handleLeadRequest, unavailableAnswer, type LeadHandlerOptions } from './handler.ts';
import { getLeadNotifier } from './notify.ts';
import { createRateLimiter, rateLimitFromEnv } from './rate-limit.ts';
import { getLeadStore } from './store.ts';

type Env = Record<string, string | undefined>;

let processOptions: LeadHandlerOptions | undefined;

/** A broken mail setup must not stop leads being stored: they are kept, with no e-mail */
function notifierOrNull(env: Env) {
  try {
    return getLeadNotifier(env);
  } catch (error) {
    console.error('Quote-request e-mails are off: the SMTP settings could not be used', error);
    return null;
  }
}

export function leadHandlerOptions(env: Env = process.env): LeadHandlerOptions {
  if (!processOptions) {
    const limit = rateLimitFromEnv(env['LEADS_RATE_LIMIT']);
    processOptions = {
      siteUrl: siteOrigin(env),
      store: getLeadStore(env),
      notifier: notifierOrNull(env),
      rateLimiter: limit > 0 ? createRateLimiter({ limit }) : null,
    };
  }
  return processOptions;
}

/**
 * Answers one request to POST /api/leads with this process's store and notifier. When the
 * database cannot be opened (a bad LEADS_DB, a full disk) the visitor gets a 503 that says
 * to call instead, and the next request tries again.
 */
export function respondToLeadRequest(request: Request, clientAddress: string, env: Env = process.env): Promise<Response> {
  let options: LeadHandlerOptions;
  try {
    options = leadHandlerOptions(env);
  } catch (error) {
    console.error('The quote-request database could not be opened', error);
    return Promise.resolve(unavailableAnswer(request, siteOrigin(env)));
  }
  return handleLeadRequest(request, clientAddress, options);
}

/**
 * For the server's start-up: opens the store and re-sends the owner's e-mails still due from
 * before a restart. Never throws; a problem is logged and retried on the first quote request.
 */
export function startLeadNotifications(env: Env = process.env): void {
  try {
    getLeadNotifier(env);
  } catch (error) {
    console.error('Quote-request e-mails could not be resumed', error);
  }
}

/**
 * The address the rate limit counts by. Behind a reverse proxy every request comes from the
 * proxy, so with TRUST_PROXY=1 the address the proxy puts last in X-Forwarded-For is used
 * (the example proxy config replaces the header with the client's address). Without it the
 * header is ignored, since any client could write it.
 */
export function rateLimitAddress(request: Request, socketAddress: string, env: Env = process.env): string {
  if (env['TRUST_PROXY'] !== '1') return socketAddress;
  const forwarded = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
  return forwarded || socketAddress;
}
