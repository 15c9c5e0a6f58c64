import { useId } from 'react';
import { buttonClass } from '../../lib/button.ts';
import { formatCalendarDay, nzCalendarDay } from '../time.ts';

interface Props {
  followUp: string | null;
  busy: boolean;
  onChange: (followUp: string | null) => void;
}

/** The day he means to get back to the customer, or none */
export function FollowUp({ followUp, busy, onChange }: Props) {
  const id = useId();
  const today = nzCalendarDay(new Date());
  const due = followUp !== null && followUp <= today;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        Follow up on
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={id}
          type="date"
          className="field w-auto min-w-44"
          value={followUp ?? ''}
          disabled={busy}
          onChange={(event) => {
            const day = event.target.value;
            if (/^\d{4}-\d{2}-\d{2}$/.test(day)) onChange(day);
            else if (day === '') onChange(null);
          }}
        />
        {followUp && (
          <button
            type="button"
            className={buttonClass({ variant: 'outline', size: 'sm' })}
            disabled={busy}
            onClick={() => onChange(null)}
          >
            Clear
          </button>
        )}
      </div>
      <p className={due ? 'mt-1 text-sm font-semibold text-danger-800' : 'mt-1 text-sm text-muted'}>
        {followUp
          ? `${due ? 'Due: ' : ''}${formatCalendarDay(followUp)}`
          : 'No follow-up date set.'}
      </p>
    </div>
  );
}
