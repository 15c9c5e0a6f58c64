import { ChevronRight } from 'lucide-react';
import type { OwnerLead } from '../../lib/owner-api.ts';
import { hashOf } from '../routes.ts';
import { StatusBadge } from '../StatusBadge.tsx';
import { timeAgo } from '../time.ts';

/** One request in the inbox: who, when, where, what, its status, and a dot while unread */
export function LeadRow({ lead, now }: { lead: OwnerLead; now: Date }) {
  const unread = lead.readAt === null;
  const place = lead.address?.trim();
  return (
    <li>
      <a
        href={hashOf({ name: 'lead', id: lead.id })}
        data-unread={unread || undefined}
        className="flex min-h-16 items-center gap-3 px-4 py-3 text-ink no-underline hover:bg-brand-50 focus-visible:bg-brand-50"
      >
        <span className="flex w-3 shrink-0 justify-center" aria-hidden="true">
          {unread && <span className="size-2.5 rounded-full bg-brand-700" />}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-3">
            <span
              className={
                unread
                  ? 'truncate font-bold text-brand-900'
                  : 'truncate font-semibold text-brand-900'
              }
            >
              {unread && <span className="sr-only">Unread: </span>}
              {lead.name}
            </span>
            <time dateTime={lead.createdAt} className="shrink-0 text-sm text-muted">
              {timeAgo(lead.createdAt, now)}
            </time>
          </span>
          <span className="mt-0.5 flex items-center justify-between gap-3">
            <span className="min-w-0 truncate text-sm text-ink">
              {lead.service || lead.message.slice(0, 80) || 'No service named'}
            </span>
            <StatusBadge status={lead.status} className="shrink-0" />
          </span>
          {place && <span className="block truncate text-sm text-muted">{place}</span>}
        </span>
        <ChevronRight className="size-5 shrink-0 text-muted" aria-hidden="true" />
      </a>
    </li>
  );
}
