import { BellOff, BellRing } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '../../lib/button.ts';
import { usePush } from '../data.tsx';
import { hashOf } from '../routes.ts';
import { browserFacts, pushSupport } from './device-support.ts';
import { markOfferSeen, offerSeen } from './offer.ts';
import { InboxNotice } from '../InboxNotice.tsx';

const notificationsHref = hashOf({ name: 'notifications' });

/** Whether to offer the setup here: a device that could get push, has not allowed it, and has not been offered it */
function shouldOffer(): boolean {
  const facts = browserFacts();
  if (pushSupport(facts) === 'unsupported' || offerSeen()) return false;
  return !facts.hasPush || Notification.permission !== 'granted';
}

/**
 * The top of the inbox: with no channel at all, that nobody is told of a new request and how to
 * change it; otherwise, once on a device without notifications, the offer to set them up
 */
export function InboxPushNotice() {
  const { data: body } = usePush();
  const [offer, setOffer] = useState(shouldOffer);

  if (body?.channels.length === 0) {
    return (
      <InboxNotice tone="danger" icon={BellOff} title="Nobody is told of new requests">
        <p className="mt-1 text-ink">
          No notification is set up: a request waits here until you open this page. Turn on
          notifications on your phone to hear of each one the moment it arrives.
        </p>
        <a
          href={notificationsHref}
          className={buttonClass({ variant: 'danger-solid', size: 'sm' }, 'mt-3')}
          onClick={markOfferSeen}
        >
          Turn on notifications
        </a>
      </InboxNotice>
    );
  }
  if (!offer || body === undefined) return null;
  return (
    <InboxNotice tone="offer" icon={BellRing} title="Hear of each request on this phone">
      <p className="mt-1 text-ink">
        Get a notification the moment a request arrives; a tap opens it here.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a
          href={notificationsHref}
          className={buttonClass({ variant: 'accent', size: 'sm' })}
          onClick={markOfferSeen}
        >
          Set up notifications
        </a>
        <button
          type="button"
          className={buttonClass({ variant: 'outline', size: 'sm' })}
          onClick={() => {
            markOfferSeen();
            setOffer(false);
          }}
        >
          Not now
        </button>
      </div>
    </InboxNotice>
  );
}
