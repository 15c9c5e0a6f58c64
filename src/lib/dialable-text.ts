/**
 * Content text cut at the phone numbers the business facts hold (the business's own, and the lines
 * company's for power cuts and fallen lines), so that pages can make each a tel: link a phone
 * dials with one tap instead of a number to copy out during an emergency. Content writes them
 * with the {phone} and {linesphone} tokens; a number typed out, with plain or non-breaking
 * spaces, is found the same.
 */
import type { Business } from '../config/business.ts';
import { literalPattern } from './literal-pattern.ts';

export interface DialableNumber {
  /** The number as the text writes it, so the page's words and its structured data stay the same */
  text: string;
  href: string;
  /** Another business's number (the lines company): a tap on it is not a call to this one */
  elsewhere: boolean;
}

/** A display number with any of its spaces written as plain or non-breaking */
const loosely = (display: string) => literalPattern(display).replaceAll(' ', '[ \u00a0]');

/** `text` as runs of words and the phone numbers among them, in order */
export function dialableParts(
  text: string,
  facts: Pick<Business, 'phone' | 'linesCompany'>,
): Array<string | DialableNumber> {
  const numbers = [
    { display: facts.phone.display, href: `tel:${facts.phone.e164}`, elsewhere: false },
    {
      display: facts.linesCompany.phoneDisplay,
      href: `tel:${facts.linesCompany.phoneE164}`,
      elsewhere: true,
    },
  ];
  // Digits on either side would make it part of a longer number
  const pattern = new RegExp(
    `(?<!\\d)(?:${numbers.map(({ display }) => `(${loosely(display)})`).join('|')})(?!\\d)`,
    'g',
  );
  const parts: Array<string | DialableNumber> = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const number = numbers[match.slice(1).findIndex((group) => group !== undefined)]!;
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({
      text: match[0],
      href: number.href,
      elsewhere: number.elsewhere,
    });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
