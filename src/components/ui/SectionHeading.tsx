import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

interface Props {
  eyebrow?: string;
  title: string;
  id?: string;
  children?: ReactNode;
  align?: 'left' | 'center';
}

/** The eyebrow, h2 and lead paragraph that open a section */
export function SectionHeading({ eyebrow, title, id, children, align = 'center' }: Props) {
  return (
    <div className={cn('mb-10 max-w-3xl', align === 'center' && 'mx-auto text-center')}>
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h2 id={id} className="mt-2 text-h2">
        {title}
      </h2>
      {children && <div className="lead mt-4">{children}</div>}
    </div>
  );
}
