import { ContactDetails } from '../../../components/sections/ContactDetails.tsx';

/** The quote page's side panel: every other way to reach the business */
export function ContactPanel() {
  return (
    <aside aria-labelledby="contact-panel-heading" className="card bg-brand-900 text-white">
      <h2 id="contact-panel-heading" className="text-h3 text-white">
        Prefer to talk?
      </h2>
      <ContactDetails tone="dark" withHours className="mt-5 space-y-4" />
    </aside>
  );
}
