/**
 * What the owner's scheduled alerts (an unopened emergency again, the morning's follow-ups) are
 * started with, and the timer they wait on: the system's, or a test's fake one.
 */
import type { AsyncLeadStore } from '../db/async-store.ts';
import type { Channel } from './channel.ts';

/** Calls `callback` after `ms`; the function it returns cancels that */
export type SetTimer = (callback: () => void, ms: number) => () => void;

/** setTimeout, never keeping a stopping server alive */
export const systemTimer: SetTimer = (callback, ms) => {
  const timer = setTimeout(callback, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

export interface ScheduledAlertOptions {
  store: AsyncLeadStore;
  channels: readonly Channel[];
  siteUrl: string;
  log?: (message: string, error?: unknown) => void;
  now?: () => Date;
  setTimer?: SetTimer;
}

/** The options with the system's log, clock and timer where a test gave none */
export function withDefaults(options: ScheduledAlertOptions): Required<ScheduledAlertOptions> {
  return {
    ...options,
    log: options.log ?? console.error,
    now: options.now ?? (() => new Date()),
    setTimer: options.setTimer ?? systemTimer,
  };
}
