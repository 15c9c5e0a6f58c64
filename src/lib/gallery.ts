/** Gallery items built from content, with a card-sized picture and a large image for the lightbox */
import { getImage } from 'astro:assets';
import { picture, sourceImage, type PictureData } from './pictures.ts';
import type { ProjectEntry } from './content.ts';

/** One picture of a gallery: a project, or a photo of the About page */
export interface GalleryItem {
  id: string;
  title: string;
  description: string;
  /** 'Residential' or 'Maintenance' for projects; a label for other galleries */
  category: string;
  alt: string;
  thumb: PictureData;
  /** The large image the lightbox shows, and the link target without JavaScript */
  full: { src: string; width: number; height: number };
}

const thumbWidths = [400, 600, 800];
const fullWidth = 1200;

export async function galleryItem(input: Omit<GalleryItem, 'thumb' | 'full'> & { image: string }): Promise<GalleryItem> {
  const { image, ...rest } = input;
  const source = sourceImage(image);
  const thumb = await picture(image, { widths: thumbWidths });
  if (source.format === 'svg') return { ...rest, thumb, full: { src: source.src, width: source.width, height: source.height } };
  const full = await getImage({ src: source, format: 'webp', width: Math.min(fullWidth, source.width) });
  return {
    ...rest,
    thumb,
    full: { src: full.src, width: Number(full.attributes['width']), height: Number(full.attributes['height']) },
  };
}

export function projectItems(projects: readonly ProjectEntry[]): Promise<GalleryItem[]> {
  return Promise.all(
    projects.map((project) =>
      galleryItem({
        id: project.id,
        title: project.data.title,
        description: project.data.description,
        category: project.data.category,
        alt: project.data.imageAlt,
        image: project.data.image,
      }),
    ),
  );
}
