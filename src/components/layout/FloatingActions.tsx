import { FileText } from 'lucide-react';
import { quotePath } from '../../config/routes.ts';
import { buttonClass } from '../../lib/button.ts';
import { CallButton } from '../ui/ContactButtons.tsx';

/** Call and quote, one tap away: a bar along the bottom of phones, a pair of buttons on desktops */
export function FloatingActions() {
  return (
    <aside
      aria-label="Call or get a quote"
      className="fixed inset-x-0 bottom-0 z-30 grid grid-cols-2 gap-2 border-t border-line bg-white/95 p-2 backdrop-blur md:inset-x-auto md:right-5 md:bottom-5 md:flex md:gap-3 md:rounded-full md:border md:p-2 md:shadow-(--shadow-header)"
    >
      <CallButton variant="brand" className="md:rounded-full">
        Call Now
      </CallButton>
      <a href={quotePath} className={buttonClass({ variant: 'accent' }, 'md:rounded-full')}>
        <FileText className="size-5" aria-hidden="true" /> Get a Quote
      </a>
    </aside>
  );
}
