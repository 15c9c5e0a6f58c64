import { phoneText } from '../../config/business.ts';
import { quotePath } from '../../config/routes.ts';
import { buttonClass } from '../../lib/button.ts';
import { CallButton, FreeQuoteButton } from '../ui/ContactButtons.tsx';

interface Props {
  title?: string;
  text?: string;
  headingId?: string;
  /** For an emergency: on red, the phone number is the solid button and the quote the outline one */
  urgent?: boolean;
}

/** The closing call to action: quote or phone */
export function CallToAction({
  title = 'Ready to get started?',
  text = 'Tell us about the job and we will come back to you with a free, no-obligation quote.',
  headingId = 'cta-heading',
  urgent = false,
}: Props) {
  return (
    <section
      aria-labelledby={headingId}
      data-shared=""
      className={`${urgent ? 'bg-danger-800' : 'bg-brand-900'} text-white`}
    >
      <div className="container-page flex flex-col items-start gap-6 py-14 md:flex-row md:items-center md:justify-between">
        <div className="max-w-2xl">
          <h2 id={headingId} className="text-h2 text-white">
            {title}
          </h2>
          <p className="mt-3 text-lg text-white/85">{text}</p>
        </div>
        {urgent ? (
          <div className="flex flex-wrap gap-3">
            <CallButton variant="danger" size="lg">
              Call {phoneText}
            </CallButton>
            <a href={quotePath} className={buttonClass({ variant: 'ghost-light' })}>
              Get a Free Quote
            </a>
          </div>
        ) : (
          <div className="flex flex-wrap gap-3">
            <FreeQuoteButton />
            <CallButton variant="ghost-light" />
          </div>
        )}
      </div>
    </section>
  );
}
