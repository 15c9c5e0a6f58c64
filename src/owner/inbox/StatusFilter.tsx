import { cn } from '../../lib/cn.ts';
import { LEAD_STATUSES, LEAD_STATUS_LABELS, type LeadStatus } from '../../lib/owner-api.ts';

interface Props {
  counts: Record<LeadStatus, number> | null;
  selected: LeadStatus | null;
  onSelect: (status: LeadStatus | null) => void;
}

const chip =
  'inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full border px-4 text-sm font-semibold whitespace-nowrap aria-pressed:border-brand-900 aria-pressed:bg-brand-900 aria-pressed:text-white';

/** Chips that show only the requests of one status, each with how many it has */
export function StatusFilter({ counts, selected, onSelect }: Props) {
  const all = counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : null;
  const choices: Array<{ status: LeadStatus | null; label: string; count: number | null }> = [
    { status: null, label: 'All', count: all },
    ...LEAD_STATUSES.map((status) => ({
      status,
      label: LEAD_STATUS_LABELS[status],
      count: counts?.[status] ?? null,
    })),
  ];
  return (
    <div
      role="group"
      aria-label="Show requests by status"
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1"
    >
      {choices.map(({ status, label, count }) => (
        <button
          key={label}
          type="button"
          aria-pressed={selected === status}
          onClick={() => onSelect(status)}
          className={cn(
            chip,
            'border-gray-400 bg-white text-brand-900 not-aria-pressed:hover:bg-brand-50',
          )}
        >
          {label}
          {count !== null && <span className="tabular-nums opacity-80">{count}</span>}
        </button>
      ))}
    </div>
  );
}
