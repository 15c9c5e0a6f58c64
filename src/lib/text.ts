import { business, yearsClaim } from '../config/business.ts';

const tokens: Record<string, string> = {
  business: business.name,
  owner: business.owner,
  years: yearsClaim,
  phone: business.phone.display,
};

/**
 * Content files write `{owner}`, `{years}`, `{business}` and `{phone}` instead of the facts
 * themselves, so the facts stay in src/config/business.ts. Unknown tokens are a content error.
 */
export function fillTokens(text: string): string {
  return text.replace(/\{([a-z]+)\}/g, (match, name: string) => {
    const value = tokens[name];
    if (value === undefined) throw new Error(`Unknown token ${match} in content: "${text.slice(0, 60)}…"`);
    return value;
  });
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
