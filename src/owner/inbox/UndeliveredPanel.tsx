import { TriangleAlert } from 'lucide-react';
import type { OwnerLead } from '../../lib/owner-api.ts';
import { hashOf } from '../routes.ts';
import { channelLabels } from '../lead/Deliveries.tsx';
import { timeAgo } from '../time.ts';
import { InboxNotice } from '../InboxNotice.tsx';

/** Requests a channel failed to deliver, or has not delivered within the hour: first on the page */
export function UndeliveredPanel({ leads, now }: { leads: OwnerLead[]; now: Date }) {
  if (leads.length === 0) return null;
  return (
    <InboxNotice
      tone="danger"
      icon={TriangleAlert}
      title="These requests did not reach you on every channel"
    >
      <p className="mt-1 text-sm text-ink">
        Open each one so none is missed. The server keeps trying the channels that failed.
      </p>
      <ul className="mt-3 space-y-2">
        {leads.map((lead) => {
          const missed = lead.deliveries.filter(
            (delivery) => delivery.state === 'failed' || delivery.overdue,
          );
          return (
            <li key={lead.id}>
              <a
                href={hashOf({ name: 'lead', id: lead.id })}
                className="flex min-h-11 flex-wrap items-baseline gap-x-2 rounded-lg bg-white px-3 py-2 text-ink no-underline hover:bg-brand-50"
              >
                <span className="font-semibold text-brand-900">{lead.name}</span>
                <span className="text-sm text-muted">{timeAgo(lead.createdAt, now)}</span>
                <span className="w-full text-sm text-danger-800">
                  Not delivered by{' '}
                  {missed.map((delivery) => channelLabels[delivery.channel]).join(', ')}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </InboxNotice>
  );
}
