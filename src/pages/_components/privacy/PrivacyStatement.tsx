import type { ReactNode } from 'react';
import { PHOTOS_MAX } from '../../../lib/photos.ts';
import { business, mailHref, phoneText, telHref } from '../../../config/business.ts';
import {
  collectedFields,
  listInWords,
  PRIVACY_COMMISSIONER,
  RECORDED_WITH_EACH_REQUEST,
  type PrivacySetup,
} from '../../../lib/privacy.ts';

interface Props {
  /** What this build collects and where it sends it (src/lib/privacy.ts) */
  setup: PrivacySetup;
}

const listClass = 'mt-4 list-disc space-y-1.5 pl-6';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <h2 className="mt-10 mb-3 text-h3 first:mt-0">{title}</h2>
      {children}
    </>
  );
}

/** Where a request goes once sent, true to whichever delivery channels the owner has set up */
function WhereItGoes({ setup }: Props) {
  if (setup.formService) {
    return (
      <p>
        Your request is sent to {setup.formService}, an online form service that receives it for us
        and passes it on to {business.owner} by email. The form service and the email provider
        handle your details only on our behalf, and may store them outside New Zealand.
      </p>
    );
  }
  return (
    <p>
      Your request is stored in a database on our own web server. A copy is sent to {business.owner}{' '}
      by email and, where it has been set up, as a notification to a phone or into the software we
      use to run our jobs. The email provider and notification services that carry these messages
      handle your details only on our behalf, and some of them may store them outside New Zealand.
    </p>
  );
}

/** The photos the full quote form takes, on the site's own server */
function PhotosCollected() {
  return (
    <p className="mt-4">
      The full quote form also lets you send up to {PHOTOS_MAX} photos of the job, if you choose to.
      Before they're sent, your browser makes them smaller and removes the details cameras store in
      them, such as where and when a photo was taken and with what phone; our server does the same
      for any photo that arrives without that step. The photos are kept on our own web server with
      your request, where only {business.owner} can see them once signed in. Our emails and
      notifications say how many photos came, but never carry the photos themselves.
    </p>
  );
}

/** The acknowledgement e-mail the site's own server sends, and the one thing it keeps for it */
function AcknowledgementSent() {
  return (
    <p className="mt-4">
      When your request arrives, our server emails you once to say so and when to expect us. So that
      it never sends more than one such email a day to the same address, it keeps a one-way
      fingerprint of your email address (not the address itself) for 24 hours, then deletes it.
    </p>
  );
}

/** How visits are counted: by our own server, by GoatCounter, or not at all */
function Counting({ setup }: Props) {
  return (
    <>
      {setup.serverCounts && (
        <>
          <p>
            To learn which pages are useful, our server counts how many times each page is viewed
            each day, how many times the phone and email links on it are tapped, and how many quote
            requests it brings. It also counts where visits come from (a search engine, a map,
            social media, or another website by its name, never the address of the page you came
            from) and how quickly pages load in your browser, counted in ranges of time rather than
            per visitor. These are plain totals per page and day, and they don't identify you:
          </p>
          <ul className={listClass}>
            <li>no cookies, and nothing saved in your browser's local storage;</li>
            <li>no IP address or browser details stored with the counts;</li>
            <li>no Google Analytics or any other third-party analytics or advertising service;</li>
            <li>
              if your browser sends a Do Not Track or Global Privacy Control signal, your visit
              isn't counted at all.
            </li>
          </ul>
        </>
      )}
      {setup.goatCounter && (
        <p className={setup.serverCounts ? 'mt-4' : undefined}>
          Visits{setup.serverCounts ? ' are also' : ', and taps on our phone and email links, are'}{' '}
          counted with GoatCounter ({setup.goatCounter}), a counting service that uses no cookies
          and doesn't identify individual visitors. It records each page view with the referring
          website, the type of browser, the screen size and the country, and may store these counts
          outside New Zealand.
        </p>
      )}
      {!setup.serverCounts && !setup.goatCounter && (
        <p>This website uses no cookies, and no analytics or advertising services.</p>
      )}
      <p className="mt-4">
        Like most websites, ours may keep short-lived technical logs, which can include IP
        addresses, to keep the site secure and working. The map on our home page loads only if you
        choose to show it; it then comes from OpenStreetMap, which sees your visit as any website
        you open would.
      </p>
    </>
  );
}

/** The privacy statement: who we are, what the forms collect and why, where it goes, how long it stays, counting, and your rights */
export function PrivacyStatement({ setup }: Props) {
  const { heroForm, quoteFormAlso } = collectedFields();
  const contact = (
    <>
      call <a href={telHref}>{phoneText}</a> or email <a href={mailHref}>{business.email}</a>
    </>
  );
  return (
    <article className="container-page py-10 md:py-14">
      <div className="prose-body max-w-3xl text-lg">
        <Part title="Who we are">
          <p>
            This statement covers {business.name}, an owner-operated business based in{' '}
            {business.address.locality}. We're responsible for the personal information collected
            through this website. To ask about it, {contact}.
          </p>
        </Part>
        <Part title="What our quote forms collect, and why">
          <p>
            The short form on our home page asks for {listInWords(heroForm)}. The full quote form
            also asks for {listInWords(quoteFormAlso)}. With every request, we also record:
          </p>
          <ul className={listClass}>
            {RECORDED_WITH_EACH_REQUEST.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="mt-4">
            We use your request to answer you and quote the job, and, if you go ahead, to do the
            work. The page and browser details help us see where the request came from and fix
            anything that went wrong with the form. We don't use your details for marketing, and we
            don't sell them.
          </p>
          {!setup.formService && <PhotosCollected />}
          {!setup.formService && business.acknowledgeRequests && <AcknowledgementSent />}
        </Part>
        <Part title="Where your request goes">
          <WhereItGoes setup={setup} />
        </Part>
        <Part title="How long we keep it">
          <p>
            We keep your request for as long as we need it to answer you, quote the job, do the
            work, and keep the business records the law requires. If you ask us to delete it, we
            will. A copy may stay in our backups until those are replaced.
            {!setup.formService &&
              ' Photos you send with a request are kept with it, and deleted with it.'}
          </p>
        </Part>
        <Part title="Counting visits, without cookies">
          <Counting setup={setup} />
        </Part>
        <Part title="Seeing, correcting or deleting your details">
          <p>
            Under the Privacy Act 2020 you can ask to see the personal information we hold about
            you, and ask us to correct it. We'll also delete your quote request whenever you ask. To
            do any of these, {contact}. We may need to check that it's really you first.
          </p>
          <p>
            If you're unhappy with how we've handled your information, please tell us first so we
            can put it right. You can also complain to the {PRIVACY_COMMISSIONER.name} at{' '}
            <a href={PRIVACY_COMMISSIONER.url} rel="noopener">
              {PRIVACY_COMMISSIONER.display}
            </a>
            .
          </p>
        </Part>
      </div>
    </article>
  );
}
