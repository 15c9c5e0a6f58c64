import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { buttonClass } from '../../lib/button.ts';
import type { PasskeyInfo } from '../../lib/owner-api.ts';
import { DeviceItem } from '../DeviceItem.tsx';
import { timeAgo } from '../time.ts';
import { PasskeyNameField } from './PasskeyNameField.tsx';

interface Props {
  passkey: PasskeyInfo;
  now: Date;
  onRename: (name: string) => Promise<boolean>;
  onRemove: () => Promise<void>;
}

type Mode = 'show' | 'rename' | 'remove';

/** One passkey: its name, when it was made and last used; rename it, or remove it after a warning */
export function PasskeyItem({ passkey, now, onRename, onRemove }: Props) {
  const nameId = useId();
  const [mode, setMode] = useState<Mode>('show');
  const [name, setName] = useState(passkey.name);
  const [busy, setBusy] = useState(false);
  const focusTarget = useRef<HTMLElement | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const previousMode = useRef<Mode>('show');

  useEffect(() => {
    if (mode !== 'show') focusTarget.current?.focus();
    else if (previousMode.current !== 'show') menuButton.current?.focus();
    previousMode.current = mode;
  }, [mode]);

  async function rename(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const done = await onRename(name.trim());
    setBusy(false);
    if (done) setMode('show');
  }

  async function remove() {
    setBusy(true);
    await onRemove();
    setBusy(false);
    setMode('show');
  }

  return (
    <DeviceItem
      name={passkey.name}
      current={passkey.current}
      addedAt={passkey.createdAt}
      now={now}
      lastly={passkey.lastUsedAt ? `last used ${timeAgo(passkey.lastUsedAt, now)}` : 'never used'}
      actions={
        mode === 'show' && (
          <div className="flex gap-2">
            <button
              ref={menuButton}
              type="button"
              className={buttonClass({ variant: 'outline', size: 'sm' })}
              onClick={() => setMode('rename')}
            >
              Rename<span className="sr-only"> {passkey.name}</span>
            </button>
            <button
              type="button"
              className="btn btn-outline min-h-11 border-danger-700 px-4 py-2 text-danger-800 hover:bg-danger-50"
              onClick={() => setMode('remove')}
            >
              Remove<span className="sr-only"> {passkey.name}</span>
            </button>
          </div>
        )
      }
    >
      {mode === 'rename' && (
        <form onSubmit={(event) => void rename(event)} className="mt-3">
          <PasskeyNameField
            id={nameId}
            label="New name"
            value={name}
            onChange={setName}
            inputRef={(element) => {
              focusTarget.current = element;
            }}
          />
          <div className="mt-2 flex gap-2">
            <button
              type="submit"
              className={buttonClass({ variant: 'brand', size: 'sm' })}
              disabled={busy || !name.trim()}
            >
              Save name
            </button>
            <button
              type="button"
              className={buttonClass({ variant: 'outline', size: 'sm' })}
              onClick={() => setMode('show')}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
      {mode === 'remove' && (
        <div
          role="group"
          aria-label={`Remove ${passkey.name}`}
          className="mt-3 rounded-lg border-2 border-danger-700 bg-danger-50 p-3"
        >
          <p className="text-ink">
            Remove <strong>{passkey.name}</strong>? It will no longer sign you in
            {passkey.current ? ', and this device will need another passkey next time' : ''}.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              ref={(element) => {
                focusTarget.current = element;
              }}
              type="button"
              className={buttonClass({ variant: 'danger-solid', size: 'sm' })}
              disabled={busy}
              onClick={() => void remove()}
            >
              Remove passkey
            </button>
            <button
              type="button"
              className={buttonClass({ variant: 'outline', size: 'sm' })}
              disabled={busy}
              onClick={() => setMode('show')}
            >
              Keep it
            </button>
          </div>
        </div>
      )}
    </DeviceItem>
  );
}
