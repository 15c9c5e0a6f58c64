/**
 * The site icon, from its one drawing src/assets/favicon.svg: as pages link it (inline, so no page
 * waits on an icon request), as the wordmark shows it, and the crawlable PNG the build writes
 * (src/integrations/site-icons.ts) for search results and phones' home screens.
 */
import favicon from '../assets/favicon.svg?raw';

/** The drawing itself, for the wordmark beside the business's name */
export const faviconMarkup = favicon.trim();
export const faviconHref = `data:image/svg+xml,${encodeURIComponent(faviconMarkup)}`;
export const appleTouchIconPath = '/apple-touch-icon.png';
