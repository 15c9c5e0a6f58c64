import { Trash2 } from 'lucide-react';
import { SecondTapButtons } from '../SecondTapButtons.tsx';
import { useSecondTap } from '../use-second-tap.ts';

interface Props {
  name: string;
  onDelete: () => Promise<void>;
}

/** Deleting a request (a privacy request) takes a second, deliberate tap that says what it does */
export function DeleteLead({ name, onDelete }: Props) {
  // A deleted request's page goes away, so the confirmation is never closed after it
  const tap = useSecondTap({ closeAfterAction: false });
  const { confirming, startRef, open } = tap;

  if (!confirming) {
    return (
      <button
        ref={startRef}
        type="button"
        className="btn btn-outline w-full border-danger-700 text-danger-800 hover:bg-danger-50"
        onClick={open}
      >
        <Trash2 className="size-5" aria-hidden="true" />
        Delete this request
      </button>
    );
  }
  return (
    <div
      role="group"
      aria-labelledby="delete-warning"
      className="rounded-lg border-2 border-danger-700 bg-danger-50 p-4"
    >
      <p id="delete-warning" className="font-semibold text-danger-800">
        Delete the request from {name} for good?
      </p>
      <p className="mt-1 text-ink">
        This removes it, its notes and its delivery record from the server, and it cannot be undone.
        Use it when someone asks you to delete their details.
      </p>
      <SecondTapButtons
        tap={tap}
        action={onDelete}
        confirmLabel="Delete for good"
        busyLabel="Deleting…"
        variant="danger-solid"
      />
    </div>
  );
}
