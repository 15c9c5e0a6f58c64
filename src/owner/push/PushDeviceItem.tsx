import { buttonClass } from '../../lib/button.ts';
import type { PushDevice } from '../../lib/owner-api.ts';
import { DeviceItem } from '../DeviceItem.tsx';
import { SecondTapButtons } from '../SecondTapButtons.tsx';
import { formatDateTime } from '../time.ts';
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
    <DeviceItem
      name={device.device}
      current={current}
      addedAt={device.createdAt}
      now={now}
      lastly={
        device.lastDeliveredAt
          ? `last delivered ${formatDateTime(device.lastDeliveredAt)}`
          : 'nothing delivered yet'
      }
      note={
        device.lastError && (
          <p className="text-sm font-medium text-danger-800">
            Last push failed: {device.lastError}
          </p>
        )
      }
      actions={
        !confirming && (
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
        )
      }
    >
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
    </DeviceItem>
  );
}
