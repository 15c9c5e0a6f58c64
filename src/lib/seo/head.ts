/**
 * The head of every page as plain data: the layout renders these entries and nothing else,
 * so what a crawler sees is decided (and tested) here.
 */
import { business } from '../../config/business.ts';

export interface HeadInput {
  /** Full <title>; kept under 60 characters by the content schemas */
  title: string;
  description: string;
  /** Path of this page, e.g. /services/ceiling-fans */
  path: string;
  /** Where the canonical link points when this page is served at a second address */
  canonicalPath?: string;
  /** Absolute or root-relative URL of the sharing image */
  image?: string;
  /** Error pages and the thank-you page stay out of search results */
  noindex?: boolean;
  /** For the static build: the status a prerendering host should answer with */
  statusCode?: number;
  type?: 'website' | 'article';
}

export type HeadEntry =
  { tag: 'title'; text: string } | { tag: 'meta'; attrs: Record<string, string> } | { tag: 'link'; attrs: Record<string, string> };

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
    entries.push({ tag: 'meta', attrs: { name: 'prerender-status-code', content: String(input.statusCode) } });
  }
  if (input.noindex) {
    entries.push({ tag: 'meta', attrs: { name: 'robots', content: 'noindex' } });
  } else {
    entries.push({ tag: 'link', attrs: { rel: 'canonical', href: canonical } });
  }
  const og: Record<string, string> = {
    'og:type': input.type ?? 'website',
    'og:site_name': business.name,
    'og:locale': 'en_NZ',
    'og:title': input.title,
    'og:description': input.description,
    'og:url': canonical,
  };
  if (input.image) og['og:image'] = absoluteUrl(input.image, origin);
  for (const [property, content] of Object.entries(og)) entries.push({ tag: 'meta', attrs: { property, content } });
  const twitter: Record<string, string> = {
    'twitter:card': input.image ? 'summary_large_image' : 'summary',
    'twitter:title': input.title,
    'twitter:description': input.description,
  };
  if (input.image) twitter['twitter:image'] = absoluteUrl(input.image, origin);
  for (const [name, content] of Object.entries(twitter)) entries.push({ tag: 'meta', attrs: { name, content } });
  return entries;
}
