import type { ReactNode } from 'react';
import { business, phoneText, mailHref, telHref } from '../../config/business.ts';
import { availability, emergencyClaim, hoursText } from '../../lib/site-day.ts';
import { emergencyAliasPath, mainNav, privacyPath, type NavLink } from '../../config/routes.ts';
import type { RegionLinks } from '../../lib/regions.ts';
import { Logo } from './Logo.tsx';

const headingClass = 'mb-3 text-base font-bold text-white';
const linkClass = 'text-brand-100 no-underline hover:text-white hover:underline';

/** A list of footer links; `children` adds items after the list's own */
function FooterLinks({ links, children }: { links: readonly NavLink[]; children?: ReactNode }) {
  return (
    <ul className="space-y-2">
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} className={linkClass}>
            {link.label}
          </a>
        </li>
      ))}
      {children}
    </ul>
  );
}

/** A titled column of footer links; `children` adds items after the list's own */
function FooterNav({
  title,
  links,
  children,
}: {
  title: string;
  links: readonly NavLink[];
  children?: ReactNode;
}) {
  return (
    <nav aria-label={title}>
      <h2 className={headingClass}>{title}</h2>
      <FooterLinks links={links}>{children}</FooterLinks>
    </nav>
  );
}

/** The area pages under the region each is in: East Auckland's, then the nearby parts of Auckland also served */
function FooterAreas({ areas }: { areas: readonly RegionLinks[] }) {
  return (
    <nav aria-labelledby="footer-areas">
      <h2 id="footer-areas" className={headingClass}>
        Where we work
      </h2>
      {areas.map(({ region, links }) => (
        <div key={region} className="mt-4 first-of-type:mt-0">
          <h3 className="mb-2 text-sm font-semibold tracking-wide text-brand-100 uppercase">
            {region}
          </h3>
          <FooterLinks links={links} />
        </div>
      ))}
    </nav>
  );
}

export function SiteFooter({ year, areas }: { year: number; areas: readonly RegionLinks[] }) {
  // Below 1280 px the call/quote bar covers the page's last 4 rem: the footer's padding is that room
  return (
    <footer className="bg-brand-950 pb-20 text-brand-100 xl:pb-0">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-[1.25fr_1fr_1fr_1fr]">
        <div>
          <Logo place="footer" />
          <p className="mt-4 text-sm">
            Licensed electrician and handyman, owner-operated, serving{' '}
            {business.serviceArea.summary}.
          </p>
          <p className="mt-3 text-sm">
            {business.registration.body} registration {business.registration.number}.{' '}
            <a href={business.registration.registerUrl} className={linkClass} rel="noopener">
              Check the public register
            </a>
          </p>
        </div>
        <FooterNav title="Quick links" links={mainNav}>
          <li>
            <a
              href={emergencyAliasPath}
              className="font-semibold text-accent-400 no-underline hover:underline"
            >
              {emergencyClaim('emergency electrician')}
            </a>
          </li>
        </FooterNav>
        <FooterAreas areas={areas} />
        <div>
          <h2 className={headingClass}>Contact</h2>
          <ul className="space-y-2">
            <li>
              Phone:{' '}
              <a href={telHref} className="font-semibold text-white no-underline hover:underline">
                {phoneText}
              </a>
            </li>
            <li>
              E-mail:{' '}
              <a href={mailHref} className="font-semibold text-white no-underline hover:underline">
                {business.email}
              </a>
            </li>
            {hoursText.map((line) => (
              <li key={line}>{line}</li>
            ))}
            {availability.emergency24x7 && <li>Emergencies: 24 hours, 7 days</li>}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="container-page flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-5 text-sm">
          <p>
            © {year} {business.name}. All rights reserved.
          </p>
          <a href={privacyPath} className={linkClass}>
            Privacy statement
          </a>
        </div>
      </div>
    </footer>
  );
}
