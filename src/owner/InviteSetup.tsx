import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '../lib/button.ts';
import { DoorFrame } from './DoorFrame.tsx';
import { errorMessage } from './notices.tsx';
import { enrolFromInvite } from './passkey-ceremonies.ts';
import { NewPasskeyForm } from './passkeys/NewPasskeyForm.tsx';

interface Props {
  businessName: string;
  invite: string;
  onSignedIn: () => void;
  onCancel: () => void;
}

/** An invite link's page: name the passkey this device will hold, then make it */
export function InviteSetup({ businessName, invite, onSignedIn, onCancel }: Props) {
  const [problem, setProblem] = useState<string | null>(null);

  async function enrol(name: string) {
    setProblem(null);
    try {
      await enrolFromInvite(invite, name);
      onSignedIn();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <DoorFrame businessName={businessName} title="Set up your passkey">
      <p className="text-muted">
        A passkey lets you sign in with Face ID, a fingerprint or your screen lock, with no
        password. It stays on this device.
      </p>
      <NewPasskeyForm
        className="mt-6"
        label="Name of this passkey"
        hint="So you can tell your passkeys apart later."
        icon={KeyRound}
        action="Set up your passkey"
        buttonClassName={buttonClass({ variant: 'accent', block: true }, 'mt-6')}
        onSubmit={enrol}
      />
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
