import { Check, Share } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { buttonClass } from '../../lib/button.ts';
import type { PushBody } from '../../lib/owner-api.ts';
import { ownerApi } from '../api.ts';
import { useInvalidation } from '../data.tsx';
import { useNotices } from '../notices.tsx';
import { browserFacts, isAppleMobile, pushSupport } from './device-support.ts';
import { markOfferSeen } from './offer.ts';
import { PermissionRefused, turnOnPush, useThisDeviceId } from './subscription.ts';

type TestState = 'not-sent' | 'sent' | 'arrived' | 'missing';

function Step({
  number,
  title,
  done,
  children,
}: {
  number: number;
  title: string;
  done: boolean;
  children?: ReactNode;
}) {
  return (
    <li className="flex gap-3 py-3">
      <span
        aria-hidden="true"
        data-done={done}
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-900 data-[done=true]:bg-success-700 data-[done=true]:text-white"
      >
        {done ? <Check className="size-5" /> : number}
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="text-lg font-semibold text-brand-900">
          {title}
          {done && <span className="sr-only"> (done)</span>}
        </h3>
        {children && <div className="mt-1 space-y-2">{children}</div>}
      </div>
    </li>
  );
}

/** The steps this device needs to receive push: add to Home Screen (iPhone), allow, test */
export function PushSetup({ body }: { body: PushBody }) {
  const { notify, notifyError } = useNotices();
  const { pushChanged } = useInvalidation();
  const [facts] = useState(browserFacts);
  const support = pushSupport(facts);
  const [blocked, setBlocked] = useState(
    () => facts.hasPush && Notification.permission === 'denied',
  );
  const [busy, setBusy] = useState(false);
  const [test, setTest] = useState<TestState>('not-sent');
  const thisDeviceId = useThisDeviceId();
  const subscribed =
    thisDeviceId !== null && body.devices.some((device) => device.id === thisDeviceId);

  if (support === 'unsupported') {
    const others = body.channels.filter((channel) => channel.name !== 'push');
    return (
      <p>
        This browser cannot receive notifications from your website.{' '}
        {others.length > 0
          ? `You are told of new requests by ${others.map((channel) => channel.label).join(', ')}.`
          : 'Open this page on your phone to turn them on there.'}
      </p>
    );
  }

  async function turnOn() {
    setBusy(true);
    markOfferSeen();
    try {
      await turnOnPush(body.publicKey);
      notify({ kind: 'success', text: 'Notifications are on for this device' });
      await pushChanged();
    } catch (error) {
      if (error instanceof PermissionRefused) setBlocked(true);
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  async function sendTest(id: number) {
    setBusy(true);
    try {
      await ownerApi.testPush(id);
      setTest('sent');
      await pushChanged();
    } catch (error) {
      notifyError(error);
      await pushChanged();
    } finally {
      setBusy(false);
    }
  }

  // An iPhone or iPad shows its first step done once the app is opened from the Home Screen
  const iPhone = isAppleMobile(facts);
  const installed = support !== 'add-to-home-screen';
  const first = iPhone ? 2 : 1;

  return (
    <ol className="divide-y divide-line">
      {iPhone && (
        <Step number={1} title="Add to Home Screen" done={installed}>
          {installed ? (
            <p className="text-muted">Opened from your Home Screen.</p>
          ) : (
            <>
              <p>An iPhone sends notifications only to an app on its Home Screen. In Safari:</p>
              <ol className="list-decimal space-y-1 pl-5">
                <li>
                  Tap the Share button{' '}
                  <Share
                    className="inline size-5 align-text-bottom"
                    aria-label="(the square with an arrow)"
                  />{' '}
                  in the toolbar.
                </li>
                <li>
                  Scroll down and tap <strong>Add to Home Screen</strong>, then <strong>Add</strong>
                  .
                </li>
                <li>Open the app from its icon on your Home Screen, and come back here.</li>
              </ol>
            </>
          )}
        </Step>
      )}
      <Step number={first} title="Allow notifications" done={subscribed}>
        {subscribed ? (
          <p className="text-muted">This device gets a notification for each new request.</p>
        ) : blocked ? (
          <p>
            Notifications are blocked for this site. Allow them in this browser’s settings (on an
            iPhone: Settings → Notifications → this app), then reload this page.
          </p>
        ) : (
          <>
            <p>Your phone asks whether this app may send notifications: tap Allow.</p>
            <button
              type="button"
              className={buttonClass({ variant: 'accent' })}
              disabled={busy || !installed}
              onClick={() => void turnOn()}
            >
              Turn on notifications
            </button>
          </>
        )}
      </Step>
      <Step number={first + 1} title="Send me a test" done={test === 'arrived'}>
        {subscribed && thisDeviceId !== null && test === 'not-sent' && (
          <button
            type="button"
            className={buttonClass({ variant: 'brand' })}
            disabled={busy}
            onClick={() => void sendTest(thisDeviceId)}
          >
            Send me a test
          </button>
        )}
        {test === 'sent' && (
          <div role="group" aria-labelledby="test-arrived">
            <p id="test-arrived" className="font-semibold">
              Did it arrive?
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <button
                type="button"
                className={buttonClass({ variant: 'brand', size: 'sm' })}
                onClick={() => setTest('arrived')}
              >
                Yes
              </button>
              <button
                type="button"
                className={buttonClass({ variant: 'outline', size: 'sm' })}
                onClick={() => setTest('missing')}
              >
                No
              </button>
            </div>
          </div>
        )}
        {test === 'arrived' && (
          <p className="text-muted">Done: a tap on each notification opens the request.</p>
        )}
        {test === 'missing' && (
          <>
            <p>Check these, then send another:</p>
            <ul className="list-disc space-y-1 pl-5">
              <li>Focus or Do Not Disturb is off, or lets this app through.</li>
              <li>
                Notifications for this app are allowed (on an iPhone: Settings → Notifications →
                this app; on Android: Settings → Apps → your browser → Notifications).
              </li>
              <li>The phone has a signal or Wi-Fi.</li>
            </ul>
            <button
              type="button"
              className={buttonClass({ variant: 'outline', size: 'sm' })}
              onClick={() => setTest('not-sent')}
            >
              Send another
            </button>
          </>
        )}
      </Step>
    </ol>
  );
}
