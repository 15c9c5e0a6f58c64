import { business } from '../../config/business.ts';

/** The header's wordmark: the short name on phones, the whole name on one line from 768 px. The footer's may wrap. */
const looks = {
  header: { mark: 'size-9', name: 'text-lg tracking-tight text-brand-900 md:whitespace-nowrap xl:text-base', shortOnPhones: true },
  footer: { mark: 'size-10', name: 'text-lg text-white', shortOnPhones: false },
} as const;

/** The wordmark: a bolt in an amber roundel beside the business's name */
export function Logo({ place }: { place: keyof typeof looks }) {
  const look = looks[place];
  return (
    <span className="flex items-center gap-2">
      <svg viewBox="0 0 40 40" className={`${look.mark} shrink-0`} aria-hidden="true" focusable="false">
        <circle cx="20" cy="20" r="20" fill="#f5b700" />
        <path d="M22.5 6 11 22.5h7.5L16.5 34 29 16.5h-7.8z" fill="#0f2a44" />
      </svg>
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
