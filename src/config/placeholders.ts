/**
 * The placeholder identity the site ships with (DESIGN.md) until the owner supplies the real one.
 * business.json holds plain values, rewritten by the owner's editor, so a placeholder is known by
 * its value here: `npm run check:launch` fails while business.json still holds any of these.
 */
export const placeholderIdentity = {
  name: 'Harbour East Electrical & Handyman',
  shortName: 'Harbour East Electrical',
  owner: 'Dave',
  phone: '+6490000000',
  email: 'hello@example.com',
  origin: 'https://www.example.com',
  registration: 'E 000000',
  /** Reviews on the review site (business.reviewSite.reviewCount) */
  reviewCount: 68,
  /** SPEC.md's review counts of the suburbs (business.reviewShares): samples, together far more than 68 */
  reviewShares: {
    Botany: 47,
    Howick: 52,
    Pakuranga: 49,
    'East Tāmaki': 38,
    Ōtāhuhu: 34,
    'Bucklands Beach & Half Moon Bay': 41,
    'Dannemora & Highland Park': 36,
    'Whitford & Beachlands': 29,
    'Eastern Bays': 55,
  } as Readonly<Record<string, number>>,
} as const;
