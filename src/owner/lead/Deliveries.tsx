import { Check, Clock, TriangleAlert } from 'lucide-react';
import type { OwnerDelivery } from '../../lib/owner-api.ts';
import { formatDateTime, timeAgo } from '../time.ts';

export const channelLabels: Readonly<Record<OwnerDelivery['channel'], string>> = {
  email: 'E-mail',
  webhook: 'Webhook',
  ntfy: 'Phone notification (ntfy)',
  push: 'Push to your devices',
};

function deliveryState(
  delivery: OwnerDelivery,
  now: Date,
): { tone: 'ok' | 'waiting' | 'bad'; text: string } {
  if (delivery.state === 'sent') {
    return {
      tone: 'ok',
      text: delivery.deliveredAt ? `Sent ${timeAgo(delivery.deliveredAt, now)}` : 'Sent',
    };
  }
  if (delivery.state === 'failed') return { tone: 'bad', text: 'Failed' };
  const tries = delivery.attempts === 1 ? '1 try so far' : `${delivery.attempts} tries so far`;
  return {
    tone: delivery.overdue ? 'bad' : 'waiting',
    text: `${delivery.overdue ? 'Overdue, still trying' : 'Waiting'} (${tries})`,
  };
}

const icons = { ok: Check, waiting: Clock, bad: TriangleAlert };
const tones = { ok: 'text-success-700', waiting: 'text-brand-700', bad: 'text-danger-700' };

/** How each of the owner's channels delivered this request to him */
export function Deliveries({ deliveries, now }: { deliveries: OwnerDelivery[]; now: Date }) {
  if (deliveries.length === 0) {
    return (
      <p className="text-muted">No notification channel was set up when this request came in.</p>
    );
  }
  return (
    <ul className="divide-y divide-line">
      {deliveries.map((delivery) => {
        const state = deliveryState(delivery, now);
        const Icon = icons[state.tone];
        return (
          <li key={delivery.channel} className="flex gap-3 py-2.5">
            <Icon className={`mt-0.5 size-5 shrink-0 ${tones[state.tone]}`} aria-hidden="true" />
            <div className="min-w-0">
              <p>
                <span className="font-semibold text-brand-900">
                  {channelLabels[delivery.channel]}:
                </span>{' '}
                <span className={state.tone === 'bad' ? 'font-semibold text-danger-800' : ''}>
                  {state.text}
                </span>
              </p>
              {delivery.state === 'sent' && delivery.deliveredAt && (
                <p className="text-sm text-muted">
                  <time dateTime={delivery.deliveredAt}>
                    {formatDateTime(delivery.deliveredAt)}
                  </time>
                </p>
              )}
              {delivery.lastError && delivery.state !== 'sent' && (
                <p className="text-sm break-words text-muted">Last error: {delivery.lastError}</p>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
