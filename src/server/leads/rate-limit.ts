/**
 * A fixed one-minute window per client address, in memory. The map is capped: when it is full,
 * expired windows are dropped first, then the oldest ones, so a flood of addresses cannot grow
 * it without bound (at worst, an evicted client gets a fresh window early).
 */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  check(clientKey: string): RateDecision;
}

export interface RateLimiterOptions {
  /** Requests allowed per window and client */
  limit: number;
  windowMs?: number;
  maxClients?: number;
  now?: () => number;
}

interface Window {
  startedAt: number;
  count: number;
}

export const DEFAULT_RATE_LIMIT = 10;

export function createRateLimiter({ limit, windowMs = 60_000, maxClients = 10_000, now = Date.now }: RateLimiterOptions): RateLimiter {
  const windows = new Map<string, Window>();

  function makeRoom(at: number) {
    for (const [key, window] of windows) {
      if (at - window.startedAt >= windowMs) windows.delete(key);
    }
    // Maps iterate in insertion order, and a window is re-inserted when it restarts
    for (const key of windows.keys()) {
      if (windows.size < maxClients) break;
      windows.delete(key);
    }
  }

  return {
    check(clientKey) {
      const at = now();
      let window = windows.get(clientKey);
      if (!window || at - window.startedAt >= windowMs) {
        windows.delete(clientKey);
        if (windows.size >= maxClients) makeRoom(at);
        window = { startedAt: at, count: 0 };
        windows.set(clientKey, window);
      }
      if (window.count >= limit) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + windowMs - at) / 1000)) };
      }
      window.count++;
      return { allowed: true };
    },
  };
}

/**
 * LEADS_RATE_LIMIT: requests a minute per client, default 10, 0 turns the limit off. A value
 * that is not a whole number falls back to the default (with a warning) rather than failing
 * every quote request.
 */
export function rateLimitFromEnv(value: string | undefined, warn: (text: string) => void = console.warn): number {
  if (value === undefined || value.trim() === '') return DEFAULT_RATE_LIMIT;
  const limit = Number(value);
  if (Number.isInteger(limit) && limit >= 0) return limit;
  warn(`LEADS_RATE_LIMIT="${value}" is not a whole number of requests a minute; using ${DEFAULT_RATE_LIMIT}`);
  return DEFAULT_RATE_LIMIT;
}
