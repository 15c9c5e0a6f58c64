/** Whether a navigation link belongs to the page at `currentPath` (a section link covers its sub-pages) */
export function isCurrent(href: string, currentPath: string): boolean {
  if (href === '/') return currentPath === '/';
  return currentPath === href || currentPath.startsWith(`${href}/`);
}

/**
 * Attributes that make a button open or close a native popover. React does not render its
 * `popoverTarget` prop to HTML, so the attributes are passed through as plain lowercase names.
 */
export function popoverTargetAttributes(
  id: string,
  action?: 'show' | 'hide' | 'toggle',
): Record<string, string> {
  return action ? { popovertarget: id, popovertargetaction: action } : { popovertarget: id };
}
