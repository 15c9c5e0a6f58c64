import { Download } from 'lucide-react';
import { buttonClass } from '../../lib/button.ts';
import { LEAD_STATUS_LABELS, ownerPaths, SEARCH_MAX_LENGTH } from '../../lib/owner-api.ts';
import { Alert } from '../Alert.tsx';
import { SearchField } from '../SearchField.tsx';
import { CallBackToday } from './CallBackToday.tsx';
import { errorMessage } from '../notices.tsx';
import { InboxPushNotice } from '../push/InboxPushNotice.tsx';
import { ViewHeading } from '../View.tsx';
import { LeadRow } from './LeadRow.tsx';
import { StatusFilter } from './StatusFilter.tsx';
import { UndeliveredPanel } from './UndeliveredPanel.tsx';
import type { Inbox as InboxState } from './use-inbox.ts';

/**
 * The quote requests, newest first: those to call back today and the undelivered ones on top,
 * then filter, search and the list
 */
export function Inbox({ inbox, now }: { inbox: InboxState; now: Date }) {
  const { body, overview, filter } = inbox;
  const filtered = filter.status !== null || filter.q.trim() !== '';
  const shownFor = [
    filter.status && LEAD_STATUS_LABELS[filter.status],
    filter.q.trim() && `“${filter.q.trim()}”`,
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div>
          <ViewHeading>Inbox</ViewHeading>
          {overview && (
            <p className="text-muted">
              {overview.unread === 0 ? 'All read' : `${overview.unread} unread`}
            </p>
          )}
        </div>
        <a
          href={ownerPaths.leadsCsv}
          download
          className={buttonClass({ variant: 'outline', size: 'sm' })}
        >
          <Download className="size-5" aria-hidden="true" />
          Export CSV
        </a>
      </div>

      <InboxPushNotice />
      {overview && <CallBackToday leads={overview.followUpsDue} today={overview.today} />}
      {overview && <UndeliveredPanel leads={overview.undelivered} now={now} />}

      <div className="space-y-3">
        <SearchField
          label="Search requests"
          placeholder="Name, phone, e-mail or suburb"
          value={inbox.searchText}
          maxLength={SEARCH_MAX_LENGTH}
          onChange={inbox.setSearchText}
        />
        <StatusFilter
          counts={overview?.counts ?? null}
          selected={filter.status}
          onSelect={inbox.setStatus}
        />
      </div>

      {inbox.problem !== null && (
        <Alert>{errorMessage(inbox.problem)} The inbox will try again in a few seconds.</Alert>
      )}

      <section
        aria-labelledby="requests-heading"
        className="overflow-hidden rounded-(--radius-card) border border-line bg-white shadow-(--shadow-card)"
      >
        <h2 id="requests-heading" className="border-b border-line px-4 py-3 text-lg">
          {filtered ? `Requests: ${shownFor}` : 'All requests'}
          {body && <span className="font-normal text-muted"> ({body.leads.length})</span>}
        </h2>
        {body === undefined ? (
          <p className="px-4 py-6 text-muted">Loading your requests…</p>
        ) : body.leads.length === 0 ? (
          <p className="px-4 py-6 text-muted">
            {filtered
              ? 'No request matches. Try another status or search.'
              : 'No quote requests yet. New ones appear here within seconds.'}
          </p>
        ) : (
          <ul className="divide-y divide-line">
            {body.leads.map((lead) => (
              <LeadRow key={lead.id} lead={lead} now={now} />
            ))}
          </ul>
        )}
      </section>
      <p className="text-center text-sm text-muted">
        New requests appear here by themselves; the list is checked every 15 seconds.
      </p>
    </div>
  );
}
