import { Mail, MapPin, MessageSquare, Phone, type LucideIcon } from 'lucide-react';
import type { OwnerLead } from '../../lib/owner-api.ts';
import { contactLinks } from '../contact-links.ts';

interface Props {
  lead: OwnerLead;
  businessName: string;
  /** He reached out to the customer (a call, a text or an e-mail) */
  onContact: () => void;
}

interface Action {
  label: string;
  href: string | null;
  Icon: LucideIcon;
  contacts: boolean;
}

/** One tap each to call, text, e-mail the customer, or find the address on a map */
export function ContactActions({ lead, businessName, onContact }: Props) {
  const links = contactLinks(lead, businessName);
  const actions: Action[] = [
    { label: 'Call', href: links.call, Icon: Phone, contacts: true },
    { label: 'Text', href: links.text, Icon: MessageSquare, contacts: true },
    { label: 'E-mail', href: links.email, Icon: Mail, contacts: true },
    { label: 'Map', href: links.map, Icon: MapPin, contacts: false },
  ];
  return (
    <ul className="grid grid-cols-4 gap-2" aria-label={`Contact ${lead.name}`}>
      {actions.map(({ label, href, Icon, contacts }) => (
        <li key={label}>
          {href ? (
            <a
              href={href}
              {...(label === 'Map' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              onClick={contacts ? onContact : undefined}
              className="flex min-h-16 flex-col items-center justify-center gap-1 rounded-xl bg-brand-900 px-1 py-2 text-sm font-semibold text-white no-underline hover:bg-brand-800"
            >
              <Icon className="size-5" aria-hidden="true" />
              {label}
              {label === 'Map' && <span className="sr-only"> (opens in a new tab)</span>}
            </a>
          ) : (
            <span className="flex min-h-16 flex-col items-center justify-center gap-1 rounded-xl border border-dashed border-gray-400 px-1 py-2 text-center text-sm text-muted">
              <Icon className="size-5" aria-hidden="true" />
              {label === 'Map' ? 'No address' : 'No phone'}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
