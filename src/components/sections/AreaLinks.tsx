import { MapPin } from 'lucide-react';
import { areaPages } from '../../config/routes.ts';

/** Links to the East Auckland hub and the nine suburb pages */
export function AreaLinks({
  headingId = 'areas-heading',
  title = 'Areas we serve',
}: {
  headingId?: string;
  title?: string;
}) {
  return (
    <nav aria-labelledby={headingId}>
      <h2 id={headingId} className="text-h3">
        {title}
      </h2>
      <ul className="mt-4 flex flex-wrap gap-2">
        {areaPages.map((area) => (
          <li key={area.href}>
            <a
              href={area.href}
              className="inline-flex items-center gap-1.5 rounded-full border border-brand-100 bg-white px-4 py-2 text-sm font-semibold text-brand-800 no-underline hover:border-brand-700"
            >
              <MapPin className="size-4" aria-hidden="true" /> {area.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
