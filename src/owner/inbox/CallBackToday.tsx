import { PhoneCall } from 'lucide-react';
import type { OwnerLead } from '../../lib/owner-api.ts';
import { hashOf } from '../routes.ts';
import { dueLabel } from './due-label.ts';
import { InboxNotice } from '../InboxNotice.tsx';

/** The open requests whose follow-up date has come, oldest date first: they head the inbox */
export function CallBackToday({ leads, today }: { leads: OwnerLead[]; today: string }) {
  if (leads.length === 0) return null;
  return (
    <InboxNotice tone="brand" icon={PhoneCall} title="Call back today">
      <ul className="mt-3 space-y-2">
        {leads.map((lead) => {
          const due = dueLabel(lead.followUp ?? today, today);
          const overdue = lead.followUp !== null && lead.followUp < today;
          return (
            <li key={lead.id}>
              <a
                href={hashOf({ name: 'lead', id: lead.id })}
                className="flex min-h-11 flex-wrap items-baseline justify-between gap-x-3 rounded-lg bg-white px-3 py-2 text-ink no-underline hover:bg-brand-100"
              >
                <span className="font-semibold text-brand-900">{lead.name}</span>
                <span
                  className={
                    overdue ? 'text-sm font-semibold text-danger-800' : 'text-sm text-muted'
                  }
                >
                  {due}
                </span>
                <span className="w-full truncate text-sm text-ink">
                  {[lead.phone, lead.service, lead.address?.trim()].filter(Boolean).join(' · ')}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </InboxNotice>
  );
}
