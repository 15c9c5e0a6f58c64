import { KeyRound } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { buttonClass } from '../lib/button.ts';
import { defaultPasskeyName } from '../lib/owner-api.ts';
import { DoorFrame } from './DoorFrame.tsx';
import { errorMessage } from './notices.tsx';
import { enrolFromInvite } from './passkey-ceremonies.ts';
import { PasskeyNameField } from './passkeys/PasskeyNameField.tsx';

interface Props {
  businessName: string;
  invite: string;
  onSignedIn: () => void;
  onCancel: () => void;
}

/** An invite link's page: name the passkey this device will hold, then make it */
export function InviteSetup({ businessName, invite, onSignedIn, onCancel }: Props) {
  const nameId = useId();
  const [name, setName] = useState(() => defaultPasskeyName(navigator.userAgent));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await enrolFromInvite(invite, name.trim() || defaultPasskeyName(navigator.userAgent));
      onSignedIn();
    } catch (error) {
      setProblem(errorMessage(error));
      setBusy(false);
    }
  }

  return (
    <DoorFrame businessName={businessName} title="Set up your passkey">
      <p className="text-muted">
        A passkey lets you sign in with Face ID, a fingerprint or your screen lock, with no
        password. It stays on this device.
      </p>
      <form className="mt-6" onSubmit={(event) => void submit(event)}>
        <PasskeyNameField
          id={nameId}
          label="Name of this passkey"
          value={name}
          onChange={setName}
        />
        <p className="mt-1 text-sm text-muted">So you can tell your passkeys apart later.</p>
        <button
          type="submit"
          className={buttonClass({ variant: 'accent', block: true }, 'mt-6')}
          disabled={busy}
          aria-busy={busy}
        >
          <KeyRound className="size-5" aria-hidden="true" />
          {busy ? 'Waiting for your device…' : 'Set up your passkey'}
        </button>
      </form>
      <div aria-live="polite">
        {problem && (
          <div role="alert" className="mt-4">
            <p className="field-error text-base">{problem}</p>
            <p className="mt-2 text-sm text-muted">
              An invite link works once, for 24 hours. If it has been used or has run out, ask for a
              new one.
            </p>
          </div>
        )}
      </div>
      <button
        type="button"
        className={buttonClass({ variant: 'outline', block: true }, 'mt-4')}
        onClick={onCancel}
      >
        I already have a passkey: sign in
      </button>
    </DoorFrame>
  );
}
