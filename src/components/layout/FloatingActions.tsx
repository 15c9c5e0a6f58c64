import { FileText, Phone } from 'lucide-react';
import { telHref } from '../../config/business.ts';
import { quotePath } from '../../config/routes.ts';

/** Call and quote, one tap away: a bar along the bottom of phones, a pair of buttons on desktops */
export function FloatingActions() {
  return (
    <aside
      aria-label="Call or get a quote"
      className="fixed inset-x-0 bottom-0 z-30 grid grid-cols-2 gap-2 border-t border-line bg-white/95 p-2 backdrop-blur md:inset-x-auto md:right-5 md:bottom-5 md:flex md:gap-3 md:rounded-full md:border md:p-2 md:shadow-(--shadow-header)"
    >
      <a href={telHref} className="btn btn-brand md:rounded-full">
        <Phone className="size-5" aria-hidden="true" /> Call Now
      </a>
      <a href={quotePath} className="btn btn-accent md:rounded-full">
        <FileText className="size-5" aria-hidden="true" /> Get a Quote
      </a>
    </aside>
  );
}
