/**
 * The head of every page as plain data: the layout renders these entries and nothing else,
 * so what a crawler sees is decided (and tested) here.
 */
import { business } from '../../config/business.ts';
import { defaultOgScene, ogImagePath, ogImageSize } from './og-image.ts';

export interface HeadInput {
  /** Full <title>; kept under 60 characters by the content schemas */
  title: string;
  description: string;
  /** Path of this page, e.g. /services/ceiling-fans */
  path: string;
  /** Where the canonical link points when this page is served at a second address */
  canonicalPath?: string;
  /** Root-relative URL of the page's illustration or photo, which its sharing card is made from */
  image?: string;
  /** What that illustration or photo shows */
  imageAlt?: string;
  /** Error pages and the thank-you page stay out of search results */
  noindex?: boolean;
  /** For the static build: the status a prerendering host should answer with */
  statusCode?: number;
  type?: 'website' | 'article';
}

export type HeadEntry =
  | { tag: 'title'; text: string }
  | { tag: 'meta'; attrs: Record<string, string> }
  | { tag: 'link'; attrs: Record<string, string> };

export function absoluteUrl(pathOrUrl: string, origin: string): string {
  const url = new URL(pathOrUrl, `${origin}/`);
  // Pages have no trailing slash; the site root keeps its one slash
  if (url.pathname !== '/') url.pathname = url.pathname.replace(/(?<!\/)\/+$/, '');
  return url.href;
}

export function buildHead(input: HeadInput, origin: string): HeadEntry[] {
  const canonical = absoluteUrl(input.canonicalPath ?? input.path, origin);
  const entries: HeadEntry[] = [
    { tag: 'title', text: input.title },
    { tag: 'meta', attrs: { name: 'description', content: input.description } },
  ];
  if (input.statusCode) {
    entries.push({
      tag: 'meta',
      attrs: { name: 'prerender-status-code', content: String(input.statusCode) },
    });
  }
  if (input.noindex) {
    entries.push({ tag: 'meta', attrs: { name: 'robots', content: 'noindex' } });
  } else {
    entries.push({ tag: 'link', attrs: { rel: 'canonical', href: canonical } });
  }
  const image = sharingImage(input, origin);
  const og: Record<string, string> = {
    'og:type': input.type ?? 'website',
    'og:site_name': business.name,
    'og:locale': 'en_NZ',
    'og:title': input.title,
    'og:description': input.description,
    'og:url': canonical,
    'og:image': image.url,
    'og:image:type': 'image/jpeg',
    'og:image:width': String(ogImageSize.width),
    'og:image:height': String(ogImageSize.height),
    'og:image:alt': image.alt,
  };
  for (const [property, content] of Object.entries(og))
    entries.push({ tag: 'meta', attrs: { property, content } });
  const twitter: Record<string, string> = {
    'twitter:card': 'summary_large_image',
    'twitter:title': input.title,
    'twitter:description': input.description,
    'twitter:image': image.url,
    'twitter:image:alt': image.alt,
  };
  for (const [name, content] of Object.entries(twitter))
    entries.push({ tag: 'meta', attrs: { name, content } });
  return entries;
}

/**
 * The page's sharing card and its text alternative: the business name the card carries, and the
 * scene behind it where the page says what its picture shows (or the default scene is used).
 */
function sharingImage(
  input: Pick<HeadInput, 'image' | 'imageAlt'>,
  origin: string,
): { url: string; alt: string } {
  const url = absoluteUrl(ogImagePath(input.image), origin);
  const sceneAlt = input.image === undefined ? defaultOgScene.alt : input.imageAlt;
  return { url, alt: sceneAlt ? `${business.name}: ${sceneAlt}` : business.name };
}
