/** The one-tap links of a quote request: call, text, e-mail and the address on a map */
import { dialable } from '../lib/dialable.ts';
import type { OwnerLead } from '../lib/owner-api.ts';

export interface ContactLinks {
  call: string | null;
  text: string | null;
  email: string;
  map: string | null;
}

export function contactLinks(
  lead: Pick<OwnerLead, 'phone' | 'email' | 'address'>,
  businessName: string,
): ContactLinks {
  const phone = lead.phone ? dialable(lead.phone) : '';
  const subject = `Your quote request to ${businessName}`;
  return {
    call: phone ? `tel:${phone}` : null,
    text: phone ? `sms:${phone}` : null,
    email: `mailto:${encodeURIComponent(lead.email).replace('%40', '@')}?subject=${encodeURIComponent(subject)}`,
    map: lead.address?.trim()
      ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(lead.address.trim())}`
      : null,
  };
}
