import { Undo2 } from 'lucide-react';
import { buttonClass } from '../../lib/button.ts';
import { SecondTapButtons } from '../SecondTapButtons.tsx';
import { useSecondTap } from '../use-second-tap.ts';

interface Props {
  message: string;
  disabled: boolean;
  onUndo: () => Promise<void>;
}

/** Undoing a change takes a second tap that says what it does */
export function UndoChange({ message, disabled, onUndo }: Props) {
  const tap = useSecondTap({ closeAfterAction: true });
  const { confirming, startRef, open } = tap;

  if (!confirming) {
    return (
      <button
        ref={startRef}
        type="button"
        className={buttonClass({ variant: 'outline', size: 'sm' })}
        disabled={disabled}
        onClick={open}
      >
        <Undo2 className="size-5" aria-hidden="true" />
        Undo this change
      </button>
    );
  }
  return (
    <div
      role="group"
      aria-label="Undo this change?"
      className="w-full rounded-lg border-2 border-brand-700 bg-brand-50 p-4"
    >
      <p className="font-semibold text-brand-900">Undo “{message}”?</p>
      <p className="mt-1 text-ink">
        This takes the change back out and publishes the site again. Your later changes stay.
      </p>
      <SecondTapButtons
        tap={tap}
        action={onUndo}
        confirmLabel="Yes, undo it"
        busyLabel="Undoing…"
        variant="brand"
        size="sm"
        disabled={disabled}
      />
    </div>
  );
}
