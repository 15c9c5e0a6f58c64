import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { LEAD_STATUS_LABELS, type LeadChange, type OwnerLead } from '../../lib/owner-api.ts';
import { ownerApi } from '../api.ts';
import { useNotices } from '../notices.tsx';
import { Panel } from '../Panel.tsx';
import { StatusBadge } from '../StatusBadge.tsx';
import { formatDateTime, timeAgo } from '../time.ts';
import { ViewHeading } from '../View.tsx';
import { ContactActions } from './ContactActions.tsx';
import { CustomerAcknowledgement } from './CustomerAcknowledgement.tsx';
import { DeleteLead } from './DeleteLead.tsx';
import { Deliveries } from './Deliveries.tsx';
import { FollowUp } from './FollowUp.tsx';
import { LeadFacts } from './LeadFacts.tsx';
import { Notes } from './Notes.tsx';
import { Photos } from './Photos.tsx';
import { StatusButtons } from './StatusButtons.tsx';

interface Props {
  lead: OwnerLead;
  businessName: string;
  now: Date;
  /** The request as it now stands, for the inbox to show */
  onChanged: (lead: OwnerLead) => void;
  onDeleted: (id: number) => void;
}

function changeMessage(change: LeadChange): string {
  if (change.status) return `Marked as ${LEAD_STATUS_LABELS[change.status]}`;
  if (change.followUp === null) return 'Follow-up date cleared';
  return 'Follow-up date saved';
}

/** One quote request: reach the customer, move it along, note what happened, or delete it */
export function LeadDetail({ lead, businessName, now, onChanged, onDeleted }: Props) {
  const { notify, notifyError } = useNotices();
  const [busy, setBusy] = useState(false);
  const markedRead = useRef<number | null>(null);

  async function change(next: LeadChange, options: { quiet?: boolean; keepalive?: boolean } = {}) {
    setBusy(true);
    try {
      onChanged(
        await ownerApi.changeLead(lead.id, next, { keepalive: options.keepalive ?? false }),
      );
      if (!options.quiet) notify({ kind: 'success', text: changeMessage(next) });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  // Opening an unread request marks it read, once
  useEffect(() => {
    if (lead.readAt !== null || markedRead.current === lead.id) return;
    markedRead.current = lead.id;
    ownerApi
      .changeLead(lead.id, { read: true })
      .then(onChanged)
      .catch(() => {});
  }, [lead, onChanged]);

  async function addNote(text: string): Promise<boolean> {
    try {
      onChanged(await ownerApi.addNote(lead.id, text));
      notify({ kind: 'success', text: 'Note added' });
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    }
  }

  async function remove() {
    try {
      await ownerApi.deleteLead(lead.id);
      notify({ kind: 'success', text: `The request from ${lead.name} is deleted` });
      onDeleted(lead.id);
    } catch (error) {
      notifyError(error);
    }
  }

  // A call, text or e-mail to a new request's customer is the contact that moves it on
  const contacted = () => {
    if (lead.status === 'new') void change({ status: 'contacted' }, { keepalive: true });
  };

  return (
    <div className="space-y-4">
      <a href="#inbox" className="inline-flex min-h-11 items-center gap-1 font-semibold">
        <ArrowLeft className="size-5" aria-hidden="true" />
        Inbox
      </a>
      <header>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <ViewHeading className="break-words">{lead.name}</ViewHeading>
          <StatusBadge status={lead.status} />
        </div>
        <p className="mt-1 text-muted">
          <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time> (
          {timeAgo(lead.createdAt, now)}){lead.service && ` · ${lead.service}`}
        </p>
      </header>
      {lead.message && (
        <blockquote className="rounded-(--radius-card) border-l-4 border-accent-500 bg-white p-4 break-words whitespace-pre-wrap shadow-(--shadow-card)">
          {lead.message}
        </blockquote>
      )}
      {(lead.photos.length > 0 || lead.photosNotKept > 0) && (
        <Panel title="Photos">
          <Photos photos={lead.photos} notKept={lead.photosNotKept} />
        </Panel>
      )}
      <ContactActions lead={lead} businessName={businessName} onContact={contacted} />
      {/* One column on a phone, in the order he works; on a wide screen, the deliveries and
          deletion beside the rest (the order of the page stays the order of the screen) */}
      <div className="grid gap-4 lg:grid-cols-[3fr_2fr] lg:items-start">
        <div className="space-y-4">
          <Panel title="Status">
            <StatusButtons
              status={lead.status}
              busy={busy}
              onChange={(status) => void change({ status })}
            />
            <div className="mt-4">
              <FollowUp
                followUp={lead.followUp}
                busy={busy}
                onChange={(followUp) => void change({ followUp })}
              />
            </div>
          </Panel>
          <Panel title="The request">
            <LeadFacts lead={lead} />
          </Panel>
          <Panel title="Notes">
            <Notes notes={lead.notes} onAdd={addNote} />
          </Panel>
        </div>
        <div className="space-y-4">
          <Panel title="How it reached you">
            <Deliveries deliveries={lead.deliveries} now={now} />
            <CustomerAcknowledgement acknowledgement={lead.acknowledgement} />
          </Panel>
          <Panel title="Delete">
            <DeleteLead name={lead.name} onDelete={remove} />
          </Panel>
        </div>
      </div>
    </div>
  );
}
