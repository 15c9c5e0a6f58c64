import { Trash2 } from 'lucide-react';
import { buttonClass } from '../../lib/button.ts';
import { SecondTapConfirm } from '../SecondTapConfirm.tsx';

interface Props {
  /** The changes waiting, in words, as the panel lists them */
  changes: readonly string[];
  disabled: boolean;
  onDiscard: () => Promise<void>;
}

/** Dropping his unpublished changes takes a second tap that names each one it drops */
export function DiscardChanges({ changes, disabled, onDiscard }: Props) {
  return (
    <div className="mt-2">
      <SecondTapConfirm
        icon={Trash2}
        label="Discard my unpublished changes"
        startClassName={buttonClass({ variant: 'outline', block: true })}
        question={`Discard ${changes.length === 1 ? 'this change' : `these ${changes.length} changes`}?`}
        groupLabel="Discard your unpublished changes?"
        tone="danger"
        confirmLabel="Yes, discard them"
        busyLabel="Discarding…"
        action={onDiscard}
        size="sm"
        disabled={disabled}
      >
        <ul className="mt-2 list-disc space-y-1 pl-5 text-ink">
          {changes.map((change) => (
            <li key={change}>{change}</li>
          ))}
        </ul>
        <p className="mt-2 text-ink">
          Your pages go back to how they are on your site now. This cannot be undone.
        </p>
      </SecondTapConfirm>
    </div>
  );
}
