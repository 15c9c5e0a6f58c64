import { LEAD_STATUSES, LEAD_STATUS_LABELS, type LeadStatus } from '../../lib/owner-api.ts';

interface Props {
  status: LeadStatus;
  busy: boolean;
  onChange: (status: LeadStatus) => void;
}

/** New → Contacted → Quoted → Won or Lost, and Spam: the pressed one is where the request stands */
export function StatusButtons({ status, busy, onChange }: Props) {
  return (
    <div role="group" aria-label="Status" className="grid grid-cols-3 gap-2">
      {LEAD_STATUSES.map((choice) => (
        <button
          key={choice}
          type="button"
          aria-pressed={status === choice}
          disabled={busy}
          onClick={() => status !== choice && onChange(choice)}
          className="min-h-12 rounded-lg border-2 border-brand-700 bg-white px-2 font-semibold text-brand-800 not-aria-pressed:hover:bg-brand-50 disabled:opacity-70 aria-pressed:bg-brand-700 aria-pressed:text-white"
        >
          {LEAD_STATUS_LABELS[choice]}
        </button>
      ))}
    </div>
  );
}
