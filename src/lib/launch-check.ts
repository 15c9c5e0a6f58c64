/**
 * What must be replaced before launch: the placeholder identity DESIGN.md names, and content
 * marked `sample: true`. Pure, so it is unit tested; `npm run check:launch` runs it.
 */
import type { Business } from '../config/business.ts';
import { placeholderIdentity } from '../config/placeholders.ts';
import { hasGeoPrecision } from './seo/json-ld.ts';

/** Links that point at a site's front page rather than the business's own page there */
const genericLink = /^https:\/\/(?:www\.)?(?:facebook\.com|instagram\.com|google\.com\/maps)\/?$/;

export function placeholderProblems(facts: Business, siteUrl: string): string[] {
  const problems: string[] = [];
  const same = (value: string, placeholder: string) => value.trim().toLowerCase() === placeholder.toLowerCase();
  if (same(facts.name, placeholderIdentity.name)) problems.push(`business name is the placeholder "${facts.name}"`);
  if (same(facts.owner, placeholderIdentity.owner)) problems.push(`owner is the placeholder "${facts.owner}"`);
  if (facts.phone.e164 === placeholderIdentity.phone) problems.push(`phone is the placeholder ${facts.phone.display}`);
  if (same(facts.email, placeholderIdentity.email) || /@example\.(?:com|org|net)$/i.test(facts.email))
    problems.push(`e-mail is the placeholder ${facts.email}`);
  if (same(facts.registration.number, placeholderIdentity.registration))
    problems.push(`EWRB registration number is the placeholder ${facts.registration.number}`);
  if (new URL(siteUrl).hostname.endsWith('example.com'))
    problems.push(`site origin is the placeholder ${siteUrl} (set SITE_URL or business.defaultOrigin)`);
  for (const link of facts.social)
    if (genericLink.test(link.url)) problems.push(`${link.name} link is not the business's own page: ${link.url}`);
  if (genericLink.test(facts.reviewSite.url)) problems.push(`review site link is not the business's own listing: ${facts.reviewSite.url}`);
  if (facts.reviewSite.reviewCount === placeholderIdentity.reviewCount)
    problems.push(`review count is the placeholder ${facts.reviewSite.reviewCount} (how many ${facts.reviewSite.name} the listing holds)`);
  // Search engines place a business by its coordinates only when they are precise
  if (!hasGeoPrecision(facts.geo))
    problems.push(`business location ${facts.geo.latitude}, ${facts.geo.longitude} is approximate (give it to 5 decimal places)`);
  return problems;
}

export function sampleProblems(samples: readonly { collection: string; id: string }[]): string[] {
  return samples.map((sample) => `${sample.collection}/${sample.id} is sample content`);
}
