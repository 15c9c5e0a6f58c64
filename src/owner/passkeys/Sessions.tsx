import { useState } from 'react';
import type { SessionInfo } from '../../lib/owner-api.ts';
import { buttonClass } from '../../lib/button.ts';
import { formatDateTime, timeAgo } from '../time.ts';
import { ThisDevice } from '../ThisDevice.tsx';

interface Props {
  sessions: SessionInfo[];
  now: Date;
  onSignOut: (session: SessionInfo) => Promise<void>;
  onSignOutOthers: () => Promise<void>;
}

/** Where he is signed in now, this device first; any other can be signed out, one or all */
export function Sessions({ sessions, now, onSignOut, onSignOutOthers }: Props) {
  const [busy, setBusy] = useState(false);
  const ordered = [...sessions].sort((a, b) => Number(b.current) - Number(a.current));
  const others = sessions.filter((session) => !session.current);

  async function whileBusy(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <p className="text-muted">
        Each device signed in to this page now. The device is how its browser describes itself, so
        take it as a hint. If one is not you, sign it out and remove the passkey it used.
      </p>
      <ul className="mt-3 divide-y divide-line">
        {ordered.map((session) => (
          <li
            key={session.id}
            className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2 py-2.5"
          >
            <div className="min-w-0">
              <p className="font-semibold break-words text-brand-900">
                {session.device}{' '}
                <span className="text-sm font-normal text-muted">(as its browser says)</span>
                {session.current && <ThisDevice />}
              </p>
              <p className="text-sm text-muted">
                Signed in {formatDateTime(session.startedAt)} with {session.passkeyName} · last used{' '}
                {timeAgo(session.lastUsedAt, now)}
              </p>
            </div>
            {!session.current && (
              <button
                type="button"
                className={buttonClass({ variant: 'outline', size: 'sm' })}
                disabled={busy}
                onClick={() => void whileBusy(() => onSignOut(session))}
              >
                Sign out this one
                <span className="sr-only">
                  {' '}
                  ({session.device}, signed in {formatDateTime(session.startedAt)})
                </span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <button
          type="button"
          className={buttonClass({ variant: 'outline' }, 'mt-3')}
          disabled={busy}
          onClick={() => void whileBusy(onSignOutOthers)}
        >
          Sign out everywhere else
        </button>
      )}
    </div>
  );
}
