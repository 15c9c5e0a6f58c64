import type { ReactNode } from 'react';
import type { OwnerLead } from '../../lib/owner-api.ts';
import { formatDateTime } from '../time.ts';

/** Everything the customer sent besides the message (shown above it), and where it came from */
export function LeadFacts({ lead }: { lead: OwnerLead }) {
  const facts: Array<[string, ReactNode]> = [
    ['Phone', lead.phone || 'Not given'],
    ['E-mail', <span className="break-all">{lead.email}</span>],
    ['Address', lead.address || 'Not given'],
    ['Service', lead.service || 'Not given'],
    ['Sent', <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>],
    ['From the page', lead.page ? <span className="break-all">{lead.page}</span> : 'Not known'],
    ['Form', lead.formSource],
  ];
  return (
    <dl className="divide-y divide-line">
      {facts.map(([term, value]) => (
        <div key={term} className="grid gap-0.5 py-2.5 sm:grid-cols-[10rem_1fr] sm:gap-4">
          <dt className="text-sm font-semibold text-muted">{term}</dt>
          <dd className="text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
