import { useCallback } from 'react';
import type { OwnerLead } from '../../lib/owner-api.ts';
import { ApiError } from '../api.ts';
import { useInvalidation, useLead } from '../data.tsx';
import { errorMessage } from '../notices.tsx';
import { ViewHeading } from '../View.tsx';
import { LeadDetail } from './LeadDetail.tsx';

interface Props {
  id: number;
  /** The request as the inbox lists it, when it does: shown at once while the server is asked */
  shown: OwnerLead | undefined;
  businessName: string;
  now: Date;
  onDeleted: () => void;
}

/** The request with this id, from GET /api/owner/leads/ID */
export function LeadView({ id, shown, businessName, now, onDeleted }: Props) {
  const { data, error } = useLead(id, shown);
  const { leadChanged, leadDeleted } = useInvalidation();
  // The same function from one render to the next: LeadDetail's mark-as-read effect depends on it
  const showChanged = useCallback((lead: OwnerLead) => void leadChanged(lead), [leadChanged]);

  if (data) {
    return (
      <LeadDetail
        lead={data.lead}
        businessName={businessName}
        now={now}
        onChanged={showChanged}
        onDeleted={() => {
          onDeleted();
          void leadDeleted(id);
        }}
      />
    );
  }
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <div>
      <a href="#inbox" className="inline-flex min-h-11 items-center font-semibold">
        Back to the inbox
      </a>
      <ViewHeading className="mt-2">
        {error ? 'Request not found' : 'Opening the request…'}
      </ViewHeading>
      {error !== undefined && (
        <p className="mt-2 text-muted">
          {missing ? 'It may have been deleted.' : errorMessage(error)}
        </p>
      )}
    </div>
  );
}
