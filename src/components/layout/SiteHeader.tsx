import { Menu, Phone } from 'lucide-react';
import { phoneText, telHref } from '../../config/business.ts';
import { homePath, quotePath } from '../../config/routes.ts';
import { buttonClass } from '../../lib/button.ts';
import { popoverTargetAttributes } from '../../lib/nav.ts';
import { Logo } from './Logo.tsx';
import { MainNav } from './MainNav.tsx';
import { SiteNotice, SiteNoticeSpacer } from './SiteNotice.tsx';
import { IconButton } from '../ui/IconButton.tsx';

interface Props {
  currentPath: string;
  /** The home page starts compact so its hero gets the room */
  compactFromStart: boolean;
  /** The owner's notice above the header; empty for none */
  notice?: string;
}

/**
 * Fixed header; `shell.ts` sets data-compact beyond 10 px of scroll. It is wider than the page's
 * content (max-w-7xl) so that from 1280 px the whole name, the navigation, the phone number and
 * the quote button share one line; below 1280 px the navigation is in the menu (NavDrawer).
 */
export function SiteHeader({ currentPath, compactFromStart, notice = '' }: Props) {
  return (
    <header
      id="site-header"
      data-compact={String(compactFromStart)}
      data-compact-start={String(compactFromStart)}
      data-scrolled={notice ? 'false' : undefined}
      className="group/header fixed inset-x-0 top-0 z-40 border-b border-line bg-white/95 backdrop-blur transition-shadow duration-200 data-[compact=true]:shadow-(--shadow-header)"
    >
      <SiteNotice text={notice} />
      <div className="mx-auto flex h-18 w-full max-w-7xl items-center justify-between gap-4 px-4 transition-[height] duration-200 group-data-[compact=true]/header:h-14 sm:px-6 md:h-20 md:group-data-[compact=true]/header:h-16 lg:px-8">
        <a href={homePath} className="no-underline">
          <Logo place="header" />
        </a>
        <MainNav place="header" currentPath={currentPath} />
        <div className="flex items-center gap-2">
          <a
            href={telHref}
            className="hidden items-center gap-2 font-bold whitespace-nowrap text-brand-900 no-underline lg:flex"
          >
            <Phone className="size-5 text-brand-700" aria-hidden="true" />
            {phoneText}
          </a>
          <a
            href={quotePath}
            className={buttonClass(
              { variant: 'accent' },
              'hidden min-h-11 whitespace-nowrap sm:inline-flex',
            )}
          >
            Get a Quote
          </a>
          <IconButton
            label="Menu"
            icon={Menu}
            iconClassName="size-6"
            {...popoverTargetAttributes('nav-drawer')}
            className="size-11 rounded-lg border border-line text-brand-900 hover:bg-brand-50 xl:hidden"
          />
        </div>
      </div>
    </header>
  );
}

/**
 * The room the fixed header takes at the top of the page: as tall as the header starts (the
 * heights above, and the notice's), so no band shows between it and what follows
 */
export function HeaderSpacer({ compact, notice = '' }: { compact: boolean; notice?: string }) {
  return (
    <>
      <SiteNoticeSpacer text={notice} />
      <div className={`shrink-0 ${compact ? 'h-14 md:h-16' : 'h-18 md:h-20'}`} aria-hidden="true" />
    </>
  );
}
