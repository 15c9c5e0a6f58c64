import type { ReactNode } from 'react';
import { Phone } from 'lucide-react';
import { phoneText, telHref } from '../../config/business.ts';
import { quotePath } from '../../config/routes.ts';
import { buttonClass, type ButtonOptions } from '../../lib/button.ts';

/** The amber button to the quote form that heads and closes most pages */
export function FreeQuoteButton() {
  return (
    <a href={quotePath} className={buttonClass({ variant: 'accent' })}>
      Get a Free Quote
    </a>
  );
}

interface CallButtonProps extends ButtonOptions {
  /** Extra classes after the button's own */
  className?: string;
  /** The words after the phone icon; the number itself unless a page says otherwise */
  children?: ReactNode;
}

/** A button that rings the business, the phone icon before its words */
export function CallButton({ className, children = phoneText, ...button }: CallButtonProps) {
  return (
    <a href={telHref} className={buttonClass(button, className)}>
      <Phone className="size-5" aria-hidden="true" /> {children}
    </a>
  );
}
