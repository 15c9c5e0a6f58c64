import { cn } from './cn.ts';

/**
 * The site's button looks, as styled by `.btn-*` in src/styles/design.css: `danger` is the white
 * button on a red banner, `danger-solid` the red button that leads on the emergency pages
 */
export type ButtonVariant =
  'accent' | 'brand' | 'outline' | 'ghost-light' | 'danger' | 'danger-solid';
/** `sm` fits a row of small links, `lg` is the one call to action a page is about */
export type ButtonSize = 'sm' | 'md' | 'lg';

const sizeClasses: Record<ButtonSize, string> = {
  sm: 'min-h-11 px-4 py-2',
  md: '',
  lg: 'text-xl',
};

export interface ButtonOptions {
  variant: ButtonVariant;
  size?: ButtonSize;
  /** Fill the width of the container */
  block?: boolean;
}

/** Class names for a link or button that looks like a button; usable from .astro and .tsx alike */
export function buttonClass(
  { variant, size = 'md', block = false }: ButtonOptions,
  extra?: string,
): string {
  return cn('btn', `btn-${variant}`, sizeClasses[size], block && 'w-full', extra);
}
