/**
 * The inbox as the whole app sees it: GET /api/owner/leads for the chosen status and search,
 * asked again every 15 seconds while the page is in view (a background poll, which does not keep
 * the session alive), at once when it comes back into view, and after each change to a request.
 * A request a poll brings that was not there before is announced.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { InboxBody, LeadStatus, OwnerLead } from '../../lib/owner-api.ts';
import { readKeys, retryingEvery, useRead } from '../data.tsx';

export const POLL_INTERVAL_MS = 15_000;
const SEARCH_DELAY_MS = 300;

export interface InboxFilter {
  status: LeadStatus | null;
  /** The search as applied (typing is applied after a pause) */
  q: string;
}

export interface Inbox {
  /** The answer for the status and search as they are now; undefined until it comes */
  body: InboxBody | undefined;
  /**
   * The unread count, the counts by status, the undelivered requests and those to call back,
   * which are the same for every query: from the last answer to any, so they stay while another
   * query's answer comes
   */
  overview:
    Pick<InboxBody, 'unread' | 'counts' | 'undelivered' | 'followUpsDue' | 'today'> | undefined;
  filter: InboxFilter;
  /** The search box's text, before it is applied */
  searchText: string;
  setSearchText: (text: string) => void;
  setStatus: (status: LeadStatus | null) => void;
  /** A problem with the last fetch, shown until one succeeds */
  problem: unknown;
}

export function useInbox(onNewLeads: (leads: OwnerLead[]) => void): Inbox {
  const [filter, setFilter] = useState<InboxFilter>({ status: null, q: '' });
  const [searchText, setSearchText] = useState('');
  const seenIds = useRef<Set<number> | null>(null);
  const newLeadsListener = useRef(onNewLeads);
  useEffect(() => {
    newLeadsListener.current = onNewLeads;
  }, [onNewLeads]);

  const announceNew = useCallback((answer: InboxBody, background: boolean) => {
    const seen = seenIds.current;
    const unseen = seen ? answer.leads.filter((lead) => !seen.has(lead.id)) : [];
    seenIds.current = new Set([...(seen ?? []), ...answer.leads.map((lead) => lead.id)]);
    if (background && unseen.length > 0) newLeadsListener.current(unseen);
  }, []);

  const { data: body, error } = useRead(
    readKeys.inbox({ status: filter.status ?? undefined, q: filter.q }),
    { refreshInterval: POLL_INTERVAL_MS, ...retryingEvery(POLL_INTERVAL_MS) },
    announceNew,
  );

  const [overview, setOverview] = useState(body);
  if (body !== undefined && body !== overview) setOverview(body);

  // The search applies once typing pauses
  useEffect(() => {
    const timer = setTimeout(
      () =>
        setFilter((current) =>
          current.q === searchText ? current : { ...current, q: searchText },
        ),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [searchText]);

  const setStatus = useCallback(
    (status: LeadStatus | null) => setFilter((current) => ({ ...current, status })),
    [],
  );

  return { body, overview, filter, searchText, setSearchText, setStatus, problem: error ?? null };
}
