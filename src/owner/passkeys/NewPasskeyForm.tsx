import type { LucideIcon } from 'lucide-react';
import { useId, useState, type ReactNode, type SubmitEvent } from 'react';
import { defaultPasskeyName } from '../../lib/owner-api.ts';
import { PasskeyNameField } from './PasskeyNameField.tsx';

interface Props {
  /** The name field's label */
  label: string;
  /** Under the field: what the passkey is, or where it is made */
  hint: ReactNode;
  className?: string;
  /** The button's icon, words and look */
  icon: LucideIcon;
  action: string;
  buttonClassName: string;
  /** Makes the passkey under the name given (this device's, when he gives none) */
  onSubmit: (name: string) => Promise<void>;
}

/**
 * Naming a new passkey, then making it: the name starts as this device's, and the button waits
 * while the device asks him to confirm
 */
export function NewPasskeyForm({
  label,
  hint,
  className,
  icon: Icon,
  action,
  buttonClassName,
  onSubmit,
}: Props) {
  const id = useId();
  const [name, setName] = useState(() => defaultPasskeyName(navigator.userAgent));
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await onSubmit(name.trim() || defaultPasskeyName(navigator.userAgent));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={className} onSubmit={(event) => void submit(event)}>
      <PasskeyNameField id={id} label={label} value={name} onChange={setName} />
      <p className="mt-1 text-sm text-muted">{hint}</p>
      <button type="submit" className={buttonClassName} disabled={busy} aria-busy={busy}>
        <Icon className="size-5" aria-hidden="true" />
        {busy ? 'Waiting for your device…' : action}
      </button>
    </form>
  );
}
