import type { ReactNode } from 'react';
import { ThisDevice } from './ThisDevice.tsx';
import { formatDay } from './time.ts';

interface Props {
  name: string;
  /** Whether it is the device he is using */
  current: boolean;
  addedAt: string;
  now: Date;
  /** What it last did ("last used 2 days ago"), after when it was added */
  lastly: string;
  /** Under those lines: a problem it had */
  note?: ReactNode;
  /** Beside them: its buttons */
  actions?: ReactNode;
  /** Below: a form or a question that opens from its buttons */
  children?: ReactNode;
}

/** One of his devices (a passkey, a phone that gets push) in a list: its name, when it was added and what it last did */
export function DeviceItem({
  name,
  current,
  addedAt,
  now,
  lastly,
  note,
  actions,
  children,
}: Props) {
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-brand-900">
            {name}
            {current && <ThisDevice />}
          </p>
          <p className="text-sm text-muted">
            Added {formatDay(addedAt, now)} · {lastly}
          </p>
          {note}
        </div>
        {actions}
      </div>
      {children}
    </li>
  );
}
