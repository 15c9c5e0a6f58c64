import { Undo2 } from 'lucide-react';
import { buttonClass } from '../../lib/button.ts';
import { SecondTapConfirm } from '../SecondTapConfirm.tsx';

interface Props {
  message: string;
  disabled: boolean;
  onUndo: () => Promise<void>;
}

/** Undoing a change takes a second tap that says what it does */
export function UndoChange({ message, disabled, onUndo }: Props) {
  return (
    <SecondTapConfirm
      icon={Undo2}
      label="Undo this change"
      startClassName={buttonClass({ variant: 'outline', size: 'sm' })}
      question={`Undo “${message}”?`}
      groupLabel="Undo this change?"
      tone="brand"
      confirmLabel="Yes, undo it"
      busyLabel="Undoing…"
      action={onUndo}
      size="sm"
      disabled={disabled}
    >
      <p className="mt-1 text-ink">
        This takes the change back out and publishes the site again. Your later changes stay.
      </p>
    </SecondTapConfirm>
  );
}
