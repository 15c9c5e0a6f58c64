import { Trash2 } from 'lucide-react';
import { buttonClass } from '../../lib/button.ts';
import { SecondTapButtons } from '../SecondTapButtons.tsx';
import { useSecondTap } from '../use-second-tap.ts';

interface Props {
  /** The changes waiting, in words, as the panel lists them */
  changes: readonly string[];
  disabled: boolean;
  onDiscard: () => Promise<void>;
}

/** Dropping his unpublished changes takes a second tap that names each one it drops */
export function DiscardChanges({ changes, disabled, onDiscard }: Props) {
  const tap = useSecondTap({ closeAfterAction: true });
  const { confirming, startRef, open } = tap;

  if (!confirming) {
    return (
      <button
        ref={startRef}
        type="button"
        className={buttonClass({ variant: 'outline', block: true }, 'mt-2')}
        disabled={disabled}
        onClick={open}
      >
        <Trash2 className="size-5" aria-hidden="true" />
        Discard my unpublished changes
      </button>
    );
  }
  return (
    <div
      role="group"
      aria-label="Discard your unpublished changes?"
      className="mt-2 w-full rounded-lg border-2 border-danger-700 bg-danger-50 p-4"
    >
      <p className="font-semibold text-danger-800">
        Discard {changes.length === 1 ? 'this change' : `these ${changes.length} changes`}?
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-ink">
        {changes.map((change) => (
          <li key={change}>{change}</li>
        ))}
      </ul>
      <p className="mt-2 text-ink">
        Your pages go back to how they are on your site now. This cannot be undone.
      </p>
      <SecondTapButtons
        tap={tap}
        action={onDiscard}
        confirmLabel="Yes, discard them"
        busyLabel="Discarding…"
        variant="danger-solid"
        size="sm"
        disabled={disabled}
      />
    </div>
  );
}
