/**
 * The sharing image (og:image) of a page: a 1200 × 630 card made at build time from the page's
 * illustration or photo, with the business name on it. The head links the card's address; the
 * build (src/integrations/og-images.ts) reads the address back to find the picture to draw it from.
 */

/** The size Facebook, LinkedIn and X crop large link previews to (1.91 : 1) */
export const ogImageSize = { width: 1200, height: 630 } as const;

const cardDir = '/og';
const cardExtension = '.jpg';

/** The scene of pages that have no illustration of their own: the home page's first scene */
export const defaultOgScene = {
  name: 'hero-4-wide',
  alt: 'Illustration of an East Auckland weatherboard house at dusk with outdoor lighting and a pōhutukawa tree',
} as const;

/** The card made from the default scene */
export const defaultOgImagePath = `${cardDir}/default${cardExtension}`;

/**
 * Where the card made from `source` (a root-relative file of the build, e.g. an illustration in
 * /_astro/) is written: its own path below /og, so each picture gets one card, and a new picture
 * (a new hashed name) a new address that sharing sites have not cached.
 */
export function ogImagePath(source?: string): string {
  if (source === undefined) return defaultOgImagePath;
  if (!source.startsWith('/') || source.startsWith('//'))
    throw new Error(`A sharing image is made from a file of the site, not ${source}`);
  return `${cardDir}${source}${cardExtension}`;
}

/** The picture a card is made from: a file of the build, or the default scene */
export type OgImageSource = { kind: 'file'; path: string } | { kind: 'default' };

/** The inverse of ogImagePath, for the build; undefined for an address that is not a card */
export function ogImageSource(cardPath: string): OgImageSource | undefined {
  if (cardPath === defaultOgImagePath) return { kind: 'default' };
  if (!cardPath.startsWith(`${cardDir}/`) || !cardPath.endsWith(cardExtension)) return undefined;
  return { kind: 'file', path: cardPath.slice(cardDir.length, -cardExtension.length) };
}
