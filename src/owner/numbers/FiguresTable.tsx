import type { ReactNode } from 'react';

/**
 * A table of figures that scrolls within its box: the box is a named region the keyboard can reach,
 * so it can be scrolled without a mouse
 */
export function FiguresTable({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={className} tabIndex={0} role="region" aria-label={label}>
      <table className="w-full text-left text-sm tabular-nums">{children}</table>
    </div>
  );
}
