import { business } from '../../config/business.ts';

/** The wordmark: a bolt in an amber roundel beside the business name */
export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const [first, ...rest] = business.shortName.split(' ');
  return (
    <span className="flex items-center gap-2.5">
      <svg viewBox="0 0 40 40" className="size-9 shrink-0 md:size-10" aria-hidden="true" focusable="false">
        <circle cx="20" cy="20" r="20" fill="#f5b700" />
        <path d="M22.5 6 11 22.5h7.5L16.5 34 29 16.5h-7.8z" fill="#0f2a44" />
      </svg>
      <span className={`leading-tight ${tone === 'dark' ? 'text-brand-900' : 'text-white'}`}>
        <span className="block text-lg font-extrabold tracking-tight">{first}</span>
        <span className="block text-xs font-semibold tracking-wide uppercase opacity-80">{rest.join(' ')}</span>
      </span>
    </span>
  );
}
