import { CircleAlert, CircleCheck } from 'lucide-react';
import { ownerApi } from '../api.ts';
import { Alert } from '../Alert.tsx';
import { useInvalidation, usePush } from '../data.tsx';
import { errorMessage, useNotices } from '../notices.tsx';
import { Panel } from '../Panel.tsx';
import { View } from '../View.tsx';
import { PushDeviceItem } from './PushDeviceItem.tsx';
import { PushSetup } from './PushSetup.tsx';
import { forgetThisDevice, useThisDeviceId } from './subscription.ts';

/** Push to his devices: this device's setup, the devices that receive it, and the other channels */
export function Notifications({ now }: { now: Date }) {
  const { notify, notifyError } = useNotices();
  const { data: body, error: problem } = usePush();
  const { pushChanged } = useInvalidation();
  const thisDeviceId = useThisDeviceId();
  const otherChannels = body?.channels.filter((channel) => channel.name !== 'push') ?? [];

  return (
    <View
      title="Notifications"
      intro="Your phone tells you of each new request the moment it arrives, and a tap opens it."
    >
      {problem !== undefined && <Alert>{errorMessage(problem)}</Alert>}
      <Panel title="Set up this device">
        {body === undefined ? <p className="text-muted">Loading…</p> : <PushSetup body={body} />}
      </Panel>
      <Panel title="Devices that get notifications">
        {body === undefined ? (
          <p className="text-muted">Loading…</p>
        ) : body.devices.length === 0 ? (
          <p className="text-muted">None yet. Turn them on above, on each phone you use.</p>
        ) : (
          <ul className="divide-y divide-line">
            {body.devices.map((device) => (
              <PushDeviceItem
                key={device.id}
                device={device}
                current={device.id === thisDeviceId}
                now={now}
                onRemove={async () => {
                  try {
                    await ownerApi.removePushDevice(device.id);
                    if (device.id === thisDeviceId) await forgetThisDevice();
                    notify({ kind: 'success', text: `${device.device} removed` });
                  } catch (error) {
                    notifyError(error);
                  }
                  await pushChanged();
                }}
              />
            ))}
          </ul>
        )}
      </Panel>
      {body !== undefined && (
        <Panel title="Other ways you are told">
          {otherChannels.length === 0 ? (
            <p className="text-muted">
              None: the server has no e-mail, ntfy or webhook set up, so push to your devices is the
              only way you hear of a new request.
            </p>
          ) : (
            <ul className="divide-y divide-line">
              {otherChannels.map((channel) => (
                <li key={channel.name} className="flex items-center justify-between gap-3 py-2">
                  <span className="font-semibold text-brand-900">{channel.label}</span>
                  {channel.working ? (
                    <span className="inline-flex items-center gap-1.5 text-success-700">
                      <CircleCheck className="size-5" aria-hidden="true" />
                      Working
                    </span>
                  ) : (
                    <span className="inline-flex items-center gap-1.5 font-medium text-danger-800">
                      <CircleAlert className="size-5" aria-hidden="true" />
                      Not working
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Panel>
      )}
    </View>
  );
}
