/** Card data for services, built from the collection with their pictures */
import type { IconName } from '../config/icon-names.ts';
import { servicePath } from '../config/routes.ts';
import type { ServiceEntry } from './content.ts';
import { picture, type PictureData } from './pictures.ts';

/** A service as a card: what the card shows and where it links */
export interface ServiceCardData {
  title: string;
  description: string;
  icon: IconName;
  href: string;
  picture?: PictureData | undefined;
  imageAlt?: string | undefined;
}

/** A service in a compact list of links */
export interface ServiceLink {
  title: string;
  href: string;
  icon: IconName;
}

export const cardWidths = [400, 600, 800];

export async function serviceCard(
  entry: ServiceEntry,
  { withPicture = true } = {},
): Promise<ServiceCardData> {
  return {
    title: entry.data.title,
    description: entry.data.description,
    icon: entry.data.icon,
    href: servicePath(entry.id),
    picture: withPicture ? await picture(entry.data.image, { widths: cardWidths }) : undefined,
    imageAlt: entry.data.imageAlt,
  };
}

export function serviceCards(
  entries: readonly ServiceEntry[],
  options?: { withPicture?: boolean },
): Promise<ServiceCardData[]> {
  return Promise.all(entries.map((entry) => serviceCard(entry, options)));
}
