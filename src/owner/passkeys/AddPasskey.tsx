import { Plus } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { buttonClass } from '../../lib/button.ts';
import { defaultPasskeyName } from '../../lib/owner-api.ts';
import { addPasskey } from '../passkey-ceremonies.ts';
import { PasskeyNameField } from './PasskeyNameField.tsx';

/** A passkey on this device (or a security key) besides the ones he has: a laptop, a backup */
export function AddPasskey({
  onAdded,
  onProblem,
}: {
  onAdded: (name: string) => void;
  onProblem: (error: unknown) => void;
}) {
  const id = useId();
  const [name, setName] = useState(() => defaultPasskeyName(navigator.userAgent));
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const chosen = name.trim() || defaultPasskeyName(navigator.userAgent);
    try {
      await addPasskey(chosen);
      onAdded(chosen);
    } catch (error) {
      onProblem(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)}>
      <PasskeyNameField id={id} label="Name of the new passkey" value={name} onChange={setName} />
      <p className="mt-1 text-sm text-muted">
        Made on this device, or on a security key you hold to it. You may be asked to confirm with a
        passkey you have first. Your notification channels are told whenever a passkey is added or
        removed.
      </p>
      <button
        type="submit"
        className={buttonClass({ variant: 'brand' }, 'mt-3')}
        disabled={busy}
        aria-busy={busy}
      >
        <Plus className="size-5" aria-hidden="true" />
        {busy ? 'Waiting for your device…' : 'Add a passkey'}
      </button>
    </form>
  );
}
