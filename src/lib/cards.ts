/** Card data for services, built from the collection with their pictures */
import type { ServiceCardData } from '../components/sections/ServiceCard.tsx';
import { servicePath } from '../config/routes.ts';
import type { ServiceEntry } from './content.ts';
import { picture } from './pictures.ts';

export const cardWidths = [400, 600, 800];

export async function serviceCard(entry: ServiceEntry, { withPicture = true } = {}): Promise<ServiceCardData> {
  return {
    title: entry.data.title,
    description: entry.data.description,
    icon: entry.data.icon,
    href: servicePath(entry.id),
    picture: withPicture ? await picture(entry.data.image, { widths: cardWidths }) : undefined,
    imageAlt: entry.data.imageAlt,
  };
}

export function serviceCards(entries: readonly ServiceEntry[], options?: { withPicture?: boolean }): Promise<ServiceCardData[]> {
  return Promise.all(entries.map((entry) => serviceCard(entry, options)));
}
