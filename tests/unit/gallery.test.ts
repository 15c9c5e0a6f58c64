/**
 * A project's photos on its card, in the lightbox and in the structured data: put through the
 * image pipeline (Astro's getImage, stood in for here) as AVIF and WebP at the card's widths, and
 * one large WebP of each photo for the lightbox; the first photo stands for the project
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { ImageMetadata } from 'astro';
import { GalleryCard } from '../../src/components/gallery/GalleryCard.tsx';
import type { ProjectEntry } from '../../src/lib/content.ts';
import { imageGalleryLd } from '../../src/lib/seo/json-ld.ts';

interface ImageRequest {
  src: ImageMetadata;
  format: string;
  width?: number;
  widths?: number[];
}
const requests: ImageRequest[] = [];

vi.mock('astro:assets', () => ({
  getImage: async (request: ImageRequest) => {
    requests.push(request);
    const name = request.src.src.replace(/^.*\/|\.\w+$/g, '');
    const file = (width: number) => `/_astro/${name}.${width}.${request.format}`;
    const widths = request.widths ?? [request.width!];
    const width = Math.max(...widths);
    return {
      src: file(width),
      srcSet: { attribute: widths.map((each) => `${file(each)} ${each}w`).join(', ') },
      attributes: { width, height: Math.round((width * request.src.height) / request.src.width) },
    };
  },
}));

const { projectItems } = await import('../../src/lib/gallery.ts');

/** A phone's photo, as Astro's image() gives it */
const phonePhoto = (name: string): ImageMetadata => ({
  src: `/src/assets/projects/deck/photos/${name}.jpg`,
  width: 3024,
  height: 4032,
  format: 'jpg',
});

const project = (data: Partial<ProjectEntry['data']>) =>
  ({
    id: 'deck-lighting-half-moon-bay',
    collection: 'projects',
    data: {
      title: 'Deck and garden lighting',
      category: 'Residential',
      description: 'Low-voltage lights along the deck steps and the garden path, on a timer.',
      suburb: 'Half Moon Bay',
      featured: false,
      order: 5,
      sample: false,
      photos: [],
      focus: { x: 50, y: 50 },
      ...data,
    },
  }) as unknown as ProjectEntry;

describe('a project with photos', () => {
  it('shows its first photo on the card as AVIF and WebP at the card widths, and each photo large in the lightbox', async () => {
    requests.length = 0;
    const photos = [
      { src: phonePhoto('0'), alt: 'Lit deck steps and a garden path at dusk in Half Moon Bay' },
      { src: phonePhoto('1'), alt: 'The timer and transformer mounted beside the back door' },
    ];
    const [item] = await projectItems([
      project({
        photos,
        image: 'deck-lighting-half-moon-bay',
        imageAlt: 'An illustration of the deck',
      }),
    ]);
    expect(item).toMatchObject({
      id: 'deck-lighting-half-moon-bay',
      alt: photos[0]!.alt,
      category: 'Residential',
    });
    expect(item!.thumb.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp']);
    for (const source of item!.thumb.sources)
      expect(source.srcset).toMatch(/ 400w, .* 600w, .* 800w$/);
    expect(item!.thumb.src).toMatch(/\.jpg$/);
    expect(item!.full).toEqual({ src: '/_astro/0.1200.webp', width: 1200, height: 1600 });
    // The others are made only as the lightbox shows them: one large WebP each, none at the card's sizes
    expect(item!.more).toEqual([
      { src: '/_astro/1.1200.webp', width: 1200, height: 1600, alt: photos[1]!.alt },
    ]);
    expect(requests.filter((request) => request.src === photos[1]!.src)).toEqual([
      { src: photos[1]!.src, format: 'webp', width: 1200 },
    ]);

    const card = renderToStaticMarkup(GalleryCard({ item: item!, onOpen: () => {} }));
    expect(card).toContain('<source type="image/avif"');
    expect(card).toContain(`alt="${photos[0]!.alt}"`);
    expect(card).toContain('href="/_astro/0.1200.webp"');
    expect(card).toContain('View 2 photos');

    const ld = imageGalleryLd(
      'Projects',
      [{ url: item!.full.src, alt: item!.alt, caption: item!.title, about: item!.category }],
      'https://www.example.com',
    );
    expect(ld.image).toEqual([
      expect.objectContaining({
        contentUrl: 'https://www.example.com/_astro/0.1200.webp',
        description: photos[0]!.alt,
      }),
    ]);
  });

  it('refuses a project with neither a photo nor an illustration', async () => {
    await expect(projectItems([project({})])).rejects.toThrow(
      'projects/deck-lighting-half-moon-bay: no photo and no illustration',
    );
  });

  it('centres the card’s crop on the point he chose, and leaves a card he did not crop as it was', async () => {
    const photos = [{ src: phonePhoto('0'), alt: 'Lit deck steps and a garden path at dusk' }];
    const [chosen, centred] = await projectItems([
      project({ photos, focus: { x: 30, y: 85 } }),
      project({ photos }),
    ]);
    const card = renderToStaticMarkup(GalleryCard({ item: chosen!, onOpen: () => {} }));
    expect(card).toContain('[--focus-x:30%] [--focus-y:85%]');
    expect(card).toMatch(/<img [^>]*class="[^"]*object-\[var\(--focus-x\)_var\(--focus-y\)\]/);
    expect(centred).not.toHaveProperty('focus');
    expect(renderToStaticMarkup(GalleryCard({ item: centred!, onOpen: () => {} }))).not.toContain(
      'focus',
    );
  });
});
