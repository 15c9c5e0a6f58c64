/** Gallery items built from content, with a card-sized picture and a large image for the lightbox */
import type { ImageMetadata } from 'astro';
import { getImage } from 'astro:assets';
import { photoPicture, picture, sourceImage, type PictureData } from './pictures.ts';
import type { ProjectEntry } from './content.ts';
import { CENTRED, type PhotoFocus } from './photo-focus.ts';

/** A large image the lightbox shows */
export interface LargeImage {
  src: string;
  width: number;
  height: number;
}

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
  full: LargeImage;
  /** A project's other photos, which the lightbox steps through after the first */
  more: (LargeImage & { alt: string })[];
  /** Where the card's crop of its picture is centred; the middle without */
  focus?: PhotoFocus;
}

const thumbWidths = [400, 600, 800];
const fullWidth = 1200;

/** The lightbox's image of a photo: one WebP as wide as the lightbox shows it */
async function fullPhoto(source: ImageMetadata): Promise<LargeImage> {
  const full = await getImage({
    src: source,
    format: 'webp',
    width: Math.min(fullWidth, source.width),
  });
  return {
    src: full.src,
    width: Number(full.attributes['width']),
    height: Number(full.attributes['height']),
  };
}

/** An item from an illustration by name, or from a photo dropped in with an illustration's name */
export async function galleryItem(
  input: Omit<GalleryItem, 'thumb' | 'full' | 'more'> & { image: string },
): Promise<GalleryItem> {
  const { image, ...rest } = input;
  const source = sourceImage(image);
  const thumb = await picture(image, { widths: thumbWidths });
  if (source.format === 'svg')
    return {
      ...rest,
      thumb,
      full: { src: source.src, width: source.width, height: source.height },
      more: [],
    };
  return { ...rest, thumb, full: await fullPhoto(source), more: [] };
}

type Photo = { src: ImageMetadata; alt: string };

/** An item from the photos of a content entry (its image() fields): the first on the card, all in the lightbox */
async function photoItem(
  input: Omit<GalleryItem, 'thumb' | 'full' | 'more' | 'alt'> & { photos: [Photo, ...Photo[]] },
): Promise<GalleryItem> {
  const { photos, ...rest } = input;
  const [first, ...others] = photos;
  const [thumb, full, more] = await Promise.all([
    photoPicture(first.src, thumbWidths),
    fullPhoto(first.src),
    Promise.all(others.map(async (photo) => ({ ...(await fullPhoto(photo.src)), alt: photo.alt }))),
  ]);
  return { ...rest, alt: first.alt, thumb, full, more };
}

/** A project shows its photos where it has them, and its illustration otherwise */
export function projectItems(projects: readonly ProjectEntry[]): Promise<GalleryItem[]> {
  return Promise.all(
    projects.map(async (project) => {
      const { title, description, category, photos, image, imageAlt, focus } = project.data;
      // Only a chosen point reaches the card, so a card cropped in the middle is as it was. An
      // entry Astro kept from a build before the field (its data store) has none at all
      const given = focus as typeof focus | undefined;
      const chosen = given !== undefined && (given.x !== CENTRED.x || given.y !== CENTRED.y);
      const common = { id: project.id, title, description, category, ...(chosen ? { focus } : {}) };
      const [first, ...others] = photos;
      if (first) return photoItem({ ...common, photos: [first, ...others] });
      // The schema lets a project without photos through only with both
      if (image === undefined || imageAlt === undefined)
        throw new Error(`projects/${project.id}: no photo and no illustration`);
      return galleryItem({ ...common, alt: imageAlt, image });
    }),
  );
}
