import { business, phoneText, yearsClaim } from '../config/business.ts';

const tokens: Record<string, string> = {
  business: business.name,
  owner: business.owner,
  years: yearsClaim,
  phone: phoneText,
  satisfaction: `${business.claims.satisfactionPercent}%`,
  rating: `${business.claims.rating.value} out of ${business.claims.rating.best}`,
  responseaim: business.claims.emergencyResponseAim,
  turnaround: business.claims.quoteTurnaround,
  validity: `${business.claims.quoteValidDays} days`,
  linescompany: business.linesCompany.name,
  // Kept on one line, as the business's own number is (phoneText)
  linesphone: business.linesCompany.phoneDisplay.replaceAll(' ', '\u00a0'),
};

/**
 * Content files write tokens such as `{owner}`, `{years}`, `{phone}` or `{responseaim}` instead of
 * the facts themselves, so the facts stay in src/content/business.json. An unknown token is an error;
 * the tokens named in `later` are left for the entry's own facts to fill (an area's `{region}`).
 */
export function fillTokens(text: string, later: readonly string[] = []): string {
  return text.replace(/\{([a-z]+)\}/g, (match, name: string) => {
    if (later.includes(name)) return match;
    const value = tokens[name];
    if (value === undefined)
      throw new Error(`Unknown token ${match} in content: "${text.slice(0, 60)}…"`);
    return value;
  });
}
