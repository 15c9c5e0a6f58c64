import { BarChart3, Bell, Globe, Hammer, Inbox, KeyRound, type LucideIcon } from 'lucide-react';
import { DEFAULT_NUMBERS_PERIOD, hashOf, type OwnerTab } from './routes.ts';

const tabs: Array<{ tab: OwnerTab; label: string; href: string; Icon: LucideIcon }> = [
  { tab: 'inbox', label: 'Inbox', href: hashOf({ name: 'inbox' }), Icon: Inbox },
  {
    tab: 'numbers',
    label: 'Numbers',
    href: hashOf({ name: 'numbers', days: DEFAULT_NUMBERS_PERIOD }),
    Icon: BarChart3,
  },
  { tab: 'jobs', label: 'Jobs', href: hashOf({ name: 'jobs' }), Icon: Hammer },
  { tab: 'site', label: 'Site', href: hashOf({ name: 'site' }), Icon: Globe },
  // "Alerts": "Notifications" would not fit a sixth of a phone's width
  { tab: 'notifications', label: 'Alerts', href: hashOf({ name: 'notifications' }), Icon: Bell },
  { tab: 'passkeys', label: 'Passkeys', href: hashOf({ name: 'passkeys' }), Icon: KeyRound },
];

/** What the inbox's badge counts, in words for a screen reader */
function badgeWords(unread: number, callBacks: number): string {
  return [unread > 0 && `${unread} unread`, callBacks > 0 && `${callBacks} to call back`]
    .filter(Boolean)
    .join(', ');
}

/**
 * Inbox, Numbers, Jobs, Site, Alerts (notifications), Passkeys: along the foot of a phone's screen, in the header on a wider
 * one; the inbox's badge counts the unread requests and those to call back today
 */
export function TabBar({
  current,
  unread,
  callBacks = 0,
}: {
  current: OwnerTab;
  unread: number;
  callBacks?: number;
}) {
  const badge = unread + callBacks;
  return (
    <nav
      aria-label="Owner’s page"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white pb-[env(safe-area-inset-bottom)] md:static md:flex-1 md:border-0 md:bg-transparent md:pb-0"
    >
      <ul className="mx-auto grid max-w-lg grid-cols-6 md:flex md:max-w-none md:justify-center md:gap-1">
        {tabs.map(({ tab, label, href, Icon }) => (
          <li key={tab}>
            <a
              href={href}
              aria-current={tab === current ? 'page' : undefined}
              className="relative flex min-h-16 flex-col items-center justify-center gap-0.5 text-[0.8125rem] font-semibold text-muted no-underline aria-[current=page]:text-brand-900 md:min-h-11 md:flex-row md:gap-2 md:rounded-lg md:px-4 md:text-base md:text-white/85 md:hover:bg-white/10 md:aria-[current=page]:bg-white md:aria-[current=page]:text-brand-900"
            >
              <Icon className="size-6 md:size-5" aria-hidden="true" />
              <span>{label}</span>
              {tab === 'inbox' && badge > 0 && (
                <span className="absolute top-1.5 left-1/2 ml-2 min-w-5 rounded-full bg-danger-700 px-1.5 text-center text-xs leading-5 font-bold text-white md:static md:ml-0">
                  <span aria-hidden="true">{badge}</span>
                  <span className="sr-only">{badgeWords(unread, callBacks)}</span>
                </span>
              )}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
