import { Clock, Mail, MapPin, Phone, Siren } from 'lucide-react';
import { business, phoneText, mailHref, telHref } from '../../config/business.ts';

/** The quote page's side panel: every other way to reach the business */
export function ContactPanel() {
  return (
    <aside aria-labelledby="contact-panel-heading" className="card bg-brand-900 text-white">
      <h2 id="contact-panel-heading" className="text-h3 text-white">
        Prefer to talk?
      </h2>
      <ul className="mt-5 space-y-4">
        <li className="flex gap-3">
          <Phone className="size-5 shrink-0 text-accent-400" aria-hidden="true" />
          <a href={telHref} className="font-semibold text-white">
            {phoneText}
          </a>
        </li>
        <li className="flex gap-3">
          <Mail className="size-5 shrink-0 text-accent-400" aria-hidden="true" />
          <a href={mailHref} className="font-semibold break-all text-white">
            {business.email}
          </a>
        </li>
        <li className="flex gap-3">
          <Clock className="size-5 shrink-0 text-accent-400" aria-hidden="true" />
          <span>
            {business.hours.map((hours) => (
              <span key={hours.label} className="block">
                {hours.label}
              </span>
            ))}
          </span>
        </li>
        <li className="flex gap-3">
          <Siren className="size-5 shrink-0 text-accent-400" aria-hidden="true" />
          <span>Emergencies: 24 hours, 7 days</span>
        </li>
        <li className="flex gap-3">
          <MapPin className="size-5 shrink-0 text-accent-400" aria-hidden="true" />
          <span>Serving {business.serviceArea.summary}</span>
        </li>
      </ul>
    </aside>
  );
}
