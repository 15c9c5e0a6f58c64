import { Check } from 'lucide-react';

/** The suburbs an area page serves, as a checklist */
export function SuburbList({ suburbs }: { suburbs: readonly string[] }) {
  return (
    <ul className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3 lg:grid-cols-4">
      {suburbs.map((suburb) => (
        <li key={suburb} className="flex items-center gap-2">
          <Check className="size-5 shrink-0 text-success-700" aria-hidden="true" />
          {suburb}
        </li>
      ))}
    </ul>
  );
}
