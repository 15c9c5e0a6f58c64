/**
 * Who a request comes from: behind the reverse proxy (TRUST_PROXY=1), the address it forwards
 * (support/rate-limit.ts), for the repeat views and the rate limits.
 */
import type { IncomingMessage } from 'node:http';
import { rateLimitAddress, rateLimitKey } from '../support/rate-limit.ts';

type Env = Record<string, string | undefined>;

export interface ClientAddresses {
  /** Who a request comes from, as Node gives it (a list of X-Forwarded-For headers read as one) */
  readonly addressOf: (req: IncomingMessage) => string;
  /** Who a request comes from, as the rate limits count */
  readonly keyOf: (request: Request, socketAddress: string) => string;
}

export function clientAddresses(env: Env): ClientAddresses {
  const clientOf = (forwardedFor: string | null | undefined, socketAddress: string) =>
    rateLimitAddress(forwardedFor, socketAddress, env);
  return {
    addressOf: (req) =>
      clientOf(String(req.headers['x-forwarded-for'] ?? ''), req.socket.remoteAddress ?? 'unknown'),
    keyOf: (request, socketAddress) =>
      rateLimitKey(clientOf(request.headers.get('x-forwarded-for'), socketAddress)),
  };
}
