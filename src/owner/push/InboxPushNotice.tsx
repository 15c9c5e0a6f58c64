import { BellOff, BellRing } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '../../lib/button.ts';
import { usePush } from '../data.tsx';
import { hashOf } from '../routes.ts';
import { browserFacts, pushSupport } from './device-support.ts';
import { markOfferSeen, offerSeen } from './offer.ts';

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
      <section
        aria-labelledby="no-channel-heading"
        className="rounded-(--radius-card) border-2 border-danger-700 bg-danger-50 p-4"
      >
        <h2 id="no-channel-heading" className="flex items-center gap-2 text-lg text-danger-800">
          <BellOff className="size-5 shrink-0" aria-hidden="true" />
          Nobody is told of new requests
        </h2>
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
      </section>
    );
  }
  if (!offer || body === undefined) return null;
  return (
    <section
      aria-labelledby="push-offer-heading"
      className="rounded-(--radius-card) border border-line bg-white p-4 shadow-(--shadow-card)"
    >
      <h2 id="push-offer-heading" className="flex items-center gap-2 text-lg">
        <BellRing className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
        Hear of each request on this phone
      </h2>
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
    </section>
  );
}
