/**
 * What must be replaced before launch: the placeholder identity DESIGN.md names, and content
 * marked `sample: true`. Pure, so it is unit tested; `npm run check:launch` runs it.
 */
import type { Business } from '../config/business.ts';
import { placeholderIdentity } from '../config/placeholders.ts';
import { fitsPhoneHeader, headerLines, phoneHeaderFit } from './header-fit.ts';
import { hasGeoPrecision } from './seo/json-ld.ts';

/** Links that point at a site's front page rather than the business's own page there */
const genericLink = /^https:\/\/(?:www\.)?(?:facebook\.com|instagram\.com|google\.com\/maps)\/?$/;

export function placeholderProblems(facts: Business, siteUrl: string): string[] {
  const problems: string[] = [];
  const same = (value: string, placeholder: string) =>
    value.trim().toLowerCase() === placeholder.toLowerCase();
  if (same(facts.name, placeholderIdentity.name))
    problems.push(`business name is the placeholder "${facts.name}"`);
  if (same(facts.shortName, placeholderIdentity.shortName))
    problems.push(`short name is the placeholder "${facts.shortName}"`);
  if (same(facts.owner, placeholderIdentity.owner))
    problems.push(`owner is the placeholder "${facts.owner}"`);
  if (facts.phone.e164 === placeholderIdentity.phone)
    problems.push(`phone is the placeholder ${facts.phone.display}`);
  if (
    same(facts.email, placeholderIdentity.email) ||
    /@example\.(?:com|org|net)$/i.test(facts.email)
  )
    problems.push(`e-mail is the placeholder ${facts.email}`);
  if (same(facts.registration.number, placeholderIdentity.registration))
    problems.push(`EWRB registration number is the placeholder ${facts.registration.number}`);
  if (new URL(siteUrl).hostname.endsWith('example.com'))
    problems.push(
      `site origin is the placeholder ${siteUrl} (set SITE_URL or business.defaultOrigin)`,
    );
  for (const link of facts.social)
    if (genericLink.test(link.url))
      problems.push(`${link.name} link is not the business's own page: ${link.url}`);
  if (genericLink.test(facts.reviewSite.url))
    problems.push(`review site link is not the business's own listing: ${facts.reviewSite.url}`);
  if (facts.reviewSite.reviewCount === placeholderIdentity.reviewCount)
    problems.push(
      `review count is the placeholder ${facts.reviewSite.reviewCount} (how many ${facts.reviewSite.name} the listing holds)`,
    );
  problems.push(...reviewShareProblems(facts));
  // Search engines place a business by its coordinates only when they are precise
  if (!hasGeoPrecision(facts.geo))
    problems.push(
      `business location ${facts.geo.latitude}, ${facts.geo.longitude} is approximate (give it to 5 decimal places)`,
    );
  return problems;
}

/**
 * The suburbs' shares of the reviews: named while any is still SPEC.md's sample figure, and while
 * one share, or all of them together, claim more reviews than the listing holds
 */
function reviewShareProblems({
  reviewSite,
  reviewShares,
}: Pick<Business, 'reviewSite' | 'reviewShares'>): string[] {
  const problems: string[] = [];
  const samples = reviewShares.filter(
    (share) => placeholderIdentity.reviewShares[share.name] === share.reviews,
  );
  if (samples.length > 0)
    problems.push(
      `review shares are SPEC.md's sample figures: ${samples.map((share) => `${share.name} ${share.reviews}`).join(', ')} (how many of the ${reviewSite.name} are by each suburb's customers)`,
    );
  for (const share of reviewShares)
    if (share.reviews > reviewSite.reviewCount)
      problems.push(
        `review share of ${share.name}, ${share.reviews}, is more than the ${reviewSite.reviewCount} ${reviewSite.name} in all`,
      );
  const together = reviewShares.reduce((sum, share) => sum + share.reviews, 0);
  if (together > reviewSite.reviewCount)
    problems.push(
      `review shares of the suburbs add up to ${together}, more than the ${reviewSite.reviewCount} ${reviewSite.name} in all`,
    );
  return problems;
}

export function sampleProblems(samples: readonly { collection: string; id: string }[]): string[] {
  return samples.map((sample) => `${sample.collection}/${sample.id} is sample content`);
}

/** What will not stop a launch but will look wrong: a short name too long for a phone's header */
export function launchWarnings(facts: Pick<Business, 'shortName'>): string[] {
  if (fitsPhoneHeader(facts.shortName)) return [];
  const lines = headerLines(facts.shortName);
  return [
    `short name "${facts.shortName}" will not fit a phone's header on two lines (${lines.length} lines at ${phoneHeaderFit.viewport} px: ${lines.map((line) => `"${line}"`).join(', ')}); shorten it, or break a long word`,
  ];
}
