import type { ReactNode } from 'react';
import type { NavLink } from '../../config/routes.ts';

interface Props {
  code?: number;
  title: string;
  message: string;
  links?: readonly NavLink[];
  linksHeading?: string;
  /** The buttons under the message */
  children: ReactNode;
}

/** The body of the 404, 410 and 'Service not found' pages */
export function ErrorPanel({ code, title, message, links = [], linksHeading = 'Popular pages', children }: Props) {
  return (
    <section className="section">
      <div className="container-page max-w-3xl text-center">
        {code ? (
          <h1 className="text-7xl font-extrabold text-brand-700 md:text-8xl">
            {code}
            <span className="mt-3 block text-h2 text-brand-900">{title}</span>
          </h1>
        ) : (
          <h1 className="text-display">{title}</h1>
        )}
        <p className="lead mx-auto mt-5 max-w-xl">{message}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
        {links.length > 0 && (
          <nav aria-label={linksHeading} className="mt-12 text-left">
            <h2 className="text-h3 text-center">{linksHeading}</h2>
            <ul className="mt-5 grid gap-3 sm:grid-cols-2">
              {links.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className="card card-link flex items-center justify-between p-4 font-semibold text-brand-800">
                    {link.label}
                    <span aria-hidden="true">→</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </section>
  );
}
