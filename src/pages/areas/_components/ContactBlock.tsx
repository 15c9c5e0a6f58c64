import { quotePath } from '../../../config/routes.ts';
import { ContactDetails } from '../../../components/sections/ContactDetails.tsx';
import { buttonClass } from '../../../lib/button.ts';

/** Phone, e-mail, service area and the quote link, as on every area page */
export function ContactBlock({ headingId = 'contact-heading' }: { headingId?: string }) {
  return (
    <section aria-labelledby={headingId} data-shared="" className="card bg-brand-50">
      <h2 id={headingId} className="text-h3">
        Get in touch
      </h2>
      <ContactDetails className="mt-4" />
      <a href={quotePath} className={buttonClass({ variant: 'accent', block: true }, 'mt-5')}>
        Request a free quote
      </a>
    </section>
  );
}
