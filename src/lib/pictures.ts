/**
 * Pictures from src/assets/illustrations, and the photos of content entries. Illustrations ship as optimised SVG (one small file that
 * is sharp at every width, or inline markup for a first-screen scene); a photo dropped in with the
 * same base name as an illustration (e.g. `switchboard-upgrades.jpg`) replaces it and is rendered
 * by Astro's image pipeline to AVIF, WebP and JPEG at the widths it is shown at.
 */
import type { ImageMetadata } from 'astro';
import { getImage } from 'astro:assets';
import { inlineSvg } from './svg.ts';

const modules = import.meta.glob<{ default: ImageMetadata }>(
  '../assets/illustrations/*.{svg,jpg,jpeg,png,webp,avif}',
  {
    eager: true,
  },
);

const photoFirst = (file: string) => (file.endsWith('.svg') ? 1 : 0);
const byName = new Map<string, ImageMetadata>();
for (const file of Object.keys(modules).sort((a, b) => photoFirst(a) - photoFirst(b))) {
  const name = file.replace(/^.*\/([^/]+)\.[a-z]+$/, '$1');
  if (!byName.has(name)) byName.set(name, modules[file]!.default);
}
const svgMarkup = import.meta.glob<string>('../assets/illustrations/*.svg', {
  query: '?raw',
  import: 'default',
  eager: true,
});

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
  /** Optimised SVG markup, for a scene inlined so it paints with the page's first text */
  inline?: string;
  /** The variant shown on portrait phones (art direction) */
  portrait?: PictureData;
}

export interface PictureOptions {
  /** Widths to render, in CSS pixels × density the layout needs (photos only) */
  widths: number[];
  /** Inline an illustration's markup instead of linking its file (first-screen scenes) */
  inline?: boolean;
}

const modernFormats = ['avif', 'webp'] as const;

export function sourceImage(name: string): ImageMetadata {
  const source = byName.get(name);
  if (!source) throw new Error(`No image named "${name}" in src/assets/illustrations`);
  return source;
}

function vectorPicture(name: string, source: ImageMetadata, inline: boolean): PictureData {
  const picture: PictureData = {
    sources: [],
    src: source.src,
    srcset: '',
    width: source.width,
    height: source.height,
  };
  if (!inline) return picture;
  const markup = svgMarkup[`../assets/illustrations/${name}.svg`]!;
  return { ...picture, inline: inlineSvg(markup, name) };
}

export async function picture(
  name: string,
  { widths, inline = false }: PictureOptions,
): Promise<PictureData> {
  const source = sourceImage(name);
  if (source.format === 'svg') return vectorPicture(name, source, inline);
  return photoPicture(source, widths);
}

/** A photo (from the illustrations folder or a content entry's image() field) as AVIF, WebP and JPEG at the widths it is shown at */
export async function photoPicture(
  source: ImageMetadata,
  widths: readonly number[],
): Promise<PictureData> {
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
export async function artDirectedPicture(
  wide: string,
  tall: string,
  options: PictureOptions & { tallWidths: number[] },
): Promise<PictureData> {
  const [wideData, tallData] = await Promise.all([
    picture(wide, options),
    picture(tall, { widths: options.tallWidths, inline: options.inline ?? false }),
  ]);
  const portrait = '(orientation: portrait) and (max-width: 767px)';
  const tallFallback = tallData.srcset
    ? { type: 'image/jpeg', srcset: tallData.srcset, media: portrait }
    : { type: 'image/svg+xml', srcset: tallData.src, media: portrait };
  return {
    ...wideData,
    sources: [
      ...tallData.sources.map((source) => ({ ...source, media: portrait })),
      tallFallback,
      ...wideData.sources,
    ],
    portrait: tallData,
  };
}

/** Widths of a full-bleed first-screen scene, for a photo; an illustration is inlined instead */
const sceneWidths = [640, 960, 1280, 1600];

/** The scene behind a page's first screen: inline, so it paints with the heading */
export function scenePicture(name: string): Promise<PictureData> {
  return picture(name, { widths: sceneWidths, inline: true });
}
