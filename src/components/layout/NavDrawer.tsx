import { X } from 'lucide-react';
import { phoneText } from '../../config/business.ts';
import { quotePath } from '../../config/routes.ts';
import { buttonClass } from '../../lib/button.ts';
import { popoverTargetAttributes } from '../../lib/nav.ts';
import { CallButton } from '../ui/ContactButtons.tsx';
import { MainNav } from './MainNav.tsx';

/**
 * The mobile menu, a native popover shown as a modal dialog: the browser handles Escape, light
 * dismiss and returning focus to the Menu button; `shell.ts` moves focus in, keeps it there and
 * makes the page behind inert while it is open, and closes it on a link tap. It sits outside the
 * header so that the header can be made inert with the rest of the page.
 */
export function NavDrawer({ currentPath }: { currentPath: string }) {
  return (
    <div
      id="nav-drawer"
      popover="auto"
      role="dialog"
      aria-modal="true"
      aria-labelledby="nav-drawer-title"
      className="nav-drawer m-0 ml-auto h-dvh max-h-none w-[min(20rem,88vw)] overflow-y-auto bg-white p-0 text-ink shadow-2xl backdrop:bg-brand-950/50"
    >
      <div className="flex items-center justify-between border-b border-line px-5 py-4">
        <h2 id="nav-drawer-title" className="text-lg font-bold text-brand-900">
          Menu
        </h2>
        <button
          type="button"
          {...popoverTargetAttributes('nav-drawer', 'hide')}
          className="inline-flex size-11 items-center justify-center rounded-lg text-brand-900 hover:bg-brand-50"
          aria-label="Close menu"
        >
          <X className="size-6" aria-hidden="true" />
        </button>
      </div>
      <MainNav place="drawer" currentPath={currentPath} />
      <div className="space-y-3 border-t border-line px-5 py-5">
        <a href={quotePath} className={buttonClass({ variant: 'accent', block: true })}>
          Get a Quote
        </a>
        <CallButton variant="outline" block>
          Call {phoneText}
        </CallButton>
      </div>
    </div>
  );
}
