import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

interface IconButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'type' | 'children' | 'aria-label'
> {
  /** What the button does: its only words, read out by a screen reader */
  label: string;
  icon: LucideIcon;
  iconClassName: string;
}

/** A button that shows only an icon, centred in the box `className` sizes */
export function IconButton({
  label,
  icon: Glyph,
  iconClassName,
  className,
  ...attributes
}: IconButtonProps) {
  return (
    <button
      type="button"
      {...attributes}
      aria-label={label}
      className={cn('inline-flex items-center justify-center', className)}
    >
      <Glyph className={iconClassName} aria-hidden="true" />
    </button>
  );
}
