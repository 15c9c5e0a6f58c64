/**
 * Every redirect, retired path and navigation link of the site. The Node server, the static
 * build's `_redirects`/nginx files and the tests all read this file; nothing else lists them.
 * Plain data with erasable TypeScript only, so Node can load it without a build step.
 */

export interface Redirect {
  /** Path, or a prefix ending in `/*` that matches everything below it */
  from: string;
  to: string;
  status: 301 | 302;
}

export const redirects: readonly Redirect[] = [
  { from: '/testimonial/*', to: '/testimonials', status: 301 },
  // The old reviews address itself, with or without its trailing slash, which `/*` does not cover
  { from: '/testimonial', to: '/testimonials', status: 301 },
  { from: '/hot-water-repairs', to: '/services/hot-water-repairs', status: 301 },
  { from: '/who-we-are', to: '/about', status: 301 },
  { from: '/understanding-professional-general-electrical-work', to: '/services', status: 301 },
  { from: '/services/residential-electrician', to: '/services/residential', status: 301 },
  { from: '/services/commercial-electrician', to: '/services/commercial', status: 301 },
  { from: '/electrician-pakuranga', to: '/areas/electrician-pakuranga', status: 301 },
  { from: '/electrician-botany', to: '/areas/electrician-botany', status: 301 },
  { from: '/electrician-east-tamaki', to: '/areas/electrician-east-tamaki', status: 301 },
  { from: '/emergency-electrician', to: '/services/emergency-electrician', status: 301 },
  {
    from: '/how-to-find-the-best-electrician-in-howick-for-your-home',
    to: '/areas/electrician-howick',
    status: 301,
  },
  {
    from: '/why-hire-a-registered-electrician-the-risks-of-diy-electrical-work',
    to: '/services',
    status: 301,
  },
  { from: '/areas/electrician-botany-downs', to: '/areas/electrician-botany', status: 301 },
];

/** Content removed for good: answered 410 with the Page Gone page. `/*` matches everything below. */
export const retiredPaths: readonly string[] = ['/gone', '/blog', '/sitemap', '/category/*'];

/** The page every retired path shows (it is itself retired) */
export const gonePagePath = '/gone';

/** Second addresses that serve a page whose canonical is the first */
export const aliases: readonly { path: string; canonical: string }[] = [
  { path: '/emergency-electrician-auckland', canonical: '/services/emergency-electrician' },
  { path: '/electrician-east-auckland', canonical: '/areas/electrician-east-auckland' },
];

/** Below this prefix an unknown path gets the 'Service not found' page instead of the plain 404 */
export const servicePrefix = '/services/';
export const serviceNotFoundPath = '/services/not-found';

export const quotePath = '/quote';
export const emergencyPath = '/services/emergency-electrician';
export const emergencyAliasPath = '/emergency-electrician-auckland';
/** The privacy statement, linked from the footer of every page */
export const privacyPath = '/privacy';
export const homePath = '/';
export const servicesPath = '/services';
export const projectsPath = '/projects';
export const testimonialsPath = '/testimonials';
export const aboutPath = '/about';

/** The Node server's endpoints: quote requests, taps on the phone and e-mail links, real visitors' page speed, the health check */
export const apiPaths = {
  leads: '/api/leads',
  events: '/api/events',
  vitals: '/api/vitals',
  health: '/api/health',
} as const;

export interface NavLink {
  label: string;
  href: string;
}

export const mainNav: readonly NavLink[] = [
  { label: 'Home', href: homePath },
  { label: 'Services', href: servicesPath },
  { label: 'Projects', href: projectsPath },
  { label: 'Testimonials', href: testimonialsPath },
  { label: 'About', href: aboutPath },
  { label: 'Contact', href: quotePath },
];

/** The East Auckland hub and the nine suburb pages, in the order the site lists them */
export const areaPages: readonly NavLink[] = [
  { label: 'East Auckland', href: '/areas/electrician-east-auckland' },
  { label: 'Botany', href: '/areas/electrician-botany' },
  { label: 'Howick', href: '/areas/electrician-howick' },
  { label: 'Pakuranga', href: '/areas/electrician-pakuranga' },
  { label: 'East Tāmaki', href: '/areas/electrician-east-tamaki' },
  { label: 'Ōtāhuhu', href: '/areas/electrician-otahuhu' },
  { label: 'Bucklands Beach & Half Moon Bay', href: '/areas/electrician-bucklands-beach' },
  { label: 'Dannemora & Highland Park', href: '/areas/electrician-dannemora' },
  { label: 'Whitford & Beachlands', href: '/areas/electrician-whitford' },
  { label: 'Eastern Bays', href: '/areas/electrician-eastern-bays' },
];

/** Links offered on the 404 and 410 pages */
export const popularLinks: readonly NavLink[] = [
  { label: 'All services', href: servicesPath },
  { label: 'Emergency electrician', href: emergencyPath },
  { label: 'Residential electrical', href: servicePath('residential') },
  { label: 'Our projects', href: projectsPath },
  { label: 'Electricians in East Auckland', href: '/areas/electrician-east-auckland' },
  { label: 'Request a quote', href: quotePath },
];

/** Whether `path` falls under a rule's path, where a rule ending in `/*` covers what is below it */
export function matchesRule(rule: string, path: string): boolean {
  if (rule.endsWith('/*')) {
    const prefix = rule.slice(0, -1);
    return path.startsWith(prefix) && path.length > prefix.length;
  }
  return path === rule;
}

export function findRedirect(path: string): Redirect | undefined {
  return redirects.find((redirect) => matchesRule(redirect.from, path));
}

export function isRetired(path: string): boolean {
  return retiredPaths.some((rule) => matchesRule(rule, path));
}

/** Service detail pages by group, as SPEC.md lists them; the content must match exactly */
export const serviceSlugs = {
  residential: [
    'switchboard-upgrades',
    'hot-water-repairs',
    'led-lighting-installation',
    'power-points-lighting',
    'ceiling-fans',
    'sensor-lights',
    'heated-towel-rails',
    'tv-mounting',
    'security-cameras',
    'kitchen-bathroom-wiring',
    'outdoor-lighting',
    'pool-spa-wiring',
    'general-repairs',
  ],
  commercial: [
    'commercial-lighting',
    'shop-fitouts',
    'commercial-maintenance',
    'three-phase',
    'commercial-switchboard',
    'industrial-electrical',
  ],
  other: ['electrical-maintenance', 'security-lights-installation', 'electric-car-charging'],
} as const;

/** The group pages under /services, and the entry of the services collection behind each */
export const serviceGroups = ['residential', 'commercial', 'handyman'] as const;
export const featuredServiceSlug = 'switchboard-upgrades';
/** The three cards on the home page, in order: entries of the services collection */
export const homeServiceCards = ['residential', 'commercial', 'emergency-electrician'] as const;

/** Every entry of the services collection has its page at /services/{file name} */
export function servicePath(slug: string): string {
  return `/services/${slug}`;
}
