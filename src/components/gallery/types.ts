import type { PictureData } from '../../lib/pictures.ts';

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
