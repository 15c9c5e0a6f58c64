/**
 * The site's button looks (`.btn-*` in src/styles/design.css) for the owner's app. It does not
 * import src/lib/button.ts, which the public quote forms load: a module both apps shared would be
 * split into a chunk of its own, one more request and more bytes on every page with a form.
 */
import { cn } from '../lib/cn.ts';

export type OwnerButtonVariant = 'accent' | 'brand' | 'outline' | 'danger-solid';

/** `small` fits a row of buttons beside text; every size is at least 44 px tall */
export function ownerButton(variant: OwnerButtonVariant, options: { small?: boolean; block?: boolean } = {}, extra?: string): string {
  return cn('btn', `btn-${variant}`, options.small && 'min-h-11 px-4 py-2', options.block && 'w-full', extra);
}
