import { FileText } from 'lucide-react';
import { emergencyAliasPath, emergencyPath, quotePath } from '../../config/routes.ts';
import { buttonClass } from '../../lib/button.ts';
import { CallButton } from '../ui/ContactButtons.tsx';

/**
 * Below 1280 px each action is half of the bar, its label on one line from 360 px (a button's
 * usual side padding would wrap 'Get a Quote' there); on wide screens a small tile of the rail,
 * the icon above a two-line label
 */
const barButton = 'px-3';
const railTile =
  'xl:w-14 xl:flex-col xl:gap-1 xl:px-1 xl:py-2.5 xl:text-center xl:text-xs xl:leading-tight';
const actionClass = `${barButton} ${railTile}`;

/**
 * Call and quote, one tap away, never over the page: a bar along the bottom edge below 1280 px
 * (the footer leaves room for it at the end of every page), and from 1280 px a slim rail in the
 * right-hand margin the layout leaves free. On the emergency pages the call is the red button.
 */
export function FloatingActions({ currentPath }: { currentPath: string }) {
  const emergency = currentPath === emergencyPath || currentPath === emergencyAliasPath;
  return (
    <aside
      aria-label="Call or get a quote"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white/95 backdrop-blur xl:inset-x-auto xl:top-1/2 xl:right-2 xl:bottom-auto xl:-translate-y-1/2 xl:rounded-2xl xl:border xl:shadow-(--shadow-header)"
    >
      <div className="mx-auto grid max-w-xl grid-cols-2 gap-2 p-2 xl:flex xl:flex-col xl:p-1.5">
        <CallButton variant={emergency ? 'danger-solid' : 'brand'} className={actionClass}>
          Call Now
        </CallButton>
        <a href={quotePath} className={buttonClass({ variant: 'accent' }, actionClass)}>
          <FileText className="size-5" aria-hidden="true" /> Get a Quote
        </a>
      </div>
    </aside>
  );
}
