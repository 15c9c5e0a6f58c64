import { business } from '../../config/business.ts';
import { dialableParts } from '../../lib/dialable-text.ts';

/** Content text with the phone numbers of the business facts as tel: links */
export function DialableText({ text }: { text: string }) {
  return (
    <>
      {dialableParts(text, business).map((part, index) =>
        typeof part === 'string' ? (
          part
        ) : (
          <a key={index} href={part.href} data-elsewhere={part.elsewhere ? '' : undefined}>
            {part.text}
          </a>
        ),
      )}
    </>
  );
}
