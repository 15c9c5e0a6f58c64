import { Trash2 } from 'lucide-react';
import { SecondTapConfirm } from '../SecondTapConfirm.tsx';

interface Props {
  name: string;
  onDelete: () => Promise<void>;
}

/** Deleting a request (a privacy request) takes a second, deliberate tap that says what it does */
export function DeleteLead({ name, onDelete }: Props) {
  return (
    <SecondTapConfirm
      icon={Trash2}
      label="Delete this request"
      startClassName="btn btn-outline w-full border-danger-700 text-danger-800 hover:bg-danger-50"
      question={`Delete the request from ${name} for good?`}
      tone="danger"
      confirmLabel="Delete for good"
      busyLabel="Deleting…"
      action={onDelete}
      // A deleted request's page goes away, so the confirmation is never closed after it
      closeAfterAction={false}
    >
      <p className="mt-1 text-ink">
        This removes it, its notes and its delivery record from the server, and it cannot be undone.
        Use it when someone asks you to delete their details.
      </p>
    </SecondTapConfirm>
  );
}
