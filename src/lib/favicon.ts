/**
 * The site icon as pages link it: inline, from src/assets/favicon.svg, so no page waits on an icon
 * request; and the crawlable PNG the build writes (src/integrations/site-icons.ts) for search
 * results and phones' home screens.
 */
import favicon from '../assets/favicon.svg?raw';

export const faviconHref = `data:image/svg+xml,${encodeURIComponent(favicon.trim())}`;
export const appleTouchIconPath = '/apple-touch-icon.png';
