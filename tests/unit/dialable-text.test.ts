import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { business } from '../../src/config/business.ts';
import { dialableParts } from '../../src/lib/dialable-text.ts';
import { fillTokens } from '../../src/lib/text.ts';

const nbsp = (text: string) => text.replaceAll(' ', '\u00a0');
const ours = { text: nbsp(business.phone.display), href: `tel:${business.phone.e164}` };
const linesCompany = {
  text: nbsp(business.linesCompany.phoneDisplay),
  href: `tel:${business.linesCompany.phoneE164}`,
};

describe('the phone numbers in content text', () => {
  it("are the business's and the lines company's, as the tokens write them, each a link", () => {
    const text = fillTokens(
      'Power cut? Call {linescompany} on {linesphone}. A fault? Call {phone}.',
    );
    expect(dialableParts(text, business)).toEqual([
      `Power cut? Call ${business.linesCompany.name} on `,
      { ...linesCompany, elsewhere: true },
      '. A fault? Call ',
      { ...ours, elsewhere: false },
      '.',
    ]);
  });

  it('are found typed out with plain spaces, at the very start and end, and kept as written', () => {
    const text = `${business.phone.display} or ${business.linesCompany.phoneDisplay}`;
    expect(dialableParts(text, business)).toEqual([
      { ...ours, text: business.phone.display, elsewhere: false },
      ' or ',
      { ...linesCompany, text: business.linesCompany.phoneDisplay, elsewhere: true },
    ]);
  });

  it('are not found inside a longer run of digits', () => {
    const text = `Reference 1${business.phone.display.replaceAll(' ', '')}${business.phone.display}9`;
    expect(dialableParts(text, business)).toEqual([text]);
  });

  it('leave the text whole: its runs and numbers, joined, are the text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parts = dialableParts(text, business);
        const rejoined = parts
          .map((part) => (typeof part === 'string' ? part : part.text))
          .join('');
        expect(rejoined).toBe(text);
      }),
    );
  });
});
