import { mainNav } from '../../config/routes.ts';
import { isCurrent } from '../../lib/nav.ts';

/** The two places the main navigation shows: the header's bar on wide screens, the mobile menu's list */
const looks = {
  header: {
    label: 'Main',
    nav: 'hidden xl:block',
    list: 'flex items-center',
    link: 'rounded-md px-2 py-2 text-[0.9375rem] font-semibold text-brand-900 no-underline hover:bg-brand-50 aria-[current=page]:text-brand-700 aria-[current=page]:underline aria-[current=page]:decoration-accent-500 aria-[current=page]:decoration-3 aria-[current=page]:underline-offset-8',
  },
  drawer: {
    label: 'Mobile',
    nav: 'px-3 py-4',
    list: 'space-y-1',
    link: 'block rounded-lg px-3 py-3 text-lg font-semibold text-brand-900 no-underline hover:bg-brand-50 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700',
  },
} as const;

/** The main navigation; the link to the page at `currentPath` (or to a section above it) is marked current */
export function MainNav({
  place,
  currentPath,
}: {
  place: keyof typeof looks;
  currentPath: string;
}) {
  const look = looks[place];
  return (
    <nav aria-label={look.label} className={look.nav}>
      <ul className={look.list}>
        {mainNav.map((link) => (
          <li key={link.href + link.label}>
            <a
              href={link.href}
              aria-current={isCurrent(link.href, currentPath) ? 'page' : undefined}
              className={look.link}
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
