import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';

/** How loudly a notice at the top of the inbox speaks */
const tones = {
  danger: {
    section: 'border-2 border-danger-700 bg-danger-50',
    heading: 'text-danger-800',
    icon: '',
  },
  brand: { section: 'border-2 border-brand-700 bg-brand-50', heading: 'text-brand-900', icon: '' },
  offer: {
    section: 'border border-line bg-white shadow-(--shadow-card)',
    heading: '',
    icon: 'text-brand-700',
  },
} as const;

/** A notice at the top of the inbox: a section named by its heading, an icon before the words */
export function InboxNotice({
  tone,
  icon: Glyph,
  title,
  children,
}: {
  tone: keyof typeof tones;
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  const headingId = useId();
  const classes = tones[tone];
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-(--radius-card) p-4 ${classes.section}`}
    >
      <h2 id={headingId} className={`flex items-center gap-2 text-lg ${classes.heading}`}>
        <Glyph className={`size-5 shrink-0 ${classes.icon}`} aria-hidden="true" />
        {title}
      </h2>
      {children}
    </section>
  );
}
