import { Mail, MapPin, Phone } from 'lucide-react';
import { business, phoneText, mailHref, telHref } from '../../config/business.ts';
import { quotePath } from '../../config/routes.ts';

/** Phone, e-mail, service area and the quote link, as on every area page */
export function ContactBlock({ headingId = 'contact-heading' }: { headingId?: string }) {
  return (
    <section aria-labelledby={headingId} data-shared="" className="card bg-brand-50">
      <h2 id={headingId} className="text-h3">
        Get in touch
      </h2>
      <ul className="mt-4 space-y-3">
        <li className="flex items-center gap-3">
          <Phone className="size-5 text-brand-700" aria-hidden="true" />
          <a href={telHref} className="font-semibold">
            {phoneText}
          </a>
        </li>
        <li className="flex items-center gap-3">
          <Mail className="size-5 text-brand-700" aria-hidden="true" />
          <a href={mailHref} className="font-semibold">
            {business.email}
          </a>
        </li>
        <li className="flex items-center gap-3">
          <MapPin className="size-5 text-brand-700" aria-hidden="true" />
          <span>Serving {business.serviceArea.summary}</span>
        </li>
      </ul>
      <a href={quotePath} className="btn btn-accent mt-5 w-full">
        Request a free quote
      </a>
    </section>
  );
}
