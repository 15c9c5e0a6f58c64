import { useEffect, useState } from 'react';
import type { OwnerLead } from '../../lib/owner-api.ts';
import { ownerApi } from '../api.ts';
import type { Inbox } from '../inbox/use-inbox.ts';
import { errorMessage } from '../notices.tsx';
import { LeadDetail } from './LeadDetail.tsx';

interface Props {
  id: number;
  inbox: Inbox;
  businessName: string;
  now: Date;
  onDeleted: () => void;
}

type Lookup = { id: number; lead: OwnerLead | null; problem?: string };

/**
 * The request with this id: as the inbox last saw it, or, when the inbox has not shown it (a
 * reload of #lead/ID under a filter), from the whole inbox
 */
export function LeadView({ id, inbox, businessName, now, onDeleted }: Props) {
  const known = inbox.known.get(id);
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const needsLookup = !known && inbox.body !== null && lookup?.id !== id;

  useEffect(() => {
    if (!needsLookup) return;
    let current = true;
    ownerApi
      .inbox()
      .then((answer) => current && setLookup({ id, lead: [...answer.leads, ...answer.undelivered].find((lead) => lead.id === id) ?? null }))
      .catch((error: unknown) => current && setLookup({ id, lead: null, problem: errorMessage(error) }));
    return () => {
      current = false;
    };
  }, [needsLookup, id]);

  const lead = known ?? (lookup?.id === id ? lookup.lead : null);
  if (lead) {
    return (
      <LeadDetail
        lead={lead}
        businessName={businessName}
        now={now}
        onChanged={inbox.changed}
        onDeleted={() => {
          inbox.deleted(id);
          onDeleted();
        }}
      />
    );
  }
  const missing = lookup?.id === id;
  return (
    <div>
      <a href="#inbox" className="inline-flex min-h-11 items-center font-semibold">
        Back to the inbox
      </a>
      <h1 className="mt-2 text-h2" tabIndex={-1} data-view-heading>
        {missing ? 'Request not found' : 'Opening the request…'}
      </h1>
      {missing && <p className="mt-2 text-muted">{lookup.problem ?? 'It may have been deleted.'}</p>}
    </div>
  );
}
