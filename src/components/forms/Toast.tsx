import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { IconButton } from '../ui/IconButton.tsx';

export interface ToastMessage {
  kind: 'success' | 'error';
  title: string;
  text: string;
}

interface Props {
  toast: ToastMessage | null;
  onDismiss: () => void;
}

/** The form's message, in a live region so screen readers announce it when it appears */
export function Toast({ toast, onDismiss }: Props) {
  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      className="fixed inset-x-3 top-20 z-50 flex justify-center sm:inset-x-auto sm:right-5 sm:w-96"
    >
      {toast && (
        <div
          data-kind={toast.kind}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          className="toast flex w-full gap-3 rounded-xl border-l-4 bg-white p-4 shadow-2xl data-[kind=error]:border-danger-700 data-[kind=success]:border-success-700"
        >
          {toast.kind === 'success' ? (
            <CircleCheck className="size-6 shrink-0 text-success-700" aria-hidden="true" />
          ) : (
            <CircleAlert className="size-6 shrink-0 text-danger-700" aria-hidden="true" />
          )}
          <div className="flex-1">
            <p className="font-bold text-brand-900">{toast.title}</p>
            <p className="mt-0.5 text-sm text-muted">{toast.text}</p>
          </div>
          <IconButton
            label="Dismiss message"
            icon={X}
            iconClassName="size-4"
            onClick={onDismiss}
            className="-m-1 size-8 rounded-md text-muted hover:bg-brand-50"
          />
        </div>
      )}
    </div>
  );
}
