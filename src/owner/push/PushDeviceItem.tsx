import { buttonClass } from '../../lib/button.ts';
import type { PushDevice } from '../../lib/owner-api.ts';
import { ThisDevice } from '../passkeys/ThisDevice.tsx';
import { SecondTapButtons } from '../SecondTapButtons.tsx';
import { formatDateTime, formatDay } from '../time.ts';
import { useSecondTap } from '../use-second-tap.ts';

interface Props {
  device: PushDevice;
  current: boolean;
  now: Date;
  onRemove: () => Promise<void>;
}

/** One device that receives push: its last delivery or problem, and Remove after a second tap */
export function PushDeviceItem({ device, current, now, onRemove }: Props) {
  const tap = useSecondTap({ closeAfterAction: true });
  const { confirming, startRef, open } = tap;
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-brand-900">
            {device.device}
            {current && <ThisDevice />}
          </p>
          <p className="text-sm text-muted">
            Added {formatDay(device.createdAt, now)} ·{' '}
            {device.lastDeliveredAt
              ? `last delivered ${formatDateTime(device.lastDeliveredAt)}`
              : 'nothing delivered yet'}
          </p>
          {device.lastError && (
            <p className="text-sm font-medium text-danger-800">
              Last push failed: {device.lastError}
            </p>
          )}
        </div>
        {!confirming && (
          <button
            ref={startRef}
            type="button"
            className={buttonClass(
              { variant: 'outline', size: 'sm' },
              'border-danger-700 text-danger-800 hover:bg-danger-50',
            )}
            onClick={open}
          >
            Remove<span className="sr-only"> {device.device}</span>
          </button>
        )}
      </div>
      {confirming && (
        <div
          role="group"
          aria-label={`Remove ${device.device}`}
          className="mt-3 rounded-lg border-2 border-danger-700 bg-danger-50 p-3"
        >
          <p className="text-ink">
            Stop notifications to <strong>{device.device}</strong>
            {current ? ' (this device)' : ''}?
          </p>
          <SecondTapButtons
            tap={tap}
            action={onRemove}
            confirmLabel="Remove device"
            busyLabel="Removing…"
            variant="danger-solid"
            size="sm"
          />
        </div>
      )}
    </li>
  );
}
