/**
 * The app's messages ("Marked as Quoted", the server's error): one live region that is always on
 * the page, so screen readers announce each message, shown above the tab bar until dismissed
 * (errors) or for a few seconds (the rest).
 */
import { Check, TriangleAlert, X } from 'lucide-react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { isSignedOut } from './api.ts';
import { IconButton } from '../components/ui/IconButton.tsx';

export interface Notice {
  kind: 'success' | 'error';
  text: string;
}

type Notify = (notice: Notice) => void;

const NoticeContext = createContext<{
  notify: Notify;
  notifyError: (error: unknown) => void;
} | null>(null);

const SHOWN_FOR_MS = 5000;

export function useNotices() {
  const context = useContext(NoticeContext);
  if (!context) throw new Error('useNotices needs a NoticeProvider');
  return context;
}

/** What went wrong, in words: the server's own, or the error's */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message
    ? error.message
    : 'Something went wrong. Try again.';
}

export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<(Notice & { key: number }) | null>(null);
  const notify = useCallback<Notify>((next) => setNotice({ ...next, key: Date.now() }), []);
  // A 401 has already taken the owner to sign-in, which says so itself
  const notifyError = useCallback(
    (error: unknown) => {
      if (!isSignedOut(error)) notify({ kind: 'error', text: errorMessage(error) });
    },
    [notify],
  );
  useEffect(() => {
    if (!notice || notice.kind === 'error') return;
    const timer = setTimeout(() => setNotice(null), SHOWN_FOR_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  const value = useMemo(() => ({ notify, notifyError }), [notify, notifyError]);

  return (
    <NoticeContext value={value}>
      {children}
      <div
        aria-live="polite"
        aria-atomic="true"
        className="pointer-events-none fixed inset-x-3 bottom-24 z-40 flex justify-center md:top-4 md:right-4 md:bottom-auto md:left-auto md:w-96"
      >
        {notice && (
          <div
            key={notice.key}
            role={notice.kind === 'error' ? 'alert' : 'status'}
            data-kind={notice.kind}
            className="pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl border-l-4 bg-white p-4 shadow-2xl data-[kind=error]:border-danger-700 data-[kind=success]:border-success-700"
          >
            {notice.kind === 'error' ? (
              <TriangleAlert
                className="mt-0.5 size-5 shrink-0 text-danger-700"
                aria-hidden="true"
              />
            ) : (
              <Check className="mt-0.5 size-5 shrink-0 text-success-700" aria-hidden="true" />
            )}
            <p className="flex-1 font-medium text-brand-900">{notice.text}</p>
            <IconButton
              label="Dismiss message"
              icon={X}
              iconClassName="size-5"
              onClick={() => setNotice(null)}
              className="-m-2 size-11 shrink-0 rounded-lg text-muted hover:bg-brand-50"
            />
          </div>
        )}
      </div>
    </NoticeContext>
  );
}
