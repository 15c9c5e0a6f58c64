import type { NavLink } from '../../../config/routes.ts';
import { buttonClass, type ButtonVariant } from '../../../lib/button.ts';

/** A button under an error page's message */
export interface ErrorAction extends NavLink {
  variant: ButtonVariant;
}

interface Props {
  code?: number | undefined;
  title: string;
  message: string;
  actions: readonly ErrorAction[];
  links: readonly NavLink[];
  linksHeading: string;
}

/** The body of the 404, 410 and 'Service not found' pages */
export function ErrorPanel({ code, title, message, actions, links, linksHeading }: Props) {
  return (
    <section className="section">
      <div className="container-page max-w-3xl text-center">
        {code ? (
          <h1 className="text-7xl font-extrabold text-brand-700 md:text-8xl">
            {/* The space keeps the code and the title two words in the heading's name ("404 Page Not Found") */}
            {code} <span className="mt-3 block text-h2 text-brand-900">{title}</span>
          </h1>
        ) : (
          <h1 className="text-display">{title}</h1>
        )}
        <p className="lead mx-auto mt-5 max-w-xl">{message}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {actions.map((action) => (
            <a
              key={action.href}
              href={action.href}
              className={buttonClass({ variant: action.variant })}
            >
              {action.label}
            </a>
          ))}
        </div>
        <nav aria-label={linksHeading} className="mt-12 text-left">
          <h2 className="text-center text-h3">{linksHeading}</h2>
          <ul className="mt-5 grid gap-3 sm:grid-cols-2">
            {links.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  className="card card-link flex items-center justify-between p-4 font-semibold text-brand-800"
                >
                  {link.label}
                  <span aria-hidden="true">→</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  );
}
