/** The area pages grouped by the part of Auckland each is in, for the footer and the map */
import { areaPages, type NavLink } from '../config/routes.ts';
import type { Region } from '../config/regions.ts';

interface AreaWithRegion {
  id: string;
  data: { region: Region };
}

export interface RegionLinks {
  region: Region;
  links: NavLink[];
}

/** The route table's area pages by region, the regions in the order their first page comes */
export function areasByRegion(
  areas: readonly AreaWithRegion[],
  pages: readonly NavLink[] = areaPages,
): RegionLinks[] {
  const groups: RegionLinks[] = [];
  for (const page of pages) {
    const area = areas.find(({ id }) => `/areas/${id}` === page.href);
    if (!area) continue;
    const group = groups.find(({ region }) => region === area.data.region);
    if (group) group.links.push(page);
    else groups.push({ region: area.data.region, links: [page] });
  }
  return groups;
}

/** 'East Auckland', 'East Auckland and South Auckland', 'East Auckland, South Auckland and Auckland Central' */
export function listOfRegions(groups: readonly { region: Region }[]): string {
  const names = groups.map(({ region }) => region);
  return names.length > 1
    ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`
    : (names[0] ?? '');
}
