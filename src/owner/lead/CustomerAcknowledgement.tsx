import { Check, Clock, MailX, TriangleAlert } from 'lucide-react';
import type { OwnerAcknowledgement } from '../../lib/owner-api.ts';
import { formatDateTime } from '../time.ts';

/** What the customer was told when the request arrived: the e-mail that says when to expect him */
function acknowledgementWords(acknowledgement: OwnerAcknowledgement | null) {
  if (!acknowledgement)
    return {
      Icon: MailX,
      tone: 'text-muted',
      text: 'No e-mail went to the customer. One goes to an address once a day, while the site sends e-mail and your business details ask for it.',
    };
  if (acknowledgement.state === 'sent')
    return {
      Icon: Check,
      tone: 'text-success-700',
      text: 'The customer was e-mailed that it arrived and when to expect you',
    };
  if (acknowledgement.state === 'failed')
    return {
      Icon: TriangleAlert,
      tone: 'text-danger-700',
      text: 'The e-mail telling the customer it arrived could not be sent: they have heard nothing yet.',
    };
  return {
    Icon: Clock,
    tone: 'text-brand-700',
    text: 'The e-mail telling the customer it arrived is on its way.',
  };
}

/** Whether the customer has been told the request arrived, under how it reached him */
export function CustomerAcknowledgement({
  acknowledgement,
}: {
  acknowledgement: OwnerAcknowledgement | null;
}) {
  const { Icon, tone, text } = acknowledgementWords(acknowledgement);
  return (
    <div className="mt-3 flex gap-3 border-t border-line pt-3">
      <Icon className={`mt-0.5 size-5 shrink-0 ${tone}`} aria-hidden="true" />
      <div className="min-w-0">
        <p>{text}</p>
        {acknowledgement?.state === 'sent' && acknowledgement.deliveredAt && (
          <p className="text-sm text-muted">
            <time dateTime={acknowledgement.deliveredAt}>
              {formatDateTime(acknowledgement.deliveredAt)}
            </time>
          </p>
        )}
      </div>
    </div>
  );
}
