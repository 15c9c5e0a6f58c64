import { afterEach, describe, expect, it, vi } from 'vitest';
import { createThrottledLog, describeError } from '../../src/server/support/log.ts';

function diskFull(): NodeJS.ErrnoException {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), {
    code: 'ENOSPC',
    errno: -28,
    syscall: 'write',
  });
}

function setup(options: { maxLines?: number; intervalMs?: number } = {}) {
  let clock = 1_000_000;
  const lines: string[] = [];
  const log = createThrottledLog({
    ...options,
    write: (line) => lines.push(line),
    now: () => clock,
  });
  return { log, lines, advance: (ms: number) => (clock += ms) };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createThrottledLog', () => {
  it('after the clock steps back, never arms a timer past one interval, and writes the line again', () => {
    const delays: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
      handler: () => void,
      ms: number,
    ) => {
      delays.push(ms);
      return realSetTimeout(handler, ms);
    }) as typeof setTimeout);
    try {
      const { log, lines, advance } = setup();
      log('A webhook delivery failed');
      log('A webhook delivery failed');
      // Booted with the clock a month ahead, then put right
      advance(-30 * 24 * 3_600_000);
      log('A webhook delivery failed');
      log('A webhook delivery failed');
      expect(delays.length).toBeGreaterThan(0);
      expect(Math.max(...delays)).toBeLessThanOrEqual(60_000);
      expect(lines).toEqual([
        'A webhook delivery failed',
        'A webhook delivery failed (repeated 1 time in the last minute)',
        'A webhook delivery failed',
      ]);
    } finally {
      spy.mockRestore();
    }
  });

  it('writes one short line without a stack trace', () => {
    const { log, lines } = setup();
    log('Request failed', diskFull());
    expect(lines).toEqual(['Request failed: ENOSPC: no space left on device, write']);
    expect(lines[0]).not.toContain('    at ');
  });

  it('counts repeats within the minute and reports them once on the next occurrence after it', () => {
    const { log, lines, advance } = setup();
    for (let index = 0; index < 58; index++) {
      log('Could not store a lead', diskFull());
      advance(1000);
    }
    expect(lines).toEqual(['Could not store a lead: ENOSPC: no space left on device, write']);
    advance(2000);
    log('Could not store a lead', diskFull());
    expect(lines).toEqual([
      'Could not store a lead: ENOSPC: no space left on device, write',
      'Could not store a lead: ENOSPC: no space left on device, write (repeated 57 times in the last minute)',
      'Could not store a lead: ENOSPC: no space left on device, write',
    ]);
    expect(lines.join('\n').length).toBeLessThan(300);
  });

  it('reports the count from an unref’d timer when no further occurrence comes', () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const log = createThrottledLog({ write: (line) => lines.push(line) });
    log('Request failed', new Error('boom'));
    log('Request failed', new Error('boom'));
    vi.advanceTimersByTime(59_000);
    expect(lines).toEqual(['Request failed: boom']);
    vi.advanceTimersByTime(1000);
    expect(lines).toEqual([
      'Request failed: boom',
      'Request failed: boom (repeated 1 time in the last minute)',
    ]);
    vi.advanceTimersByTime(600_000);
    expect(lines).toHaveLength(2);
    // The line is forgotten after its report, so the next one is written at once
    log('Request failed', new Error('boom'));
    expect(lines).toHaveLength(3);
  });

  it('keeps distinct messages and distinct errors apart', () => {
    const { log, lines } = setup();
    log('Request failed', diskFull());
    log('Request failed', new Error('other'));
    log('Request failed', Object.assign(new Error('same text'), { code: 'EIO' }));
    log('Request failed', Object.assign(new Error('same text'), { code: 'EACCES' }));
    log('Store failed', diskFull());
    log('Just a message');
    log('Request failed', 'a string');
    expect(lines).toEqual([
      'Request failed: ENOSPC: no space left on device, write',
      'Request failed: other',
      'Request failed: EIO: same text',
      'Request failed: EACCES: same text',
      'Store failed: ENOSPC: no space left on device, write',
      'Just a message',
      'Request failed: a string',
    ]);
  });

  it('remembers a bounded number of lines, reporting the oldest when it forgets it', () => {
    const { log, lines } = setup({ maxLines: 3 });
    log('first');
    log('first');
    for (let index = 0; index < 1000; index++) log(`distinct ${index}`);
    expect(lines.slice(0, 4)).toEqual([
      'first',
      'distinct 0',
      'distinct 1',
      'first (repeated 1 time in the last minute)',
    ]);
    expect(lines).toHaveLength(1002);
  });

  it('keeps each line short and on one line, whatever the error holds', () => {
    const { log, lines } = setup();
    log('Request failed', new Error(`bad\r\n\u001b[2J${'x'.repeat(10_000)}`));
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/\p{Cc}/u);
    expect([...lines[0]!].length).toBeLessThanOrEqual(500);
  });

  it('names the interval it counted in', () => {
    const { log, lines, advance } = setup({ intervalMs: 10_000 });
    log('x');
    log('x');
    advance(10_000);
    log('x');
    expect(lines[1]).toBe('x (repeated 1 time in the last 10 s)');
  });
});

describe('describeError', () => {
  it('gives the code and message, not the stack', () => {
    expect(describeError(diskFull())).toBe('ENOSPC: no space left on device, write');
    expect(describeError(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(
      'ECONNREFUSED: refused',
    );
    expect(describeError(new TypeError(''))).toBe('TypeError');
    expect(describeError(42)).toBe('42');
    expect(describeError(Object.create(null))).toBe('a value that cannot be shown');
  });
});
