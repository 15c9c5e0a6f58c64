import type { ServiceLink } from '../../../lib/cards.ts';
import { Icon } from '../../../components/ui/Icon.tsx';

/** A compact grid of services that link to their pages */
export function ServiceLinks({ services }: { services: readonly ServiceLink[] }) {
  return (
    <ul data-shared="" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {services.map((service) => (
        <li key={service.href}>
          <a
            href={service.href}
            className="card card-link flex items-center gap-3 p-4 font-semibold text-brand-900"
          >
            <span className="icon-badge size-10">
              <Icon name={service.icon} className="size-5" />
            </span>
            {service.title}
          </a>
        </li>
      ))}
    </ul>
  );
}
