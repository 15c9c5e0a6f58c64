import { Undo2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ownerButton } from '../button-class.ts';

interface Props {
  message: string;
  disabled: boolean;
  onUndo: () => Promise<void>;
}

/** Undoing a change takes a second tap that says what it does */
export function UndoChange({ message, disabled, onUndo }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (wasConfirming.current) startRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  if (!confirming) {
    return (
      <button
        ref={startRef}
        type="button"
        className={ownerButton('outline', { small: true })}
        disabled={disabled}
        onClick={() => setConfirming(true)}
      >
        <Undo2 className="size-5" aria-hidden="true" />
        Undo this change
      </button>
    );
  }
  return (
    <div role="group" aria-label="Undo this change?" className="w-full rounded-lg border-2 border-brand-700 bg-brand-50 p-4">
      <p className="font-semibold text-brand-900">Undo “{message}”?</p>
      <p className="mt-1 text-ink">This takes the change back out and publishes the site again. Your later changes stay.</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          ref={confirmRef}
          type="button"
          className={ownerButton('brand', { small: true })}
          disabled={busy || disabled}
          onClick={async () => {
            setBusy(true);
            try {
              await onUndo();
            } finally {
              setBusy(false);
              setConfirming(false);
            }
          }}
        >
          {busy ? 'Undoing…' : 'Yes, undo it'}
        </button>
        <button type="button" className={ownerButton('outline', { small: true })} disabled={busy} onClick={() => setConfirming(false)}>
          Keep it
        </button>
      </div>
    </div>
  );
}
