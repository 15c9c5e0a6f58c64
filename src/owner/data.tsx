/**
 * The owner's page's data, through SWR: each thing a view shows is one key (a ReadKey of
 * src/owner/api.ts: a path and its query), fetched by the one fetcher there, kept in a cache that
 * lives as long as the signed-in workspace, asked again when the page comes back into view, and,
 * after a change the owner makes, asked again by key (`mutate`). SWR keeps every answer under its
 * own key and drops one that a newer request or change has overtaken, so a late answer never
 * replaces a newer one, nor does one inbox query's answer show for another.
 */
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import useSWR, { SWRConfig, useSWRConfig, type SWRConfiguration } from 'swr';
import { ownerPaths, type NumbersPeriod, type OwnerLead } from '../lib/owner-api.ts';
import {
  inboxKey,
  isSignedOut,
  jobPath,
  leadPath,
  read,
  readUrl,
  type OwnerReads,
  type ReadKey,
  type ReadPath,
} from './api.ts';

const keyOf = <P extends ReadPath>(path: P, query = ''): ReadKey<P> => [path, query];

/** The key of each thing the views show */
export const readKeys = {
  inbox: inboxKey,
  lead: (id: number) => keyOf(leadPath(id)),
  numbers: (days: NumbersPeriod) => keyOf(ownerPaths.numbers, `days=${days}`),
  passkeys: keyOf(ownerPaths.passkeys),
  sessions: keyOf(ownerPaths.sessions),
  site: keyOf(ownerPaths.site),
  push: keyOf(ownerPaths.push),
  jobs: keyOf(ownerPaths.jobs),
  job: (id: string) => keyOf(jobPath(id)),
};

const ownerDataConfig: SWRConfiguration = {
  // A cache of its own for each signing-in, so nothing of an ended session is shown
  provider: () => new Map(),
  // A view says what went wrong and asks again when it comes back into view; the inbox retries as it polls
  shouldRetryOnError: false,
};

/** The cache and defaults of the signed-in workspace's data */
export function OwnerData({ children }: { children: ReactNode }) {
  return <SWRConfig value={ownerDataConfig}>{children}</SWRConfig>;
}

/**
 * One read, kept fresh. The view's first request for a key is the owner's own; every later one
 * (a poll, the page coming back into view, after a change) goes as a background poll, which does
 * not keep the session alive by itself. `onRead` sees each answer as it arrives.
 */
export function useRead<P extends ReadPath>(
  key: ReadKey<P>,
  config: SWRConfiguration<OwnerReads[P], Error> = {},
  onRead?: (body: OwnerReads[P], background: boolean) => void,
) {
  const asked = useRef<string | null>(null);
  const readListener = useRef(onRead);
  useEffect(() => {
    readListener.current = onRead;
  }, [onRead]);
  const fetcher = useCallback(async (key: ReadKey<P>) => {
    const url = readUrl(key);
    const background = asked.current === url;
    asked.current = url;
    const body = await read(key, { background });
    readListener.current?.(body, background);
    return body;
  }, []);
  // What the fetcher throws is an Error: an ApiError from src/owner/api.ts, mostly
  return useSWR<OwnerReads[P], Error, ReadKey<P>>(key, fetcher, config);
}

/** For a view that polls: a failed answer is asked again after `ms`, as a poll would be (not once signed out) */
export function retryingEvery(
  ms: number,
): Pick<SWRConfiguration, 'shouldRetryOnError' | 'onErrorRetry'> {
  return {
    shouldRetryOnError: (problem) => !isSignedOut(problem),
    onErrorRetry: (_problem, _key, _config, revalidate, options) => {
      setTimeout(() => void revalidate(options), ms);
    },
  };
}

/** One request; `shown` (as the inbox listed it) stands in until the server's answer comes */
export const useLead = (id: number, shown: OwnerLead | undefined) =>
  useRead(readKeys.lead(id), shown ? { fallbackData: { lead: shown } } : {});
export const useNumbers = (days: NumbersPeriod) => useRead(readKeys.numbers(days));
export const usePasskeys = () => useRead(readKeys.passkeys);
export const useSessions = () => useRead(readKeys.sessions);
/** His finished jobs, and what their form offers */
export const useJobs = () => useRead(readKeys.jobs);
/** One job as its form edits it; none for a new one */
export const useJob = (id: string | null) =>
  useRead(
    id === null ? (null as unknown as ReadKey<`/api/owner/jobs/${string}`>) : readKeys.job(id),
  );
/** His push devices, the key to subscribe with, and the server's channels */
export const usePush = () => useRead(readKeys.push);

const isInboxKey = (key: unknown) => Array.isArray(key) && key[0] === ownerPaths.leads;

/** What each change the owner makes asks again */
export function useInvalidation() {
  const { mutate } = useSWRConfig();
  return useMemo(
    () => ({
      /** A request as the server now has it (its answer to the change): shown as it is, and every inbox answer asked again */
      leadChanged: async (lead: OwnerLead) => {
        await Promise.all([
          mutate(readKeys.lead(lead.id), { lead }, { revalidate: false }),
          mutate(isInboxKey),
        ]);
      },
      leadDeleted: async (id: number) => {
        await Promise.all([
          mutate(readKeys.lead(id), undefined, { revalidate: false }),
          mutate(isInboxKey),
        ]);
      },
      passkeysChanged: () => mutate(readKeys.passkeys),
      /** Removing a passkey also ends the sessions it opened */
      passkeyRemoved: () => Promise.all([mutate(readKeys.passkeys), mutate(readKeys.sessions)]),
      sessionsChanged: () => mutate(readKeys.sessions),
      /** After a publish or an undo starts, or is refused */
      siteChanged: () => mutate(readKeys.site),
      /** After a job is saved or the home page's order changes: the list as the server has it (when given) and each job asked again */
      jobsChanged: async (list?: OwnerReads[typeof ownerPaths.jobs]) => {
        await Promise.all([
          list ? mutate(readKeys.jobs, list, { revalidate: false }) : mutate(readKeys.jobs),
          mutate((key) => Array.isArray(key) && String(key[0]).startsWith(`${ownerPaths.jobs}/`)),
        ]);
      },
      /** After a device is added, refreshed, removed or sent a test */
      pushChanged: () => mutate(readKeys.push),
    }),
    [mutate],
  );
}
