import { X } from 'lucide-react';
import { phoneText } from '../../config/business.ts';
import { quotePath } from '../../config/routes.ts';
import { buttonClass } from '../../lib/button.ts';
import { popoverTargetAttributes } from '../../lib/nav.ts';
import { CallButton } from '../ui/ContactButtons.tsx';
import { MainNav } from './MainNav.tsx';

/**
 * The mobile menu, a native popover: the browser handles Escape, light dismiss and returning
 * focus to the Menu button, so it costs no JavaScript beyond closing on a link tap.
 */
export function NavDrawer({ currentPath }: { currentPath: string }) {
  return (
    <div
      id="nav-drawer"
      popover="auto"
      className="nav-drawer m-0 ml-auto h-dvh max-h-none w-[min(20rem,88vw)] overflow-y-auto bg-white p-0 text-ink shadow-2xl backdrop:bg-brand-950/50"
    >
      <div className="flex items-center justify-between border-b border-line px-5 py-4">
        <span className="text-lg font-bold text-brand-900">Menu</span>
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
