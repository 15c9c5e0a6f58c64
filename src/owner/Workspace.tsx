import { LogOut } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { faviconHref } from '../lib/favicon.ts';
import type { OwnerLead, SessionBody } from '../lib/owner-api.ts';
import { Inbox } from './inbox/Inbox.tsx';
import { useInbox } from './inbox/use-inbox.ts';
import { LeadView } from './lead/LeadView.tsx';
import { useInvalidation } from './data.tsx';
import { useNotices } from './notices.tsx';
import { JobForm } from './jobs/JobForm.tsx';
import { JobsView } from './jobs/JobsView.tsx';
import { Numbers } from './numbers/Numbers.tsx';
import { Passkeys } from './passkeys/Passkeys.tsx';
import { Notifications } from './push/Notifications.tsx';
import { refreshPush } from './push/subscription.ts';
import { SiteView } from './site/SiteView.tsx';
import { tabOf } from './routes.ts';
import { TabBar } from './TabBar.tsx';
import { goTo, useView } from './use-view.ts';

interface Props {
  businessName: string;
  /** The name on a phone's narrow header */
  shortName: string;
  session: SessionBody;
  onSignOut: () => void;
}

const CLOCK_TICK_MS = 30_000;

/** The clock "12 min ago" reads from, moving on by itself */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The signed-in app: the header with sign-out, the tabs, and the view the address names */
export function Workspace({ businessName, shortName, session, onSignOut }: Props) {
  const { notify } = useNotices();
  const view = useView();
  const now = useNow();
  const announceNew = useCallback(
    (leads: OwnerLead[]) =>
      notify({
        kind: 'success',
        text:
          leads.length === 1
            ? `New request from ${leads[0]!.name}`
            : `${leads.length} new requests`,
      }),
    [notify],
  );
  const inbox = useInbox(announceNew);
  const unread = inbox.overview?.unread ?? 0;
  const shownLead = (id: number) =>
    [...(inbox.body?.leads ?? []), ...(inbox.overview?.undelivered ?? [])].find(
      (lead) => lead.id === id,
    );

  // Each time the app opens, this browser's push subscription goes to the server again; one that
  // fails is sent next time, and the Notifications view shows this device as it stands
  const { pushChanged } = useInvalidation();
  useEffect(() => {
    refreshPush().then(
      (sent) => sent && pushChanged(),
      () => undefined,
    );
  }, [pushChanged]);

  useEffect(() => {
    document.title = `${unread > 0 ? `(${unread}) ` : ''}Owner · ${businessName}`;
  }, [unread, businessName]);

  return (
    <div className="min-h-dvh bg-brand-50 pb-24 md:pb-10">
      <header className="bg-brand-900 text-white shadow-(--shadow-header)">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-2 px-4 py-2 md:gap-4 md:py-3">
          <p className="flex min-w-0 flex-1 items-center gap-2 font-bold md:flex-none">
            <img src={faviconHref} alt="" width="32" height="32" className="size-8 shrink-0" />
            <span className="truncate md:hidden">{shortName}</span>
            <span className="hidden truncate md:inline">{businessName}</span>
          </p>
          <TabBar
            current={tabOf(view)}
            unread={unread}
            callBacks={inbox.overview?.followUpsDue.length ?? 0}
          />
          <button
            type="button"
            onClick={onSignOut}
            className="-mr-2 inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg px-2 font-semibold text-white hover:bg-white/10 md:mr-0 md:gap-2 md:px-3"
            title={`Signed in with ${session.passkeyName}`}
          >
            <LogOut className="size-5" aria-hidden="true" />
            Sign out
          </button>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-5xl px-4 py-5 md:py-8">
        {view.name === 'inbox' && <Inbox inbox={inbox} now={now} />}
        {view.name === 'lead' && (
          <LeadView
            key={view.id}
            id={view.id}
            shown={shownLead(view.id)}
            businessName={businessName}
            now={now}
            onDeleted={() => goTo('#inbox')}
          />
        )}
        {view.name === 'numbers' && <Numbers days={view.days} />}
        {view.name === 'jobs' && <JobsView />}
        {view.name === 'job' && <JobForm key={view.id ?? 'new'} id={view.id} />}
        {view.name === 'site' && <SiteView now={now} />}
        {view.name === 'notifications' && <Notifications now={now} />}
        {view.name === 'passkeys' && <Passkeys now={now} />}
      </main>
    </div>
  );
}
