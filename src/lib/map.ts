/** The service-area map: points projected into a box, and the embed URL */
import { areaPages } from '../config/routes.ts';
import { mapEmbedOrigin } from './csp.ts';

export interface MapPoint {
  name: string;
  href: string;
  latitude: number;
  longitude: number;
}

export interface PlacedPoint extends MapPoint {
  x: number;
  y: number;
}

interface AreaForMap {
  id: string;
  data: { kind: string; geo: { latitude: number; longitude: number } };
}

/**
 * Every suburb page of the route table as a point where its pin goes (its `geo`), named by the
 * first part of its label ('Howick' of 'Howick & Cockle Bay') and linked to the page
 */
export function suburbPoints(areas: readonly AreaForMap[]): MapPoint[] {
  return areas.flatMap(({ id, data }) => {
    const href = `/areas/${id}`;
    const label = areaPages.find((page) => page.href === href)?.label;
    return data.kind === 'suburb' && label
      ? [{ name: label.split(' & ')[0]!, href, ...data.geo }]
      : [];
  });
}

/** Projects points into a width × height box with a margin (equirectangular: fine at city scale) */
export function placePoints(
  points: readonly MapPoint[],
  width: number,
  height: number,
  margin = 60,
): PlacedPoint[] {
  const lats = points.map((point) => point.latitude);
  const lons = points.map((point) => point.longitude);
  const [minLat, maxLat, minLon, maxLon] = [
    Math.min(...lats),
    Math.max(...lats),
    Math.min(...lons),
    Math.max(...lons),
  ];
  const scaleX = (width - 2 * margin) / (maxLon - minLon || 1);
  const scaleY = (height - 2 * margin) / (maxLat - minLat || 1);
  return points.map((point) => ({
    ...point,
    x: Math.round(margin + (point.longitude - minLon) * scaleX),
    y: Math.round(margin + (maxLat - point.latitude) * scaleY),
  }));
}

/** Where a name stands from its marker, in CSS pixels: SVG text's anchor and offsets */
export interface LabelPlacement {
  anchor: 'middle' | 'start' | 'end';
  dx: number;
  dy: number;
}

/**
 * Above, below, right and left of the marker, then off its four corners (for suburbs close
 * together, such as Botany and Dannemora), in that order of preference
 */
const placements: readonly LabelPlacement[] = [
  { anchor: 'middle', dx: 0, dy: -14 },
  { anchor: 'middle', dx: 0, dy: 28 },
  { anchor: 'start', dx: 18, dy: 5 },
  { anchor: 'end', dx: -18, dy: 5 },
  { anchor: 'start', dx: 10, dy: -12 },
  { anchor: 'start', dx: 10, dy: 26 },
  { anchor: 'end', dx: -10, dy: -12 },
  { anchor: 'end', dx: -10, dy: 26 },
];

/**
 * The map the names must fit without overlapping: a 360 px phone's square frame (the narrowest common
 * phone), the names in 14 px bold at a generous 0.68 em a character (DejaVu Sans Bold, wide among fallback fonts, measures about 0.64). Wider maps only move the
 * markers further apart.
 */
export const labelFit = {
  width: 328,
  height: 328,
  fontSize: 14,
  charWidth: 0.68,
  markerRadius: 14,
};

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

function labelBox(x: number, y: number, name: string, { anchor, dx, dy }: LabelPlacement): Box {
  const width = name.length * labelFit.charWidth * labelFit.fontSize;
  const left = x + dx - (anchor === 'middle' ? width / 2 : anchor === 'end' ? width : 0);
  const baseline = y + dy;
  // The box a browser measures for SVG text: the font's ascent and descent around the baseline
  return {
    left,
    right: left + width,
    top: baseline - labelFit.fontSize * 1.2,
    bottom: baseline + labelFit.fontSize * 0.5,
  };
}

/**
 * Gives each point (placed in per cent of the map) a side for its name so that, on the map of
 * `labelFit`, every name stays inside and clear of the other names and markers, preferring names
 * above their markers (a search over the sides, cut short at the first clash: a few suburbs only).
 * When no arrangement is clear, every name goes above.
 */
export function labelPoints<T extends { name: string; x: number; y: number }>(
  points: readonly T[],
): (T & { label: LabelPlacement })[] {
  const at = points.map(
    (point) => [(point.x / 100) * labelFit.width, (point.y / 100) * labelFit.height] as const,
  );
  const r = labelFit.markerRadius;
  const markers: Box[] = at.map(([x, y]) => ({
    left: x - r,
    right: x + r,
    top: y - r,
    bottom: y + r,
  }));
  const inside = (box: Box) =>
    box.left >= 0 && box.top >= 0 && box.right <= labelFit.width && box.bottom <= labelFit.height;
  // Each point's possible name boxes: inside the map and clear of the other markers (a name may touch its own)
  const options = points.map((point, index) => {
    const [x, y] = at[index]!;
    return placements
      .map((placement, cost) => ({ placement, cost, box: labelBox(x, y, point.name, placement) }))
      .filter(
        ({ box }) =>
          inside(box) && !markers.some((marker, other) => other !== index && overlaps(box, marker)),
      );
  });
  let best: { cost: number; chosen: LabelPlacement[] } | undefined;
  const search = (index: number, boxes: Box[], chosen: LabelPlacement[], cost: number) => {
    if (best && cost >= best.cost) return;
    if (index === points.length) {
      best = { cost, chosen };
      return;
    }
    for (const option of options[index]!) {
      if (boxes.some((box) => overlaps(box, option.box))) continue;
      search(index + 1, [...boxes, option.box], [...chosen, option.placement], cost + option.cost);
    }
  };
  search(0, [], [], 0);
  return points.map((point, index) => ({ ...point, label: best?.chosen[index] ?? placements[0]! }));
}

/** OpenStreetMap's embed framing the points, with no marker: the business comes to the customer */
export function embedUrl(points: readonly MapPoint[]): string {
  const pad = 0.03;
  const lats = points.map((point) => point.latitude);
  const lons = points.map((point) => point.longitude);
  const bbox = [
    Math.min(...lons) - pad,
    Math.min(...lats) - pad,
    Math.max(...lons) + pad,
    Math.max(...lats) + pad,
  ]
    .map((n) => n.toFixed(4))
    .join(',');
  return `${mapEmbedOrigin}/export/embed.html?bbox=${bbox}&layer=mapnik`;
}
