/** How long a body may take: a visitor's form its deadline, a request with photos the longer one it is given */
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  extendBodyDeadline,
  PHOTO_UPLOAD_DEADLINE_MS,
  watchBodyDeadline,
} from '../../src/server/http/body-deadline.ts';

/** A request whose body is still arriving, and whether its connection was closed */
function arriving() {
  const destroy = vi.fn();
  const req = Object.assign(new EventEmitter(), { complete: false, socket: { destroy } });
  return { req: req as unknown as IncomingMessage, destroy };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the body deadline', () => {
  it('closes the connection of a body not in by the deadline', () => {
    const { req, destroy } = arriving();
    watchBodyDeadline(req, 30_000);
    vi.advanceTimersByTime(29_999);
    expect(destroy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(destroy).toHaveBeenCalledOnce();
  });

  it('gives a request with photos its longer deadline, and closes it at that one', () => {
    const { req, destroy } = arriving();
    watchBodyDeadline(req, 30_000);
    extendBodyDeadline(req, PHOTO_UPLOAD_DEADLINE_MS);
    vi.advanceTimersByTime(PHOTO_UPLOAD_DEADLINE_MS - 1);
    expect(destroy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(destroy).toHaveBeenCalledOnce();
  });

  it('leaves alone a body that is all in', () => {
    const { req, destroy } = arriving();
    watchBodyDeadline(req, 30_000);
    Object.assign(req, { complete: true });
    req.emit('close');
    vi.advanceTimersByTime(PHOTO_UPLOAD_DEADLINE_MS);
    expect(destroy).not.toHaveBeenCalled();
  });
});
