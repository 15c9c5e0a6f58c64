/**
 * The kinds of page the real-visitor speed figures are kept for, told from a page's path, and
 * what the owner calls each. The server decides the kind from the path a reading was sent from,
 * so a reading can only add to a kind of page the site has.
 */
import {
  aliases,
  homePath,
  projectsPath,
  quotePath,
  servicePrefix,
  servicesPath,
} from '../config/routes.ts';

export const PAGE_KINDS = ['home', 'service', 'area', 'projects', 'quote', 'other'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

export const PAGE_KIND_LABELS: Readonly<Record<PageKind, string>> = {
  home: 'Home page',
  service: 'Service pages',
  area: 'Area pages',
  projects: 'Projects page',
  quote: 'Quote page',
  other: 'Other pages',
};

const AREA_PREFIX = '/areas/';

export function pageKindOf(path: string): PageKind {
  const canonical = aliases.find((alias) => alias.path === path)?.canonical ?? path;
  if (canonical === homePath) return 'home';
  if (canonical === projectsPath) return 'projects';
  if (canonical === quotePath) return 'quote';
  if (canonical.startsWith(servicePrefix) && canonical !== servicesPath) return 'service';
  if (canonical.startsWith(AREA_PREFIX)) return 'area';
  return 'other';
}
