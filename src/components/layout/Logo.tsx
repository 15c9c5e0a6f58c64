import { business } from '../../config/business.ts';
import { faviconMarkup } from '../../lib/favicon.ts';

/** The header's wordmark: the short name on phones, the whole name on one line from 768 px. The footer's may wrap. */
const looks = {
  header: {
    mark: 'size-9',
    name: 'text-lg tracking-tight text-brand-900 md:whitespace-nowrap xl:text-base',
    shortOnPhones: true,
  },
  footer: { mark: 'size-10', name: 'text-lg text-white', shortOnPhones: false },
} as const;

/** The wordmark: the site icon (a bolt in an amber roundel) beside the business's name */
export function Logo({ place }: { place: keyof typeof looks }) {
  const look = looks[place];
  return (
    <span className="flex items-center gap-2">
      <span
        className={`${look.mark} block shrink-0 [&>svg]:size-full`}
        aria-hidden="true"
        dangerouslySetInnerHTML={{ __html: faviconMarkup }}
      />
      <span className={`leading-tight font-extrabold ${look.name}`}>
        {look.shortOnPhones ? (
          <>
            <span className="md:hidden">{business.shortName}</span>
            <span className="hidden md:inline">{business.name}</span>
          </>
        ) : (
          business.name
        )}
      </span>
    </span>
  );
}
