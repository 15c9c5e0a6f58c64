import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/** A view's heading, which takes the focus when he moves to the view (use-view.ts) */
export function ViewHeading({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <h1 className={cn('text-h2', className)} tabIndex={-1} data-view-heading>
      {children}
    </h1>
  );
}

/** One of the app's views: its heading, a line on what it is for, then what it holds */
export function View({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-4">
      <ViewHeading>{title}</ViewHeading>
      {intro && <p className="text-muted">{intro}</p>}
      {children}
    </div>
  );
}
