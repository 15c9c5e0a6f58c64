import { describe, expect, it } from 'vitest';
import { createRateLimiter, rateLimitKey } from '../../src/server/support/rate-limit.ts';

describe('rateLimitKey', () => {
  it('counts an IPv6 address by its /64, in one normal form', () => {
    expect(rateLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitKey('2001:0db8:0:0:ffff::2')).toBe('2001:db8:0:0::/64');
    expect(rateLimitKey('2001:DB8:0000:0000:1234:5678:9abc:def0')).toBe('2001:db8:0:0::/64');
    expect(rateLimitKey('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(rateLimitKey('2406:e000:1234:5678:aaaa:bbbb:cccc:dddd')).toBe(
      '2406:e000:1234:5678::/64',
    );
    expect(rateLimitKey('2406:e000:1234:5678::')).toBe('2406:e000:1234:5678::/64');
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(rateLimitKey('::')).toBe('0:0:0:0::/64');
    expect(rateLimitKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(rateLimitKey('64:ff9b::198.51.100.7')).toBe('64:ff9b:0:0::/64');
  });

  it('keeps two /64s apart', () => {
    expect(rateLimitKey('2001:db8:1:2::1')).not.toBe(rateLimitKey('2001:db8:1:3::1'));
    expect(rateLimitKey('2001:db8::1')).not.toBe(rateLimitKey('2001:db9::1'));
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(rateLimitKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(rateLimitKey('::FFFF:203.0.113.5')).toBe('203.0.113.5');
    expect(rateLimitKey('0:0:0:0:0:ffff:cb00:7105')).toBe('203.0.113.5');
    expect(rateLimitKey('::ffff:127.0.0.1')).toBe(rateLimitKey('127.0.0.1'));
  });

  it('leaves IPv4 addresses and anything unparseable as they are', () => {
    expect(rateLimitKey('203.0.113.5')).toBe('203.0.113.5');
    expect(rateLimitKey('')).toBe('');
    expect(rateLimitKey('unknown')).toBe('unknown');
    expect(rateLimitKey('1::2::3')).toBe('1::2::3');
    expect(rateLimitKey('[2001:db8::1]:443')).toBe('[2001:db8::1]:443');
    expect(rateLimitKey('2001:db8::1, 10.0.0.1')).toBe('2001:db8::1, 10.0.0.1');
  });

  it('answers a long hostile value at once', () => {
    const hostile = `${'1:'.repeat(50_000)}x`;
    const started = performance.now();
    expect(rateLimitKey(hostile)).toBe(hostile);
    expect(rateLimitKey(`::${'0'.repeat(100_000)}`)).toBe(`::${'0'.repeat(100_000)}`);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('rate limit by rateLimitKey', () => {
  it('limits an IPv6 client that rotates addresses inside its /64', () => {
    const limiter = createRateLimiter({ limit: 3, now: () => 0 });
    const decisions = Array.from({ length: 5 }, (_, index) =>
      limiter.check(rateLimitKey(`2001:db8:aa:bb:${index.toString(16)}::${index + 1}`)),
    );
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, false, false]);
    expect(limiter.check(rateLimitKey('2001:db8:aa:bc::1')).allowed).toBe(true);
  });
});
