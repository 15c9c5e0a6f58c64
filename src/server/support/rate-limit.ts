/**
 * A fixed one-minute window per client address, in memory. The map is capped: when it is full,
 * expired windows are dropped first, then the oldest ones, so a flood of addresses cannot grow
 * it without bound (at worst, an evicted client gets a fresh window early).
 */
import { isIPv4, isIPv6 } from 'node:net';

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

export function createRateLimiter({
  limit,
  windowMs = 60_000,
  maxClients = 10_000,
  now = Date.now,
}: RateLimiterOptions): RateLimiter {
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
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((window.startedAt + windowMs - at) / 1000)),
        };
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
export function rateLimitFromEnv(
  value: string | undefined,
  warn: (text: string) => void = console.warn,
): number {
  if (value === undefined || value.trim() === '') return DEFAULT_RATE_LIMIT;
  const limit = Number(value);
  if (Number.isInteger(limit) && limit >= 0) return limit;
  warn(
    `LEADS_RATE_LIMIT="${value}" is not a whole number of requests a minute; using ${DEFAULT_RATE_LIMIT}`,
  );
  return DEFAULT_RATE_LIMIT;
}

/**
 * The key a client address is counted under. An IPv6 client usually holds a whole /64 (and
 * privacy extensions hand it a new address within it at will), so IPv6 addresses count by their
 * /64 prefix, written in one normal form ('2001:db8:0:0::/64'). An IPv4-mapped IPv6 address
 * ('::ffff:203.0.113.5', as a dual-stack socket reports IPv4 clients) counts as its IPv4
 * address. IPv4 addresses, and anything that is not an address, count as they are.
 */
export function rateLimitKey(address: string): string {
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of an address that isIPv6 accepted (zone dropped), or undefined */
function ipv6Groups(address: string): number[] | undefined {
  const zone = address.indexOf('%');
  const bare = zone === -1 ? address : address.slice(0, zone);
  const gap = bare.indexOf('::');
  const head = gap === -1 ? bare : bare.slice(0, gap);
  const tail = gap === -1 ? '' : bare.slice(gap + 2);
  const before = parseGroups(head);
  const after = parseGroups(tail);
  if (!before || !after) return undefined;
  const missing = 8 - before.length - after.length;
  if (missing < 0 || (gap === -1 && missing !== 0)) return undefined;
  return [...before, ...new Array<number>(missing).fill(0), ...after];
}

/** Colon-separated hex groups, the last of which may be a dotted IPv4 address (two groups) */
function parseGroups(text: string): number[] | undefined {
  if (text === '') return [];
  const groups: number[] = [];
  const parts = text.split(':');
  for (const [index, part] of parts.entries()) {
    if (index === parts.length - 1 && isIPv4(part)) {
      const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number);
      groups.push((a << 8) | b, (c << 8) | d);
    } else {
      const value = Number.parseInt(part, 16);
      if (part.length === 0 || part.length > 4 || Number.isNaN(value)) return undefined;
      groups.push(value);
    }
  }
  return groups;
}

/**
 * The address the rate limit counts by. Behind a reverse proxy every request comes from the
 * proxy, so with TRUST_PROXY=1 the address the proxy puts last in X-Forwarded-For is used
 * (the example proxy config replaces the header with the client's address). Without it the
 * header is ignored, since any client could write it.
 */
export function rateLimitAddress(
  forwardedFor: string | null | undefined,
  socketAddress: string,
  env: Record<string, string | undefined> = process.env,
): string {
  if (env['TRUST_PROXY'] !== '1') return socketAddress;
  const forwarded = forwardedFor?.split(',').at(-1)?.trim();
  return forwarded || socketAddress;
}
