import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '../lib/button.ts';
import { DoorFrame } from './DoorFrame.tsx';
import { errorMessage } from './notices.tsx';
import { signInWithPasskey } from './passkey-ceremonies.ts';

interface Props {
  businessName: string;
  /** Why he is here again, when a session has just ended */
  reason?: string | undefined;
  onSignedIn: () => void;
}

/** The owner's door: one button that asks his phone (or laptop) for its passkey */
export function SignIn({ businessName, reason, onSignedIn }: Props) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function signIn() {
    setBusy(true);
    setProblem(null);
    try {
      await signInWithPasskey();
      onSignedIn();
    } catch (error) {
      setProblem(errorMessage(error));
      setBusy(false);
    }
  }

  return (
    <DoorFrame businessName={businessName} title="Sign in">
      {reason && <p className="mb-4 rounded-lg bg-accent-100 p-3 text-brand-900">{reason}</p>}
      <p className="text-muted">
        Your quote requests and numbers are here. Use the passkey on your phone or computer: Face
        ID, a fingerprint or the screen lock.
      </p>
      <button
        type="button"
        className={buttonClass({ variant: 'accent', block: true }, 'mt-6')}
        onClick={() => void signIn()}
        disabled={busy}
        aria-busy={busy}
      >
        <KeyRound className="size-5" aria-hidden="true" />
        {busy ? 'Waiting for your passkey…' : 'Sign in with your passkey'}
      </button>
      <div aria-live="polite">
        {problem && (
          <p role="alert" className="field-error mt-4 text-base">
            {problem}
          </p>
        )}
      </div>
      <p className="mt-6 text-sm text-muted">
        Lost your passkeys? A new invite link from the server lets you set one up again.
      </p>
    </DoorFrame>
  );
}
