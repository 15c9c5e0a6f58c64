/**
 * The placeholder identity the site ships with (DESIGN.md) until the owner supplies the real one.
 * `npm run check:launch` fails while business.ts still holds any of these.
 */
export const placeholderIdentity = {
  name: 'Harbour East Electrical & Handyman',
  owner: 'Dave',
  phone: '+6490000000',
  email: 'hello@example.com',
  origin: 'https://www.example.com',
  registration: 'E 000000',
  /** Reviews on the review site (business.reviewSite.reviewCount) */
  reviewCount: 68,
} as const;
