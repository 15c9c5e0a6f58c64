/**
 * The status table of DESIGN.md that every way of serving the site must answer alike: the Node
 * server (tests/e2e/statuses.spec.ts) and nginx serving the static build (tests/build/nginx.test.ts).
 */

/** SPEC.md's redirect list, written out so the config cannot drift from the spec unnoticed */
export const specRedirects: [from: string, location: string][] = [
  ['/testimonial/jane-from-howick', '/testimonials'],
  ['/testimonial', '/testimonials'],
  ['/hot-water-repairs', '/services/hot-water-repairs'],
  ['/who-we-are', '/about'],
  ['/understanding-professional-general-electrical-work', '/services'],
  ['/services/residential-electrician', '/services/residential'],
  ['/services/commercial-electrician', '/services/commercial'],
  ['/electrician-pakuranga', '/areas/electrician-pakuranga'],
  ['/electrician-botany', '/areas/electrician-botany'],
  ['/electrician-east-tamaki', '/areas/electrician-east-tamaki'],
  ['/emergency-electrician', '/services/emergency-electrician'],
  ['/how-to-find-the-best-electrician-in-howick-for-your-home', '/areas/electrician-howick'],
  ['/why-hire-a-registered-electrician-the-risks-of-diy-electrical-work', '/services'],
  ['/areas/electrician-botany-downs', '/areas/electrician-botany'],
];

/** Retired addresses: 410 with the Page Gone page */
export const gonePaths = [
  '/gone',
  '/blog',
  '/sitemap',
  '/category/anything',
  '/category/news/old-post',
];

/** Unknown addresses: 404 with the Not Found page */
export const notFoundPaths = ['/no-such-page', '/areas/electrician-nowhere', '/projects/x/y'];

/** An unknown service slug: 404 with the 'Service not found' page */
export const unknownServicePath = '/services/underwater-welding';

/** Paths that try to leave the site: 400 or 404, never a file outside it */
export const hostilePaths = [
  '/..%2f..%2fetc/passwd',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/a%00b',
  '/%E0%A4%A',
  '/%C0%AE%C0%AE/etc/passwd',
];
