import { cn } from '../lib/cn.ts';
import { LEAD_STATUS_LABELS, type LeadStatus } from '../lib/owner-api.ts';

/** Each status's colours; every pair meets WCAG AA contrast */
export const statusColours: Readonly<Record<LeadStatus, string>> = {
  new: 'bg-accent-500 text-brand-950',
  contacted: 'bg-brand-100 text-brand-900',
  quoted: 'bg-brand-700 text-white',
  won: 'bg-success-700 text-white',
  lost: 'bg-gray-200 text-ink',
  spam: 'bg-danger-50 text-danger-800',
};

export function StatusBadge({ status, className }: { status: LeadStatus; className?: string }) {
  return (
    <span
      className={cn(
        'inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap',
        statusColours[status],
        className,
      )}
    >
      {LEAD_STATUS_LABELS[status]}
    </span>
  );
}
