import { Plus } from 'lucide-react';
import { buttonClass } from '../../lib/button.ts';
import { addPasskey } from '../passkey-ceremonies.ts';
import { NewPasskeyForm } from './NewPasskeyForm.tsx';

/** A passkey on this device (or a security key) besides the ones he has: a laptop, a backup */
export function AddPasskey({
  onAdded,
  onProblem,
}: {
  onAdded: (name: string) => void;
  onProblem: (error: unknown) => void;
}) {
  return (
    <NewPasskeyForm
      label="Name of the new passkey"
      hint="Made on this device, or on a security key you hold to it. You may be asked to confirm with a passkey you have first. Your notification channels are told whenever a passkey is added or removed."
      icon={Plus}
      action="Add a passkey"
      buttonClassName={buttonClass({ variant: 'brand' }, 'mt-3')}
      onSubmit={async (name) => {
        try {
          await addPasskey(name);
          onAdded(name);
        } catch (error) {
          onProblem(error);
        }
      }}
    />
  );
}
