/** Gallery items built from content, with a card-sized picture and a large image for the lightbox */
import type { ImageMetadata } from 'astro';
import { getImage } from 'astro:assets';
import { photoPicture, picture, sourceImage, type PictureData } from './pictures.ts';
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

/** The lightbox's image of a photo: one WebP as wide as the lightbox shows it */
async function fullPhoto(source: ImageMetadata): Promise<GalleryItem['full']> {
  const full = await getImage({ src: source, format: 'webp', width: Math.min(fullWidth, source.width) });
  return { src: full.src, width: Number(full.attributes['width']), height: Number(full.attributes['height']) };
}

/** An item from an illustration by name, or from a photo dropped in with an illustration's name */
export async function galleryItem(input: Omit<GalleryItem, 'thumb' | 'full'> & { image: string }): Promise<GalleryItem> {
  const { image, ...rest } = input;
  const source = sourceImage(image);
  const thumb = await picture(image, { widths: thumbWidths });
  if (source.format === 'svg') return { ...rest, thumb, full: { src: source.src, width: source.width, height: source.height } };
  return { ...rest, thumb, full: await fullPhoto(source) };
}

/** An item from a photo of a content entry (its image() field) */
async function photoItem(input: Omit<GalleryItem, 'thumb' | 'full'> & { source: ImageMetadata }): Promise<GalleryItem> {
  const { source, ...rest } = input;
  const [thumb, full] = await Promise.all([photoPicture(source, thumbWidths), fullPhoto(source)]);
  return { ...rest, thumb, full };
}

/** A project shows its first photo where it has one, and its illustration otherwise */
export function projectItems(projects: readonly ProjectEntry[]): Promise<GalleryItem[]> {
  return Promise.all(
    projects.map(async (project) => {
      const { title, description, category, photos, image, imageAlt } = project.data;
      const common = { id: project.id, title, description, category };
      const [first] = photos;
      if (first) return photoItem({ ...common, alt: first.alt, source: first.src });
      // The schema lets a project without photos through only with both
      if (image === undefined || imageAlt === undefined) throw new Error(`projects/${project.id}: no photo and no illustration`);
      return galleryItem({ ...common, alt: imageAlt, image });
    }),
  );
}
