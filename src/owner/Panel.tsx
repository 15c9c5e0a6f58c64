import { useId, type ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/** A white card with its own heading, as a section named by that heading */
export function Panel({
  title,
  children,
  className,
  action,
}: {
  title: string;
  children: ReactNode;
  className?: string;
  action?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'rounded-(--radius-card) border border-line bg-white p-4 shadow-(--shadow-card) md:p-6',
        className,
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-h3">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}
