/**
 * The page of the site where a published change shows: a project on the projects page, a review
 * on the reviews page, a service or an area on its own page, the business facts on the home page
 * (its footer and header carry them). The owner's page links to it after a publish.
 */
import {
  aboutPath,
  homePath,
  projectsPath,
  quotePath,
  servicePath,
  testimonialsPath,
} from '../../config/routes.ts';
import { PHOTOS_DIRECTORY } from '../../lib/content-schemas.ts';
import { BUSINESS_FILE, CONTENT_DIR } from './content-paths.ts';

/** The single pages of src/content/pages by their file name */
const SINGLE_PAGES: Readonly<Record<string, string>> = {
  home: homePath,
  about: aboutPath,
  quote: quotePath,
};

/** The file's name without its folder and extension */
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');

/** The path of the page that shows the content file at `path` (relative to the checkout) */
export function pageOf(path: string): string {
  if (path === BUSINESS_FILE) return homePath;
  if (path.startsWith(`${PHOTOS_DIRECTORY}/`)) return projectsPath;
  if (!path.startsWith(`${CONTENT_DIR}/`)) return homePath;
  const [collection] = path.slice(CONTENT_DIR.length + 1).split('/');
  const name = baseName(path);
  switch (collection) {
    case 'projects':
      return projectsPath;
    case 'testimonials':
      return testimonialsPath;
    case 'services':
    case 'service-pages':
      return servicePath(name);
    case 'areas':
      return `/areas/${name}`;
    case 'pages':
      return SINGLE_PAGES[name] ?? homePath;
    default:
      return homePath;
  }
}

/** The pages that show `paths`, each once, in the order of the files; none removed from the site */
export function changedPages(files: ReadonlyArray<{ kind: string; path: string }>): string[] {
  const pages = files
    .filter((file) => file.kind !== 'removed' || !/\/(?:services|areas)\//.test(file.path))
    .map((file) => pageOf(file.path));
  return [...new Set(pages)];
}
