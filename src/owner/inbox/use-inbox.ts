/**
 * The inbox as the whole app sees it: the last answer of GET /api/owner/leads for the chosen
 * status and search, fetched again every 15 seconds (as a background poll, which does not keep
 * the session alive) while the page is in view, and at once when it comes back into view. Every
 * lead seen is remembered by id, so one request opens without another fetch.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { InboxBody, LeadStatus, OwnerLead } from '../../lib/owner-api.ts';
import { ownerApi } from '../api.ts';

export const POLL_INTERVAL_MS = 15_000;
const SEARCH_DELAY_MS = 300;

export interface InboxFilter {
  status: LeadStatus | null;
  /** The search as applied (typing is applied after a pause) */
  q: string;
}

export interface Inbox {
  body: InboxBody | null;
  filter: InboxFilter;
  /** The search box's text, before it is applied */
  searchText: string;
  setSearchText: (text: string) => void;
  setStatus: (status: LeadStatus | null) => void;
  /** A problem with the last fetch, shown until one succeeds */
  problem: unknown;
  refresh: () => Promise<void>;
  /** Every request seen since the page opened, as it last stood */
  known: ReadonlyMap<number, OwnerLead>;
  /** A request as it now stands after the owner changed it; the inbox is fetched again */
  changed: (lead: OwnerLead) => void;
  /** A request the owner deleted */
  deleted: (id: number) => void;
}

export function useInbox(onNewLeads: (leads: OwnerLead[]) => void): Inbox {
  const [body, setBody] = useState<InboxBody | null>(null);
  const [filter, setFilter] = useState<InboxFilter>({ status: null, q: '' });
  const [searchText, setSearchText] = useState('');
  const [problem, setProblem] = useState<unknown>(null);
  const [known, setKnown] = useState<ReadonlyMap<number, OwnerLead>>(new Map());
  const seenIds = useRef<Set<number> | null>(null);
  const latestRequest = useRef(0);
  const newLeadsListener = useRef(onNewLeads);
  useEffect(() => {
    newLeadsListener.current = onNewLeads;
  }, [onNewLeads]);

  const load = useCallback(
    async (background: boolean) => {
      const request = ++latestRequest.current;
      try {
        const answer = await ownerApi.inbox({ status: filter.status ?? undefined, q: filter.q, background });
        // An answer to an older filter arrived late: the newer one wins
        if (request !== latestRequest.current) return;
        setKnown((current) => new Map([...current, ...[...answer.leads, ...answer.undelivered].map((lead) => [lead.id, lead] as const)]));
        const seen = seenIds.current;
        const unseen = seen ? answer.leads.filter((lead) => !seen.has(lead.id)) : [];
        seenIds.current = new Set([...(seen ?? []), ...answer.leads.map((lead) => lead.id)]);
        if (background && unseen.length > 0) newLeadsListener.current(unseen);
        setBody(answer);
        setProblem(null);
      } catch (error) {
        if (request === latestRequest.current) setProblem(error);
      }
    },
    [filter],
  );

  // The search applies once typing pauses
  useEffect(() => {
    const timer = setTimeout(
      () => setFilter((current) => (current.q === searchText ? current : { ...current, q: searchText })),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [searchText]);

  useEffect(() => {
    void load(false);
    const poll = setInterval(() => {
      if (document.visibilityState === 'visible') void load(true);
    }, POLL_INTERVAL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void load(true);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(poll);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [load]);

  const setStatus = useCallback((status: LeadStatus | null) => setFilter((current) => ({ ...current, status })), []);
  const refresh = useCallback(() => load(false), [load]);
  const changed = useCallback(
    (lead: OwnerLead) => {
      setKnown((current) => new Map(current).set(lead.id, lead));
      void load(false);
    },
    [load],
  );
  const deleted = useCallback(
    (id: number) => {
      setKnown((current) => {
        const next = new Map(current);
        next.delete(id);
        return next;
      });
      void load(false);
    },
    [load],
  );

  return { body, filter, searchText, setSearchText, setStatus, problem, refresh, known, changed, deleted };
}
