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
  data: { kind: string; geo?: { latitude: number; longitude: number } | undefined };
}

/**
 * The suburb pages that give a position, as points named by the first part of their label
 * ('Howick' of 'Howick & Cockle Bay') and linked to their page
 */
export function suburbPoints(areas: readonly AreaForMap[]): MapPoint[] {
  return areas.flatMap(({ id, data }) => {
    const href = `/areas/${id}`;
    const label = areaPages.find((page) => page.href === href)?.label;
    return data.geo && data.kind === 'suburb' && label ? [{ name: label.split(' & ')[0]!, href, ...data.geo }] : [];
  });
}

/** Projects points into a width × height box with a margin (equirectangular: fine at city scale) */
export function placePoints(points: readonly MapPoint[], width: number, height: number, margin = 60): PlacedPoint[] {
  const lats = points.map((point) => point.latitude);
  const lons = points.map((point) => point.longitude);
  const [minLat, maxLat, minLon, maxLon] = [Math.min(...lats), Math.max(...lats), Math.min(...lons), Math.max(...lons)];
  const scaleX = (width - 2 * margin) / (maxLon - minLon || 1);
  const scaleY = (height - 2 * margin) / (maxLat - minLat || 1);
  return points.map((point) => ({
    ...point,
    x: Math.round(margin + (point.longitude - minLon) * scaleX),
    y: Math.round(margin + (maxLat - point.latitude) * scaleY),
  }));
}

/** OpenStreetMap's embed framing the points, with no marker: the business comes to the customer */
export function embedUrl(points: readonly MapPoint[]): string {
  const pad = 0.03;
  const lats = points.map((point) => point.latitude);
  const lons = points.map((point) => point.longitude);
  const bbox = [Math.min(...lons) - pad, Math.min(...lats) - pad, Math.max(...lons) + pad, Math.max(...lats) + pad]
    .map((n) => n.toFixed(4))
    .join(',');
  return `${mapEmbedOrigin}/export/embed.html?bbox=${bbox}&layer=mapnik`;
}
