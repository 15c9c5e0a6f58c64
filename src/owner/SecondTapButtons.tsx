import { buttonClass, type ButtonSize, type ButtonVariant } from '../lib/button.ts';
import type { useSecondTap } from './use-second-tap.ts';

interface Props {
  /** The step's state, from useSecondTap */
  tap: ReturnType<typeof useSecondTap>;
  action: () => Promise<void>;
  /** The confirming button's words, and while its action runs */
  confirmLabel: string;
  busyLabel: string;
  variant: ButtonVariant;
  size?: ButtonSize;
  disabled?: boolean;
}

/** The second tap's two buttons: the one that does it (focused as the step opens), and "Keep it" */
export function SecondTapButtons({
  tap: { confirmRef, busy, run, close },
  action,
  confirmLabel,
  busyLabel,
  variant,
  size = 'md',
  disabled = false,
}: Props) {
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <button
        ref={confirmRef}
        type="button"
        className={buttonClass({ variant, size })}
        disabled={busy || disabled}
        onClick={() => void run(action)}
      >
        {busy ? busyLabel : confirmLabel}
      </button>
      <button
        type="button"
        className={buttonClass({ variant: 'outline', size })}
        disabled={busy}
        onClick={close}
      >
        Keep it
      </button>
    </div>
  );
}
