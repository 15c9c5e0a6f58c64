import { MapPin } from 'lucide-react';
import { buttonClass } from '../../../lib/button.ts';
import type { LabelPlacement, PlacedPoint } from '../../../lib/map.ts';

interface Props {
  /** Positions in per cent of the map's box, so the map can take any shape the layout gives it */
  points: readonly (PlacedPoint & { label: LabelPlacement })[];
  embedUrl: string;
  /** The parts of Auckland the points are in, as a list: 'East Auckland, South Auckland and Auckland Central' */
  regions: string;
}

/**
 * A static map of the service area drawn from the area pages' coordinates. The SVG has no viewBox,
 * so its labels and markers keep their CSS size (readable, and big enough to tap, on a phone)
 * while their positions stretch with the box. Nothing from a third party loads until the visitor
 * presses the button (`map-loader.ts` swaps in the embed).
 */
export function ServiceAreaMap({ points, embedUrl, regions }: Props) {
  return (
    <div className="flex flex-col overflow-hidden rounded-(--radius-card) border border-line bg-white shadow-(--shadow-card)">
      <div
        data-map-frame=""
        className="relative aspect-square bg-brand-50 sm:aspect-[16/10] lg:aspect-auto lg:min-h-96 lg:flex-1"
      >
        <svg className="absolute inset-0 size-full">
          <title>{`Map of the suburbs we serve in ${regions}`}</title>
          <rect width="100%" height="100%" fill="#dbe7f3" />
          {points.map((point) => (
            <a
              key={point.href}
              href={point.href}
              data-map-point=""
              className="no-underline hover:underline focus-visible:underline"
            >
              <circle cx={`${point.x}%`} cy={`${point.y}%`} r="14" fill="#f5b700" opacity="0.35" />
              <circle
                cx={`${point.x}%`}
                cy={`${point.y}%`}
                r="6"
                fill="#1d4e89"
                stroke="#fff"
                strokeWidth="2"
              />
              <text
                x={`${point.x}%`}
                y={`${point.y}%`}
                dx={point.label.dx}
                dy={point.label.dy}
                textAnchor={point.label.anchor}
                stroke="#fff"
                strokeWidth="4"
                paintOrder="stroke"
                className="fill-brand-950 text-sm font-bold"
              >
                {point.name}
              </text>
            </a>
          ))}
        </svg>
      </div>
      <div className="flex flex-wrap items-center gap-3 border-t border-line p-4">
        <button
          type="button"
          data-map-load={embedUrl}
          className={buttonClass({ variant: 'brand' })}
        >
          <MapPin className="size-5" aria-hidden="true" /> Load interactive map
        </button>
        <p className="text-sm text-muted">
          We come to you. The interactive map is provided by OpenStreetMap and loads only when you
          ask for it.
        </p>
      </div>
    </div>
  );
}
