import { MapPin } from 'lucide-react';

/** Cards linking to nearby area pages */
export function RelatedAreas({
  areas,
}: {
  areas: readonly { name: string; url: string; description: string }[];
}) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {areas.map((area) => (
        <li key={area.url} className="card relative">
          <h3 className="flex items-center gap-2 text-h3">
            <MapPin className="size-5 text-brand-700" aria-hidden="true" />
            <a
              href={area.url}
              className="text-brand-900 no-underline after:absolute after:inset-0 hover:underline"
            >
              {area.name}
            </a>
          </h3>
          <p className="mt-2 text-muted">{area.description}</p>
        </li>
      ))}
    </ul>
  );
}
