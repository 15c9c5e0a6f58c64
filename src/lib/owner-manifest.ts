/**
 * The web app manifest of the owner's page (/owner.webmanifest), so his phone installs it on the
 * home screen and opens it straight to the inbox, named and coloured as the business
 */
import { ownerPaths } from './owner-api.ts';

/** The brand's navy, as the site's theme colour */
export const themeColour = '#0f2a44';
/** The page's background behind the app while it opens */
const backgroundColour = '#f1f6fb';

/** The square PNG icons the build draws from the site icon (src/integrations/site-icons.ts) */
export const appIconSizes = [192, 512] as const;
export const appIconPath = (size: number) => `/icon-${size}.png`;

/**
 * The owner's page's service worker (it shows his push notifications): served from the site's
 * root, so it may take /owner as its scope, and always checked for a newer copy (no-cache)
 */
export const ownerServiceWorkerPath = '/owner-sw.js';

export interface OwnerManifestFacts {
  name: string;
  shortName: string;
}

export function ownerManifest({ name, shortName }: OwnerManifestFacts) {
  return {
    name: `${name}: owner`,
    short_name: shortName,
    description: `Quote requests and numbers of ${name}`,
    id: ownerPaths.page,
    start_url: ownerPaths.page,
    scope: ownerPaths.page,
    display: 'standalone',
    lang: 'en-NZ',
    theme_color: themeColour,
    background_color: backgroundColour,
    icons: appIconSizes.map((size) => ({
      src: appIconPath(size),
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose: 'any',
    })),
  };
}
