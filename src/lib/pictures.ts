/**
 * Responsive pictures from the illustrations (or photos) in src/assets/illustrations, rendered
 * by Astro's image pipeline to AVIF, WebP and JPEG at several widths. A photo dropped in with
 * the same base name as an illustration (e.g. `switchboard-upgrades.jpg`) replaces it.
 */
import type { ImageMetadata } from 'astro';
import { getImage } from 'astro:assets';

const modules = import.meta.glob<{ default: ImageMetadata }>('../assets/illustrations/*.{svg,jpg,jpeg,png,webp,avif}', {
  eager: true,
});

const photoFirst = (file: string) => (file.endsWith('.svg') ? 1 : 0);
const byName = new Map<string, ImageMetadata>();
for (const file of Object.keys(modules).sort((a, b) => photoFirst(a) - photoFirst(b))) {
  const name = file.replace(/^.*\/([^/]+)\.[a-z]+$/, '$1');
  if (!byName.has(name)) byName.set(name, modules[file]!.default);
}

export interface PictureSource {
  type: string;
  srcset: string;
  media?: string;
}

export interface PictureData {
  sources: PictureSource[];
  src: string;
  srcset: string;
  width: number;
  height: number;
}

export interface PictureOptions {
  /** Widths to render, in CSS pixels × density the layout needs */
  widths: number[];
}

const modernFormats = ['avif', 'webp'] as const;

export function sourceImage(name: string): ImageMetadata {
  const source = byName.get(name);
  if (!source) throw new Error(`No image named "${name}" in src/assets/illustrations`);
  return source;
}

export async function picture(name: string, { widths }: PictureOptions): Promise<PictureData> {
  const source = sourceImage(name);
  const usable = widths.filter((width) => width <= Math.max(source.width, 1600));
  const largest = Math.max(...usable);
  const sources: PictureSource[] = [];
  for (const format of modernFormats) {
    const image = await getImage({ src: source, format, widths: usable });
    sources.push({ type: `image/${format}`, srcset: image.srcSet.attribute });
  }
  const fallback = await getImage({ src: source, format: 'jpg', widths: usable, quality: 82 });
  return {
    sources,
    src: fallback.src,
    srcset: fallback.srcSet.attribute,
    width: largest,
    height: Math.round((largest * source.height) / source.width),
  };
}

/** A wide picture with a tall variant for portrait phones (art direction) */
export async function artDirectedPicture(wide: string, tall: string, options: PictureOptions & { tallWidths: number[] }) {
  const [wideData, tallData] = await Promise.all([picture(wide, options), picture(tall, { widths: options.tallWidths })]);
  const portrait = '(orientation: portrait) and (max-width: 767px)';
  return {
    ...wideData,
    sources: [
      ...tallData.sources.map((source) => ({ ...source, media: portrait })),
      { type: 'image/jpeg', srcset: tallData.srcset, media: portrait },
      ...wideData.sources,
    ],
  } satisfies PictureData;
}
