import { MapPin, Navigation } from 'lucide-react';
import { buttonClass } from '../../../lib/button.ts';
import type { PlacedPoint } from '../../../lib/map.ts';

interface Props {
  points: readonly PlacedPoint[];
  width: number;
  height: number;
  embedUrl: string;
  directionsUrl: string;
}

/**
 * A static map of the service area drawn from the area pages' coordinates. Nothing from a
 * third party loads until the visitor presses the button (`map-loader.ts` swaps in the embed).
 */
export function ServiceAreaMap({ points, width, height, embedUrl, directionsUrl }: Props) {
  return (
    <div className="overflow-hidden rounded-(--radius-card) border border-line bg-white shadow-(--shadow-card)">
      <div data-map-frame="" className="relative aspect-[4/3] bg-brand-50 sm:aspect-[16/9]">
        <svg
          viewBox={`0 0 ${width} ${height}`}

          className="h-full w-full"
          preserveAspectRatio="xMidYMid meet"
        >
          <title>Map of the East Auckland suburbs we serve</title>
          <rect width={width} height={height} fill="#dbe7f3" />
          {points.map((point) => (
            <a key={point.href} href={point.href}>
              <circle cx={point.x} cy={point.y} r="26" fill="#f5b700" opacity="0.25" />
              <circle cx={point.x} cy={point.y} r="9" fill="#1d4e89" stroke="#fff" strokeWidth="3" />
              <text x={point.x} y={point.y - 16} textAnchor="middle" fontSize="20" fontWeight="700" fill="#0f2a44">
                {point.name}
              </text>
            </a>
          ))}
        </svg>
      </div>
      <div className="flex flex-wrap items-center gap-3 border-t border-line p-4">
        <button type="button" data-map-load={embedUrl} className={buttonClass({ variant: 'brand' })}>
          <MapPin className="size-5" aria-hidden="true" /> Load interactive map
        </button>
        <a href={directionsUrl} target="_blank" rel="noopener" className={buttonClass({ variant: 'outline' })}>
          <Navigation className="size-5" aria-hidden="true" /> Get directions<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <p className="text-sm text-muted">The interactive map is provided by OpenStreetMap and loads only when you ask for it.</p>
      </div>
    </div>
  );
}
